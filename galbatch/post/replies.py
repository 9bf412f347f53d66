"""Mail galbatch writes, as deterministic `.eml` files in the game's `outbox/`.

Every header comes from the content: the Date is the date of the message being
answered (or of the turn), the Message-ID and MIME boundary are hashes of what
the mail is about. The same inputs give the same bytes, so writing a mail again
changes nothing, and a mail already sent (in `outbox/sent/`) is not written again.
"""

from __future__ import annotations

import datetime as dt
import email.policy
import email.utils
import hashlib
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path

from galbatch.engine.gamedir.commit import fsync_dir
from galbatch.post.config import PostSettings
from galbatch.post.masking import masked_message
from galbatch.post.message import Letter

OUTBOX = "outbox"
SENT = "sent"
SUFFIX = ".eml"
NAME = re.compile(r"[a-z0-9][a-z0-9.-]{0,120}\.eml")  # outbox names galbatch makes
MAILER = "galbatch post room"
REPLIED = "auto-replied"  # Auto-Submitted of an answer: autoresponders must not answer it
GENERATED = "auto-generated"  # Auto-Submitted of a printout or welcome
# 7-bit: any SMTP server carries it as it is. Lines up to SMTP's 998: a 132-column printout
# stays readable text, and a long subject is never folded before its first word.
POLICY = email.policy.default.clone(cte_type="7bit", max_line_length=998)


@dataclass(frozen=True)
class Attachment:
    """A file attached to a mail: its name, MIME type and bytes."""

    filename: str
    maintype: str
    subtype: str
    data: bytes


@dataclass(frozen=True)
class Mail:
    """One mail for the outbox: its file name, recipients and bytes."""

    name: str
    to: tuple[str, ...]
    data: bytes


def stamp(*parts: str) -> str:
    """A hex digest of the parts: the stable source of Message-IDs, boundaries and names."""
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode("utf-8", "surrogateescape") + b"\0")
    return h.hexdigest()


def build_mail(
    *,
    settings: PostSettings,
    name: str,
    to: Sequence[str],
    subject: str,
    body: str,
    date: dt.datetime,
    cc: Sequence[str] = (),
    in_reply_to: str = "",
    auto: str = REPLIED,
    attachments: Sequence[Attachment] = (),
) -> Mail:
    """A complete mail with headers, body and attachments; the same arguments, the same bytes."""
    assert NAME.fullmatch(name), name
    ident = stamp(name, subject, body, *to, *cc, *(a.filename for a in attachments))
    msg = EmailMessage(policy=POLICY)
    msg["From"] = settings.sender
    msg["To"] = ", ".join(to)
    if cc:
        msg["Cc"] = ", ".join(cc)
    msg["Subject"] = subject
    msg["Date"] = email.utils.format_datetime(date.astimezone(dt.UTC))
    msg["Message-ID"] = f"<{ident[:32]}@{settings.domain}>"
    if in_reply_to:
        msg["In-Reply-To"] = in_reply_to
        msg["References"] = in_reply_to
    msg["Auto-Submitted"] = auto
    msg["X-Mailer"] = MAILER
    msg.set_content(body if body.endswith("\n") else body + "\n")
    for a in attachments:
        msg.add_attachment(a.data, maintype=a.maintype, subtype=a.subtype, filename=a.filename)
    if attachments:
        msg.set_boundary(f"=_{ident[32:64]}")
    return Mail(name, tuple(to) + tuple(cc), msg.as_bytes(policy=POLICY))


def reply_to_letter(
    letter: Letter,
    settings: PostSettings,
    *,
    kind: str,
    subject: str,
    body: str,
    fallback_date: dt.datetime,
    cc: Sequence[str] = (),
) -> Mail:
    """An answer to `letter`, dated as the letter was, named for the letter and its kind."""
    name = f"{kind}-{letter.key[:16]}{SUFFIX}"
    cc = tuple(sorted(set(cc) - {letter.reply_to}))
    return build_mail(
        settings=settings,
        name=name,
        to=(letter.reply_to,),
        cc=cc,
        subject=subject,
        body=body,
        date=letter.date or fallback_date,
        in_reply_to=letter.message_id,
    )


def re_subject(letter: Letter, fallback: str) -> str:
    """`Re: ` and the letter's subject, or `fallback` if it had none."""
    subject = letter.subject or fallback
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"


def day(date: str) -> dt.datetime:
    """Noon UTC of an ISO date: the Date header of a mail about a turn of that date."""
    return dt.datetime.fromisoformat(date).replace(hour=12, tzinfo=dt.UTC)


def outbox(path: Path) -> Path:
    return path / OUTBOX


def write_outbox(path: Path, mails: Sequence[Mail]) -> list[str]:
    """Put each mail in the game's outbox (atomically); the names of those written.

    A mail whose very bytes are already waiting, or were already sent, is not written
    again. The caller holds the game's writer lock.
    """
    box = outbox(path)
    written = []
    for mail in sorted(mails, key=lambda m: m.name):
        target = box / mail.name
        if _holds(target, mail.data) or was_sent(box / SENT / mail.name, mail.data):
            continue
        box.mkdir(parents=True, exist_ok=True)
        write_atomic(target, mail.data)
        written.append(mail.name)
    if written:
        fsync_dir(box)
    return written


def write_atomic(target: Path, data: bytes, mode: int = 0o600) -> None:
    """Write a temporary file beside `target`, sync it, and rename it over `target`."""
    tmp = target.with_name(f".tmp-{target.name}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, mode)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)


def was_sent(path: Path, data: bytes) -> bool:
    """Whether `sent/` holds the mail, as `mail --send` keeps it there: passwords masked."""
    return path.is_file() and (_holds(path, data) or _holds(path, masked_message(data, own=True)))


def _holds(path: Path, data: bytes) -> bool:
    try:
        return path.is_file() and path.read_bytes() == data
    except OSError:
        return False
