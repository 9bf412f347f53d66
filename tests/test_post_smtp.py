"""`galbatch mail --send` with an SMTP login and STARTTLS, against a local aiosmtpd server.

The server's certificate is self-signed, made by the `openssl` command for each run;
the client trusts it through SSL_CERT_FILE, as any OpenSSL client can be told to.
"""

from __future__ import annotations

import os
import shutil
import ssl
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from galbatch.engine.gamedir.directory import GameError
from galbatch.post.mailout import mail_turn
from galbatch.post.replies import OUTBOX, SENT
from galbatch.post.smtp import send_outbox
from tests.test_post_mailout import free_port
from tests.test_post_support import make_game

smtp = pytest.importorskip("aiosmtpd.smtp")
controller_module = pytest.importorskip("aiosmtpd.controller")

USER, PASSWORD = "gc16", "s3cret-relay"
# The server without TLS asks for a login over loopback, as galbatch allows only there.
pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")


@dataclass
class Server:
    """What the test server saw: each message, whether it came over TLS, and the logins."""

    port: int
    cert: Path | None
    messages: list[tuple[list[str], bool]] = field(default_factory=list)
    logins: list[tuple[str, bool]] = field(default_factory=list)  # (user, accepted)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append((list(envelope.rcpt_tos), session.ssl is not None))
        return "250 OK"

    def authenticate(
        self, server: Any, session: Any, envelope: Any, mechanism: str, data: Any
    ) -> Any:
        user = data.login.decode()
        accepted = (user, data.password.decode()) == (USER, PASSWORD)
        self.logins.append((user, accepted))
        return smtp.AuthResult(success=accepted, handled=False)  # aiosmtpd then answers 535


def certificate(directory: Path) -> Path:
    """A self-signed certificate for 127.0.0.1 (its key beside it), made by openssl."""
    if shutil.which("openssl") is None:
        pytest.skip("no openssl command to make the test server's certificate")
    cert = directory / "cert.pem"
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
            "-nodes", "-keyout", str(directory / "key.pem"), "-out", str(cert), "-days", "2",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return cert


def running(tmp_path: Path, tls: bool) -> Iterator[Server]:
    """A local SMTP server that requires a login; with STARTTLS required if `tls`."""
    cert = certificate(tmp_path) if tls else None
    seen = Server(free_port(), cert)
    options: dict[str, Any] = {
        "authenticator": seen.authenticate,
        "auth_required": True,
        "auth_require_tls": tls,
    }
    if cert is not None:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(cert, tmp_path / "key.pem")
        options |= {"tls_context": context, "require_starttls": True}
    controller = controller_module.Controller(seen, hostname="127.0.0.1", port=seen.port, **options)
    controller.start()
    try:
        yield seen
    finally:
        controller.stop()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    yield from running(tmp_path, tls=False)


@pytest.fixture
def tls_server(tmp_path: Path) -> Iterator[Server]:
    yield from running(tmp_path, tls=True)


def game_for(tmp_path: Path, port: int, *mail: str) -> Path:
    """The test game, its mail settings pointing at the local server, plus `mail` lines."""
    game = make_game(tmp_path / "gc16")
    file = game / "game.yaml"
    extra = "".join(f"  {line}\n" for line in mail)
    file.write_text(file.read_text().replace("  smtp_port: 25\n", f"  smtp_port: {port}\n{extra}"))
    mail_turn(game, 0)
    return game


def waiting(game: Path) -> list[str]:
    return sorted(p.name for p in (game / OUTBOX).glob("*.eml"))


def sent(game: Path) -> list[str]:
    box = game / OUTBOX / SENT
    return sorted(p.name for p in box.iterdir()) if box.is_dir() else []


def galbatch(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """The installed command in a fresh interpreter, with `env` added to the environment."""
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *args],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, **env},
    )


@pytest.fixture(autouse=True)
def no_password_around(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GALBATCH_SMTP_PASSWORD", raising=False)
    monkeypatch.delenv("SSL_CERT_FILE", raising=False)


def test_a_login_with_the_password_from_the_environment(
    tmp_path: Path, server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = game_for(tmp_path, server.port, f"smtp_user: {USER}")
    monkeypatch.setenv("GALBATCH_SMTP_PASSWORD", PASSWORD)
    names = waiting(game)
    result = send_outbox(game)
    assert result.sent == names and result.failed == []
    assert server.logins == [(USER, True)]
    assert len(server.messages) == 3
    assert sent(game) == names and waiting(game) == []


def test_a_login_with_the_password_from_a_file(tmp_path: Path, server: Server) -> None:
    secret = tmp_path / "secrets" / "smtp-password"
    secret.parent.mkdir()
    secret.write_text(PASSWORD + "\n# the rest of the file is not read\n")
    secret.chmod(0o600)
    (tmp_path / "smtp-link").symlink_to(secret)  # a link to it will do
    game = game_for(tmp_path, server.port, f"smtp_user: {USER}", "smtp_password_file: ../smtp-link")
    assert send_outbox(game).sent == sent(game) != []
    assert server.logins == [(USER, True)]
    assert PASSWORD not in (game / "game.yaml").read_text()


def test_a_password_file_others_can_read_is_refused(tmp_path: Path, server: Server) -> None:
    secret = tmp_path / "smtp-password"
    secret.write_text(PASSWORD + "\n")
    secret.chmod(0o644)
    game = game_for(tmp_path, server.port, f"smtp_user: {USER}", f"smtp_password_file: {secret}")
    with pytest.raises(GameError, match=r"may be read by others \(mode 0644\); chmod 600 it"):
        send_outbox(game)
    assert server.logins == [] and sent(game) == [] and len(waiting(game)) == 3


def test_a_missing_password_file_is_named(tmp_path: Path, server: Server) -> None:
    game = game_for(tmp_path, server.port, f"smtp_user: {USER}", "smtp_password_file: nowhere")
    with pytest.raises(GameError, match="nowhere: cannot read the SMTP password: No such file"):
        send_outbox(game)
    assert server.logins == [] and sent(game) == []


@pytest.mark.slow
def test_a_refused_login_is_one_line_and_nothing_is_sent(tmp_path: Path, server: Server) -> None:
    game = game_for(tmp_path, server.port, f"smtp_user: {USER}")
    names = waiting(game)
    done = galbatch({"GALBATCH_SMTP_PASSWORD": "wrong"}, "mail", str(game), "--send", "--no-write")
    assert done.returncode == 16
    assert done.stderr.count("\n") == 1, done.stderr
    assert f"127.0.0.1:{server.port} refused the login of {USER}: 535 " in done.stderr
    assert "nothing sent" in done.stderr and "wrong" not in done.stderr
    assert set(server.logins) == {(USER, False)}, "each mechanism tried, each refused"
    assert server.messages == [] and waiting(game) == names and sent(game) == []


def test_no_password_anywhere_is_refused_before_the_server_is_called(
    tmp_path: Path, server: Server
) -> None:
    game = game_for(tmp_path, server.port, f"smtp_user: {USER}")
    with pytest.raises(GameError, match="smtp_password_file or in GALBATCH_SMTP_PASSWORD"):
        send_outbox(game)
    assert server.logins == [] and sent(game) == []


def test_no_login_in_clear_to_another_machine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = game_for(tmp_path, 25, f"smtp_user: {USER}")
    file = game / "game.yaml"
    file.write_text(file.read_text().replace("smtp_host: 127.0.0.1", "smtp_host: mail.example.org"))
    monkeypatch.setenv("GALBATCH_SMTP_PASSWORD", PASSWORD)
    with pytest.raises(GameError, match="would go to mail.example.org in clear"):
        send_outbox(game)  # refused before any connection: no server is needed
    assert sent(game) == []


@pytest.mark.slow
def test_starttls_then_login(tmp_path: Path, tls_server: Server) -> None:
    server = tls_server
    assert server.cert is not None
    game = game_for(tmp_path, server.port, "smtp_starttls: true", f"smtp_user: {USER}")
    names = waiting(game)
    done = galbatch(
        {"GALBATCH_SMTP_PASSWORD": PASSWORD, "SSL_CERT_FILE": str(server.cert)},
        "mail", str(game), "--send", "--no-write",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "SEND  3 mails sent, 0 not sent"
    assert server.logins == [(USER, True)]
    assert [over_tls for _, over_tls in server.messages] == [True, True, True]
    assert sent(game) == names and waiting(game) == []


@pytest.mark.slow
def test_a_certificate_not_trusted_is_one_line_and_nothing_is_sent(
    tmp_path: Path, tls_server: Server
) -> None:
    server = tls_server
    game = game_for(tmp_path, server.port, "smtp_starttls: true", f"smtp_user: {USER}")
    names = waiting(game)
    done = galbatch({"GALBATCH_SMTP_PASSWORD": PASSWORD}, "mail", str(game), "--send", "--no-write")
    assert done.returncode == 16
    assert done.stderr.count("\n") == 1, done.stderr
    assert f"STARTTLS with the SMTP server 127.0.0.1:{server.port} failed: " in done.stderr
    assert "self-signed certificate" in done.stderr and "nothing sent" in done.stderr
    assert server.logins == [] and server.messages == []
    assert waiting(game) == names and sent(game) == []


def test_starttls_asked_of_a_server_without_it(tmp_path: Path, server: Server) -> None:
    game = game_for(tmp_path, server.port, "smtp_starttls: true")
    with pytest.raises(GameError, match=f"127.0.0.1:{server.port} does not offer STARTTLS"):
        send_outbox(game)
    assert server.messages == [] and sent(game) == []
