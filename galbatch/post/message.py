"""One e-mail as the post room reads it: who sent it, when, and the order file in it.

A player sends an order file as a person would: the body of a plain-text mail, a
text/plain part of a multipart one, an attached `.txt` file, in quoted-printable
or base64, in any charset, with greetings, quoted replies and a signature around
it. `read_letter` finds it and never raises, whatever the bytes are.
"""

from __future__ import annotations

import datetime as dt
import email
import email.header
import email.message
import email.policy
import email.utils
import hashlib
import re
from dataclasses import dataclass, field

from galbatch.engine.language.orderfile import HEADER, HEADER_START, detect, split_lines

MAX_MESSAGE_BYTES = 1024 * 1024  # an order file is a few KB; a message past this is refused
MAX_PARTS = 64  # MIME parts looked at in one message; a mail bomb stops here
MAX_SUBJECT = 120
PLACEHOLDER = "________"  # the password a printout prefills in its header line
ADDRESS = re.compile(r"[^@\s<>()\[\],;:\"\\]{1,64}@[A-Za-z0-9.-]{1,190}\.[A-Za-z0-9-]{2,63}")
MESSAGE_ID = re.compile(r"<[!-;=?-~]{1,250}>")  # printable ASCII without '<' or '>'
QUOTE_START = re.compile(
    r"^(?:>|-{3,}\s*(?:Original Message|Forwarded message)\b|On .{0,200} wrote:\s*$)",
    re.IGNORECASE,
)
SIGNATURE = re.compile(r"^-- ?$")
ANM = re.compile(r"^\s*#ANM\b", re.IGNORECASE)
CODE = re.compile(r"\bCONFIRM-[0-9A-F]{16}\b")  # a sign-up's confirmation code (post.confirm)
LIST_HEADERS = ("List-Id", "List-Post", "List-Unsubscribe")
FORWARD_NOT_READ = "a forwarded message (message/rfc822) is not read for orders"
NO_REPLY_SENDERS = re.compile(r"^(?:mailer-daemon|postmaster|no-?reply)@", re.IGNORECASE)


@dataclass(frozen=True)
class Letter:
    """What the post room needs of one message; `problems` says what could not be read."""

    key: str  # SHA-256 of the message's bytes: its identity in every record
    size: int
    sender: str = ""  # the From address, lower case; "" if none is usable
    reply_to: str = ""  # where an answer goes: Reply-To, else From; "" if nowhere
    subject: str = ""
    date: dt.datetime | None = None  # the Date header, in UTC
    local_day: str = ""  # the Date header's calendar day as written (the sender's), ISO
    message_id: str = ""
    automatic: str = ""  # why it must never be answered (auto-reply, bounce, list); "" if not
    order_text: str | None = None  # the order file found, from its header line on
    html_only: bool = False
    signup_lines: tuple[str, ...] = ()  # unquoted `#ANM` lines of the body
    codes: tuple[str, ...] = ()  # sign-up confirmation codes in the subject or any text
    too_large: bool = False
    problems: tuple[str, ...] = field(default=())

    @property
    def wants_help(self) -> bool:
        return self.subject.strip().upper() == "HELP"

    @property
    def answerable(self) -> bool:
        return not self.automatic and bool(self.reply_to)

    @property
    def identities(self) -> tuple[str, ...]:
        """What the ledger of handled messages knows the letter by: the SHA-256 of its
        bytes and, if it has a Message-ID, that of its Message-ID and From address, so that
        a copy delivered again with another Received: line is the same message."""
        if not self.message_id:
            return (self.key,)
        return (self.key, message_key(f"message-id\0{self.sender}\0{self.message_id}".encode()))


def message_key(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_letter(data: bytes, limit: int = MAX_MESSAGE_BYTES) -> Letter:
    """The letter in `data` (at most `limit` bytes are looked at in full); never raises."""
    key = message_key(data)
    too_large = len(data) > limit
    try:
        if too_large:  # only the headers of an oversized message are read
            cut = data[:65536]
            msg = email.message_from_bytes(cut, policy=email.policy.compat32)
            msg.set_payload("")
        else:
            msg = email.message_from_bytes(data, policy=email.policy.compat32)
        return _letter(key, len(data), msg, too_large)
    except Exception as e:  # a message is outside input: any failure is a finding
        return Letter(key, len(data), too_large=too_large, problems=(f"unreadable: {e!r:.80}",))


def _letter(key: str, size: int, msg: email.message.Message, too_large: bool) -> Letter:
    problems: list[str] = []
    sender = _address(_header(msg, "From"))
    reply_to = _address(_header(msg, "Reply-To")) or sender
    if not sender:
        problems.append("no usable From address")
    texts, html = ([], False) if too_large else _texts(msg, problems)
    order_text = None
    signups: list[str] = []
    for text, inline in texts:
        lines = split_lines(text)
        if order_text is None:
            order_text = find_order_file(lines)
        if inline:
            signups += [line.strip() for line in lines if ANM.match(line)]
    date, local_day = _date(_header(msg, "Date"))
    subject = _subject(_header(msg, "Subject"))
    codes = CODE.findall(subject) + [c for text, _ in texts for c in CODE.findall(text)]
    return Letter(
        key=key,
        size=size,
        sender=sender,
        reply_to=reply_to,
        subject=subject,
        date=date,
        local_day=local_day,
        message_id=_message_id(_header(msg, "Message-ID")),
        automatic=automatic_reason(msg, sender),
        order_text=order_text,
        html_only=html and not texts,
        signup_lines=tuple(signups[:20]),
        codes=tuple(dict.fromkeys(codes))[:5],
        too_large=too_large,
        problems=tuple(problems),
    )


def _header(msg: email.message.Message, name: str) -> str:
    try:
        value = msg.get(name)
    except Exception:
        return ""
    return "" if value is None else str(value)


def _address(raw: str) -> str:
    """The one address of a From or Reply-To header, lower case; "" if none is usable."""
    try:
        _, addr = email.utils.parseaddr(raw.replace("\r", " ").replace("\n", " "))
    except Exception:
        return ""
    addr = addr.strip().lower()
    return addr if ADDRESS.fullmatch(addr) and len(addr) <= 254 else ""


def _subject(raw: str) -> str:
    try:
        text = str(email.header.make_header(email.header.decode_header(raw)))
    except Exception:
        text = raw
    text = " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())
    return text[:MAX_SUBJECT]


def _date(raw: str) -> tuple[dt.datetime | None, str]:
    """The Date header in UTC, and its calendar day as the sender wrote it; (None, "") if
    it has none that can be read."""
    if not raw.strip():
        return None, ""
    try:
        when = email.utils.parsedate_to_datetime(raw)
    except Exception:
        return None, ""
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    try:
        return when.astimezone(dt.UTC), when.date().isoformat()
    except (OverflowError, ValueError):
        return None, ""


def _message_id(raw: str) -> str:
    found = MESSAGE_ID.search(raw)
    return found.group() if found else ""


def automatic_reason(msg: email.message.Message, sender: str) -> str:
    """Why a message was sent by a machine (answering it could loop); "" if by a person."""
    auto = _header(msg, "Auto-Submitted").strip().lower()
    if auto and not auto.startswith("no"):
        return f"Auto-Submitted: {auto[:40]}"
    precedence = _header(msg, "Precedence").strip().lower()
    if precedence in ("bulk", "list", "junk", "auto_reply"):
        return f"Precedence: {precedence}"
    if "Return-Path" in msg and _header(msg, "Return-Path").strip() in ("<>", ""):
        return "empty Return-Path (a bounce)"
    for name in LIST_HEADERS:
        if name in msg:
            return f"{name} (a mailing list)"
    for name in ("X-Autoreply", "X-Autorespond"):
        if name in msg:
            return name
    try:
        content = msg.get_content_type()
    except Exception:
        content = ""
    if content == "multipart/report":
        return "a delivery report (a bounce)"
    if NO_REPLY_SENDERS.match(sender):
        return f"sent by {sender}"
    return ""


def _texts(msg: email.message.Message, problems: list[str]) -> tuple[list[tuple[str, bool]], bool]:
    """The plain-text parts (text, inline?) in the order a reader sees them, and whether
    an HTML part was there. Attached messages (forwards, message/rfc822) are not looked
    into: an order file in one is another's, whoever forwards it."""
    texts: list[tuple[str, bool]] = []
    attached: list[tuple[str, bool]] = []
    html = False
    todo = [msg]
    seen = 0
    while todo and seen < MAX_PARTS:
        part = todo.pop(0)
        seen += 1
        if part is not msg and _content_type(part).startswith("message/"):
            if FORWARD_NOT_READ not in problems:  # someone else's mail: never the sender's orders
                problems.append(FORWARD_NOT_READ)
            continue
        if part.is_multipart():
            payload = part.get_payload()
            if isinstance(payload, list):
                todo = [p for p in payload if isinstance(p, email.message.Message)] + todo
            continue
        ctype = part.get_content_type()
        disposition = (part.get_content_disposition() or "inline").lower()
        if ctype == "application/octet-stream" and _filename(part).endswith(".txt"):
            ctype = "text/plain"  # an order file some mail programs send as bytes
        if ctype == "text/html":
            html = True
            continue
        if ctype != "text/plain":
            continue  # pictures, PDFs, forwarded messages: not order files
        text = _decoded(part, problems)
        if disposition == "attachment":
            attached.append((text, False))
        else:
            texts.append((text, True))
    if todo:
        problems.append(f"more than {MAX_PARTS} MIME parts; the rest were not read")
    return texts + attached, html


def _content_type(part: email.message.Message) -> str:
    try:
        return part.get_content_type()
    except Exception:
        return ""


def _filename(part: email.message.Message) -> str:
    try:
        return str(part.get_filename() or "").lower()
    except Exception:
        return ""


def _decoded(part: email.message.Message, problems: list[str]) -> str:
    """A text part's payload as text: by its charset, else as an order file is read."""
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes):
        payload = str(part.get_payload()).encode("utf-8", "replace")
    charset = part.get_content_charset()
    if charset:
        try:
            return payload.decode(charset)
        except (LookupError, UnicodeDecodeError, ValueError):
            problems.append(f"text not in its declared charset {charset[:40]}; read as it could be")
    return detect(payload).text


def find_order_file(lines: list[str]) -> str | None:
    """The order file in a message's lines: from its header line (a printout's quoted
    header and its blank password are skipped) to END, a signature, or the start of a
    quoted reply; None if no line is or starts like a header."""
    start = None
    for index, line in enumerate(lines):
        if QUOTE_START.match(line):
            continue
        match = HEADER.match(line.strip())
        if match is not None and match["quoted"] != PLACEHOLDER:
            start = index
            break
    if start is None:
        start = next(
            (
                i
                for i, line in enumerate(lines)
                if HEADER_START.match(line.strip()) and PLACEHOLDER not in line
            ),
            None,
        )
    if start is None:
        return None
    taken = [lines[start].strip()]
    for line in lines[start + 1 :]:
        if QUOTE_START.match(line):
            break
        taken.append(line.rstrip())
        if SIGNATURE.match(line) or line.split("#", 1)[0].strip().upper() == "END":
            break
    return "\n".join(taken) + "\n"
