"""Mail out: a mail a player with the turn's printout, and the outbox sent through SMTP."""

from __future__ import annotations

import email
import email.policy
import socket
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from galbatch.post.mailout import mail_turn
from galbatch.post.replies import OUTBOX, SENT
from galbatch.post.smtp import send_outbox
from tests.test_post_support import EMAILS, make_game


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return make_game(tmp_path / "gc16")


def parsed(file: Path) -> EmailMessage:
    msg = email.message_from_bytes(file.read_bytes(), policy=email.policy.default)
    assert isinstance(msg, EmailMessage)
    return msg


def test_one_mail_a_player_with_printout_pdf_and_view(game: Path) -> None:
    result = mail_turn(game, 0)
    assert result.written == [f"turn-gc16-t000-p{p}.eml" for p in ("1", "2", "3")]
    msg = parsed(game / OUTBOX / "turn-gc16-t000-p3.eml")
    assert msg["To"] == EMAILS["3"]
    assert msg["Subject"] == "GC16 turn 0 printout, player 3 (RIGEL); turn 1 due 1997-02-19"
    assert msg["Date"] == "Wed, 12 Feb 1997 12:00:00 +0000"
    assert msg["Auto-Submitted"] == "auto-generated"
    body = msg.get_body(("plain",))
    assert body is not None
    printout = (game / "turns" / "000" / "printouts" / "3.txt").read_text(encoding="utf-8")
    assert body.get_content() == (
        "Attached: gc16-t000-p3.pdf, this printout as a PDF, with its maps.\n"
        "Attached: gc16-t000-p3.yaml, your view file: what you know of the game after\n"
        "turn 0. With galbatch, check your orders for turn 1 against it\n"
        "before you send them:\n"
        "\n"
        "    galbatch check ORDERS.txt --view gc16-t000-p3.yaml\n"
        "\n" + printout + "\n"  # a last line end
    )
    files = {part.get_filename(): part.get_content() for part in msg.iter_attachments()}
    assert files["gc16-t000-p3.pdf"] == (game / "turns/000/printouts/3.pdf").read_bytes()
    assert files["gc16-t000-p3.yaml"] == (game / "turns/000/views/3.yaml").read_bytes()


def test_mailing_again_gives_the_same_bytes_and_writes_nothing(game: Path, tmp_path: Path) -> None:
    mail_turn(game, 0)
    before = {p.name: p.read_bytes() for p in (game / OUTBOX).iterdir()}
    again = mail_turn(game, 0)
    assert again.written == [] and len(again.unchanged) == 3
    other = make_game(tmp_path / "other" / "gc16")
    mail_turn(other, 0)
    assert {p.name: p.read_bytes() for p in (other / OUTBOX).iterdir()} == before


def test_a_player_without_an_address_gets_no_mail(game: Path) -> None:
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace(f'    email: "{EMAILS["2"]}"\n', ""))
    result = mail_turn(game, 0)
    assert result.skipped == ["2: no e-mail address in game.yaml"]
    assert len(result.written) == 2


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Collector:
    def __init__(self) -> None:
        self.envelopes: list[tuple[str, list[str], bytes]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.content))
        return "250 OK"


@pytest.fixture
def smtp_server() -> Iterator[tuple[int, Collector]]:
    controller_module = pytest.importorskip("aiosmtpd.controller")
    collector = Collector()
    port = free_port()
    controller = controller_module.Controller(collector, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield port, collector
    finally:
        controller.stop()


def test_send_delivers_the_outbox_and_moves_it_to_sent(
    game: Path, smtp_server: tuple[int, Collector]
) -> None:
    port, collector = smtp_server
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("smtp_port: 25", f"smtp_port: {port}"))
    mail_turn(game, 0)
    waiting = {p.name: p.read_bytes() for p in (game / OUTBOX).glob("*.eml")}
    result = send_outbox(game)
    assert result.sent == sorted(waiting) and result.failed == []
    assert not list((game / OUTBOX).glob("*.eml"))
    assert {p.name for p in (game / OUTBOX / SENT).iterdir()} == set(waiting)
    got = sorted(collector.envelopes, key=lambda e: e[1])
    assert [e[1] for e in got] == [[EMAILS[p]] for p in ("1", "2", "3")]
    assert all(e[0] == "gc16@example.net" for e in got)
    for (_, _, content), name in zip(got, sorted(waiting), strict=True):
        assert content.replace(b"\r\n", b"\n") == waiting[name]
    # sent mail is not written again, nor sent again
    assert mail_turn(game, 0).written == []
    assert send_outbox(game).sent == []


def test_send_without_a_server_is_an_error_and_keeps_the_outbox(game: Path) -> None:
    from galbatch.engine.gamedir.directory import GameError

    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("smtp_port: 25", f"smtp_port: {free_port()}"))
    mail_turn(game, 0)
    with pytest.raises(GameError, match="cannot reach the SMTP server"):
        send_outbox(game)
    assert len(list((game / OUTBOX).glob("*.eml"))) == 3


def test_a_wrong_mail_setting_is_named(game: Path) -> None:
    from galbatch.engine.gamedir.directory import GameError

    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(
        text.replace("smtp_port: 25", "smtp_port: many\n  smtp_hots: x")
    )
    with pytest.raises(GameError) as caught:
        mail_turn(game, 0)
    file = game / "game.yaml"
    assert str(caught.value).splitlines() == [
        f"{file}: 2 problems in the game file:",
        f'{file}:14: mail.smtp_port: "many" is not a whole number; '
        "allowed: a whole number from 1 to 65535",
        f"{file}:15: mail.smtp_hots: unknown key (did you mean smtp_host?); "
        "allowed: from, smtp_host, smtp_port, smtp_starttls, smtp_user, smtp_password_file, "
        "max_message_kb, site",
    ]


def test_a_bad_player_address_is_named_by_its_line(game: Path) -> None:
    from galbatch.engine.gamedir.directory import Game, GameError

    file = game / "game.yaml"
    text = file.read_text(encoding="utf-8")
    file.write_text(text.replace("rigel@example.org", "Rigel <rigel@example.org>"))
    with pytest.raises(GameError) as caught:
        Game.open(game)
    line = next(i for i, t in enumerate(file.read_text().splitlines(), 1) if "Rigel <" in t)
    assert f"{file}:{line}: players[3].email: " in str(caught.value)


def test_the_default_sender_may_be_written_out(game: Path) -> None:
    from galbatch.engine.gamedir.directory import Game
    from galbatch.post.config import post_settings

    file = game / "game.yaml"
    text = file.read_text(encoding="utf-8")
    file.write_text(text.replace('"GC16 Mail Server <gc16@example.net>"', "galbatch@localhost"))
    settings = post_settings(Game.open(game).config)
    assert (settings.sender, settings.domain) == ("galbatch@localhost", "localhost")


def test_the_command_the_turn_mail_gives_checks_against_the_attached_view(
    game: Path, tmp_path: Path
) -> None:
    """A player saves the attachment and runs the command the mail names, as written."""
    import subprocess
    import sys

    from tests.test_post_support import orders

    mail_turn(game, 0)
    msg = parsed(game / OUTBOX / "turn-gc16-t000-p1.eml")
    body = msg.get_body(("plain",))
    assert body is not None
    command = next(
        line.split() for line in body.get_content().splitlines() if "galbatch check" in line
    )
    for part in msg.iter_attachments():
        (tmp_path / str(part.get_filename())).write_bytes(part.get_content())
    (tmp_path / "ORDERS.txt").write_text(orders("1"))
    done = subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *command[1:]],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "checked against your view of turn 0 (game GC16, player 1" in done.stderr


def test_the_turn_and_welcome_mails_name_the_games_web_site(game: Path) -> None:
    """Issue 25: "a new game's welcome mail names the site when the GM configures one";
    the turn mail names it too. Without `mail.site`, neither does."""
    from galbatch.engine.gamedir.directory import Game, GameError
    from galbatch.post.signups import Welcomed, welcome_mail

    def body(msg: EmailMessage) -> str:
        part = msg.get_body(("plain",))
        assert part is not None
        return str(part.get_content())

    seat = Welcomed("1", "ARCTURUS", EMAILS["1"], "pw-one-two")
    plain = welcome_mail(Game.open(game), seat)
    assert "on the web" not in plain.data.decode()
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(text.replace("mail:  # the post room\n",
        'mail:  # the post room\n  site: "https://gc16.example.net/play"\n'))  # fmt: skip
    welcome = email.message_from_bytes(
        welcome_mail(Game.open(game), seat).data, policy=email.policy.default
    )
    assert isinstance(welcome, EmailMessage)
    assert "You may also play on the web: https://gc16.example.net/play" in body(welcome)
    mail_turn(game, 0)
    turn = parsed(game / OUTBOX / "turn-gc16-t000-p1.eml")
    assert "Your orders on the web: https://gc16.example.net/play" in body(turn)
    bad = text.replace(
        "mail:  # the post room\n", 'mail:  # the post room\n  site: "javascript:x"\n'
    )
    (game / "game.yaml").write_text(bad)
    with pytest.raises(GameError, match="site"):  # the schema refuses what is no web site
        Game.open(game)
