"""Passwords masked in what the post room keeps: a message as it came, an inbox file a
later message replaced, a mail once it is sent (a welcome holds a password).

The mark and the lines it is put in are the turn archive's (`redact`, `********`): the
password of every line that is, or looks like, an order file's header, in every line of
every text part (forwards too) and of the raw message; and a line that holds nothing but a
password found so (a welcome mail's "Your password is" line)."""

from __future__ import annotations

import base64
import email
import email.message
import email.policy
import quopri
import re

from galbatch.engine.language.orderfile import REDACTED, password_spans

LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n|$)")


def masked_text(text: str, secrets: set[str] | None = None, own: bool = False) -> str:
    """`text` with every password in it masked; the passwords found are added to `secrets`.

    `own`: the text is galbatch's own mail, whose header lines are well formed and whose
    prose may say "the password was right": only a password of one word (as every
    password is) is masked, never the rest of a sentence."""
    found = set() if secrets is None else secrets
    spans = password_spans(text, text.count("\n") + text.count("\r") + 1)
    if own:
        spans = [(a, b) for a, b in spans if not any(ch.isspace() for ch in text[a:b])]
    out: list[str] = []
    done = 0
    for start, end in spans:
        if end > start:
            found.add(text[start:end])
        out += [text[done:start], REDACTED]
        done = end
    out.append(text[done:])
    masked = "".join(out)
    if not found:
        return masked
    return "".join(_alone(line, found) for line in LINE.findall(masked))


def _alone(line: str, secrets: set[str]) -> str:
    """A line that holds nothing but a password found elsewhere, masked."""
    body = line.rstrip("\r\n")
    if body.strip() not in secrets:
        return line
    lead = body[: len(body) - len(body.lstrip())]
    return lead + REDACTED + line[len(body) :]


def masked_message(data: bytes, own: bool = False) -> bytes:
    """A mail's bytes with every password in it masked; the same bytes if it holds none.

    `own`: a mail galbatch wrote (see `masked_text`)."""
    secrets: set[str] = set()
    try:
        msg = email.message_from_bytes(data, policy=email.policy.compat32)
        if _mask_parts(msg, secrets, own):
            data = msg.as_bytes(policy=email.policy.compat32)
    except Exception:  # a message is outside input: the raw pass below still masks
        pass
    raw = data.decode("latin-1")  # one character a byte: the offsets are the bytes'
    masked = masked_text(raw, secrets, own)
    return data if masked == raw else masked.encode("latin-1")


def _mask_parts(msg: email.message.Message, secrets: set[str], own: bool) -> bool:
    """Mask the text parts of `msg` (attached messages too) in place; whether any changed."""
    changed = False
    for part in msg.walk():
        if part.is_multipart() or part.get_content_maintype() not in ("text", "application"):
            continue
        payload = part.get_payload(decode=True)
        if not isinstance(payload, bytes):
            continue
        codec = _codec(part, payload)
        text = payload.decode(codec)
        masked = masked_text(text, secrets, own)
        if masked != text:
            _set_payload(part, masked.encode(codec, "replace"))
            changed = True
    return changed


def _codec(part: email.message.Message, payload: bytes) -> str:
    """How to read a part's bytes as text and write them back: its charset, if that reads
    them, else UTF-8, else Latin-1 (which reads any bytes)."""
    for codec in (part.get_content_charset() or "", "utf-8"):
        try:
            payload.decode(codec)
        except (LookupError, UnicodeDecodeError, ValueError):
            continue
        return codec
    return "latin-1"


def _set_payload(part: email.message.Message, data: bytes) -> None:
    """Give a part new bytes in the transfer encoding it came in."""
    cte = str(part.get("Content-Transfer-Encoding", "")).strip().lower()
    if cte == "base64":
        part.set_payload(base64.encodebytes(data).decode("ascii"))
    elif cte == "quoted-printable":
        part.set_payload(quopri.encodestring(data).decode("ascii"))
    else:
        part.set_payload(data.decode("ascii", "surrogateescape"))
