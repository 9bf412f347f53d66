"""`galbatch mail GAMEDIR --send`: deliver the outbox through the SMTP server game.yaml names.

Each mail is sent as it lies in `outbox/` (its recipients from its To and Cc
headers), and moved to `outbox/sent/` once the server has taken it, every password
in it masked there (see masking). A mail the server refuses stays in the outbox and
is reported; one it takes for some recipients and refuses for others is kept in
`sent/` and stays in the outbox for those it refused, its first line naming them
(X-Galbatch-Unsent-To:), and is reported too. A lost connection stops the run, and
what was not sent waits for the next.

The session is made safe before any mail goes: STARTTLS (the server's certificate
verified as any TLS client verifies it) when game.yaml asks for it, then the login
of `mail.smtp_user`, its password from the file `mail.smtp_password_file` names or
from GALBATCH_SMTP_PASSWORD, never from game.yaml. If either fails, nothing is sent.
"""

from __future__ import annotations

import email.parser
import email.policy
import email.utils
import ipaddress
import os
import smtplib
import ssl
import stat
from dataclasses import dataclass, field
from pathlib import Path

from galbatch.engine.gamedir.commit import fsync_dir
from galbatch.engine.gamedir.directory import GAME_FILE, Game, GameError
from galbatch.engine.gamedir.inbox import NotAFile, read_regular
from galbatch.engine.gamedir.locks import writer_lock
from galbatch.engine.gamedir.signup_list import SIGNUPS_FILE, read_signups
from galbatch.post.config import PASSWORD_VARIABLE, PostSettings, post_settings
from galbatch.post.masking import masked_message
from galbatch.post.replies import NAME, SENT, outbox, was_sent, write_atomic

TIMEOUT = 60.0  # seconds for each exchange with the server
UNSENT_TO = b"X-Galbatch-Unsent-To:"  # an outbox mail's first line: whom it still waits for


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

    with writer_lock(path, wait):
        settings = _settings(path)
        box = outbox(path)
        names = sorted(p.name for p in box.glob("*.eml") if NAME.fullmatch(p.name))
        result = SendResult()
        if not names:
            return result
        if not settings.smtp_host:
            raise GameError(f"{path / GAME_FILE}: no mail.smtp_host to send the outbox through")
        password = login_password(path, settings)
        try:
            server = smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=TIMEOUT)
        except OSError as e:
            raise GameError(
                f"cannot reach the SMTP server {settings.smtp_host}:{settings.smtp_port}: {e}"
            ) from None
        try:
            open_session(server, settings, password)
        except GameError:
            server.close()
            raise
        try:
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

    if (path / GAME_FILE).is_file():
        return post_settings(Game.open(path).config)
    if (path / SIGNUPS_FILE).is_file():
        return post_settings({"mail": read_signups(path / SIGNUPS_FILE).mail})
    return PostSettings()


def login_password(path: Path, settings: PostSettings) -> str:
    """The password of `mail.smtp_user` ("" without one), found before the server is called.

    From `mail.smtp_password_file` (relative to the game directory; its first line; a
    file others can read is refused), else from GALBATCH_SMTP_PASSWORD. A login is
    refused without STARTTLS, unless the server is on this machine: the password
    would cross the network in clear."""
    if not settings.smtp_user:
        return ""
    if not settings.smtp_starttls and not _loopback(settings.smtp_host):
        raise GameError(
            f"mail.smtp_user is set but not mail.smtp_starttls: the password would go to "
            f"{settings.smtp_host} in clear; set smtp_starttls: true. Nothing sent"
        )
    if settings.smtp_password_file:
        file = path / Path(settings.smtp_password_file).expanduser()
        text = _password_file(file)
        if not text.splitlines() or not text.splitlines()[0]:
            raise GameError(f"{file}: no SMTP password on its first line")
        return text.splitlines()[0]
    password = os.environ.get(PASSWORD_VARIABLE)
    if password is None:
        raise GameError(
            "mail.smtp_user is set: give its password in mail.smtp_password_file "
            f"or in {PASSWORD_VARIABLE}. Nothing sent"
        )
    return password


def _password_file(file: Path) -> str:
    """The text of a password file that only its owner may read (checked on the file read)."""
    try:
        with os.fdopen(os.open(file, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC), "rb") as f:
            mode = os.fstat(f.fileno()).st_mode
            if not stat.S_ISREG(mode):
                raise GameError(f"{file}: the SMTP password file is not a regular file")
            if mode & (stat.S_IRWXG | stat.S_IRWXO):
                raise GameError(
                    f"{file}: the SMTP password file may be read by others "
                    f"(mode {stat.S_IMODE(mode):04o}); chmod 600 it. Nothing sent"
                )
            return f.read(64 * 1024).decode("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        why = e.strerror if isinstance(e, OSError) and e.strerror else e
        raise GameError(f"{file}: cannot read the SMTP password: {why}") from None


def _loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def open_session(server: smtplib.SMTP, settings: PostSettings, password: str) -> None:
    """STARTTLS and the login, as game.yaml asks; one GameError line if either fails."""
    where = f"the SMTP server {settings.smtp_host}:{settings.smtp_port}"
    try:
        server.ehlo_or_helo_if_needed()
    except (smtplib.SMTPException, OSError) as e:
        raise GameError(f"{where} did not answer EHLO: {_one_line(e)}; nothing sent") from None
    try:
        if settings.smtp_starttls:
            server.starttls(context=ssl.create_default_context())
            server.ehlo()
    except smtplib.SMTPNotSupportedError:
        raise GameError(f"{where} does not offer STARTTLS; nothing sent") from None
    except ssl.SSLCertVerificationError as e:
        raise GameError(f"STARTTLS with {where} failed: {e.verify_message}; nothing sent") from None
    except (smtplib.SMTPException, OSError) as e:
        raise GameError(f"STARTTLS with {where} failed: {_one_line(e)}; nothing sent") from None
    if not settings.smtp_user:
        return
    try:
        server.login(settings.smtp_user, password)
    except smtplib.SMTPAuthenticationError as e:
        raise GameError(
            f"{where} refused the login of {settings.smtp_user}: {_one_line(e)}; nothing sent"
        ) from None
    except smtplib.SMTPNotSupportedError:
        raise GameError(f"{where} offers no login (AUTH); nothing sent") from None
    except (smtplib.SMTPException, OSError) as e:
        raise GameError(
            f"the login of {settings.smtp_user} at {where} failed: {_one_line(e)}; nothing sent"
        ) from None


def _one_line(error: Exception) -> str:
    """An SMTP error as one line: its code and the server's text, line breaks and all."""
    if isinstance(error, smtplib.SMTPResponseException):
        text = error.smtp_error
        said = text.decode("utf-8", "replace") if isinstance(text, bytes) else str(text)
        return f"{error.smtp_code} {' '.join(said.split())}"
    return " ".join(str(error).split()) or type(error).__name__


def _send_one(server: smtplib.SMTP, box: Path, name: str, result: SendResult) -> None:
    file = box / name
    try:
        data = read_regular(file, 128 * 1024 * 1024)
    except (NotAFile, OSError) as e:
        result.failed.append(f"{name}: cannot read it ({e})")
        return
    unsent, data = unsent_to(data)
    if not unsent and was_sent(box / SENT / name, data):  # a send killed before it was moved
        file.unlink()
        fsync_dir(box)
        result.sent.append(name)
        return
    sender, recipients = envelope(data)
    if unsent:  # sent before to the others: only to those the server refused then
        recipients = [r for r in recipients if r.lower() in unsent]
    if not recipients:
        result.failed.append(f"{name}: no recipient")
        return
    wire = data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    try:
        refused = server.sendmail(sender, recipients, wire)
    except (smtplib.SMTPRecipientsRefused, smtplib.SMTPDataError, smtplib.SMTPSenderRefused) as e:
        result.failed.append(f"{name}: refused by the server ({e})")
        return
    keep_sent(box, name, data, move=not refused and not unsent)
    if refused:  # taken for some recipients only: it waits in the outbox for the others
        write_atomic(file, _unsent_line(sorted(refused)) + data)
        fsync_dir(box)
        why = "; ".join(f"{a}: {_refusal(c, m)}" for a, (c, m) in sorted(refused.items()))
        taken = ", ".join(r for r in recipients if r not in refused)
        result.failed.append(
            f"{name}: sent to {taken}, refused for {why}; kept in the outbox for "
            f"{', '.join(sorted(refused))}"
        )
        return
    file.unlink(missing_ok=True)
    fsync_dir(box)
    result.sent.append(name)


def keep_sent(box: Path, name: str, data: bytes, move: bool) -> None:
    """Put the copy of a mail the server took in `outbox/sent/`, every password in it
    masked (a welcome mail's): the clear copy goes no further than the outbox. `move`:
    the outbox file is `data` as it lies, moved there if nothing in it is masked."""
    sent = box / SENT
    sent.mkdir(exist_ok=True)
    masked = masked_message(data, own=True)
    if move and masked == data:
        os.replace(box / name, sent / name)
    else:
        write_atomic(sent / name, masked)
    fsync_dir(sent)


def unsent_to(data: bytes) -> tuple[set[str], bytes]:
    """The recipients a mail still waits for, if the server refused some before (its first
    line says which), and the mail without that line."""
    if not data.startswith(UNSENT_TO):
        return set(), data
    line, _, rest = data.partition(b"\n")
    addresses = line[len(UNSENT_TO) :].decode("ascii", "replace").split(",")
    return {a.strip().lower() for a in addresses if a.strip()}, rest


def _unsent_line(addresses: list[str]) -> bytes:
    return UNSENT_TO + b" " + ", ".join(addresses).encode("ascii", "replace") + b"\n"


def _refusal(code: int, message: bytes | str) -> str:
    said = message.decode("utf-8", "replace") if isinstance(message, bytes) else str(message)
    return f"{code} {' '.join(said.split())}"
