"""`galbatch mail GAMEDIR --send`: deliver the outbox through the SMTP server game.yaml names.

Each mail is sent as it lies in `outbox/` (its recipients from its To and Cc
headers), and moved to `outbox/sent/` once the server has taken it. A mail the
server refuses stays in the outbox and is reported; a lost connection stops the
run, and what was not sent waits for the next.
"""

from __future__ import annotations

import email.parser
import email.policy
import email.utils
import os
import smtplib
from dataclasses import dataclass, field
from pathlib import Path

from galbatch.engine.commit import fsync_dir
from galbatch.engine.gamedir import GAME_FILE, GameError
from galbatch.engine.inbox import NotAFile, read_regular
from galbatch.post.config import PASSWORD_VARIABLE, PostSettings, post_settings
from galbatch.post.replies import NAME, SENT, outbox
from galbatch.post.signups import SIGNUPS_FILE, read_signups

TIMEOUT = 60.0  # seconds for each exchange with the server


@dataclass
class SendResult:
    """What was delivered, and why each mail that was not."""

    sent: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)  # "<name>: why"

    def lines(self) -> list[str]:
        head = f"SEND  {len(self.sent)} mails sent, {len(self.failed)} not sent"
        return [
            head,
            *(f"  sent: outbox/{SENT}/{n}" for n in self.sent),
            *(f"  NOT SENT: {f}" for f in self.failed),
        ]


def envelope(data: bytes) -> tuple[str, list[str]]:
    """The envelope sender and recipients of an outbox mail, from its own headers."""
    headers = email.parser.BytesHeaderParser(policy=email.policy.compat32).parsebytes(data)
    sender = email.utils.parseaddr(str(headers.get("From", "")))[1]
    found = email.utils.getaddresses(
        [str(v) for v in headers.get_all("To", []) + headers.get_all("Cc", [])]
    )
    return sender, sorted({addr for _, addr in found if "@" in addr})


def send_outbox(path: Path, wait: float | None = None) -> SendResult:
    """Send every mail waiting in the outbox, in name order, as the directory's one writer."""
    from galbatch.engine.locks import writer_lock

    with writer_lock(path, wait):
        settings = _settings(path)
        box = outbox(path)
        names = sorted(p.name for p in box.glob("*.eml") if NAME.fullmatch(p.name))
        result = SendResult()
        if not names:
            return result
        if not settings.smtp_host:
            raise GameError(f"{path / GAME_FILE}: no mail.smtp_host to send the outbox through")
        try:
            server = smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=TIMEOUT)
        except OSError as e:
            raise GameError(
                f"cannot reach the SMTP server {settings.smtp_host}:{settings.smtp_port}: {e}"
            ) from None
        try:
            _login(server, settings)
            for name in names:
                _send_one(server, box, name, result)
        except (smtplib.SMTPException, OSError) as e:
            done = set(result.sent) | {f.split(":")[0] for f in result.failed}
            result.failed += [f"{n}: not tried ({e})" for n in names if n not in done]
        finally:
            try:
                server.quit()
            except (smtplib.SMTPException, OSError):
                server.close()
        return result


def _settings(path: Path) -> PostSettings:
    from galbatch.engine.gamedir import Game

    if (path / GAME_FILE).is_file():
        return post_settings(Game.open(path).config)
    if (path / SIGNUPS_FILE).is_file():
        return post_settings({"mail": read_signups(path / SIGNUPS_FILE).mail})
    return PostSettings()


def _login(server: smtplib.SMTP, settings: PostSettings) -> None:
    server.ehlo_or_helo_if_needed()
    if settings.smtp_starttls:
        server.starttls()
        server.ehlo()
    if settings.smtp_user:
        password = os.environ.get(PASSWORD_VARIABLE)
        if password is None:
            raise GameError(f"mail.smtp_user is set: give its password in {PASSWORD_VARIABLE}")
        server.login(settings.smtp_user, password)


def _send_one(server: smtplib.SMTP, box: Path, name: str, result: SendResult) -> None:
    file = box / name
    try:
        data = read_regular(file, 128 * 1024 * 1024)
    except (NotAFile, OSError) as e:
        result.failed.append(f"{name}: cannot read it ({e})")
        return
    sender, recipients = envelope(data)
    if not recipients:
        result.failed.append(f"{name}: no recipient")
        return
    wire = data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    try:
        server.sendmail(sender, recipients, wire)
    except (smtplib.SMTPRecipientsRefused, smtplib.SMTPDataError, smtplib.SMTPSenderRefused) as e:
        result.failed.append(f"{name}: refused by the server ({e})")
        return
    sent = box / SENT
    sent.mkdir(exist_ok=True)
    os.replace(file, sent / name)
    fsync_dir(sent)
    fsync_dir(box)
    result.sent.append(name)
