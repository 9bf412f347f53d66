"""Mail in: order files found in real mail, filed by player, answered, never twice."""

from __future__ import annotations

import email
import email.policy
import hashlib
from email.message import EmailMessage
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from galbatch.engine.job.lint import check_files
from galbatch.post.intake_record import (
    ANSWERED,
    FILED,
    HANDLED,
    IGNORED,
    INTAKE,
    LOG,
    REFUSED,
    REJECTED,
    SUPERSEDED,
)
from galbatch.post.mailin import intake
from galbatch.post.replies import OUTBOX
from tests.test_post_support import (
    as_filed,
    letter,
    maildir,
    make_game,
    mbox,
    orders,
)


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return make_game(tmp_path / "gc16")


def outbox(game: Path) -> dict[str, EmailMessage]:
    box = game / OUTBOX
    return {
        f.name: email.message_from_bytes(f.read_bytes(), policy=email.policy.default)  # type: ignore[misc]
        for f in sorted(box.glob("*.eml"))
    }


def body_of(msg: EmailMessage) -> str:
    part = msg.get_body(("plain",))
    assert part is not None
    return str(part.get_content())  # type: ignore[attr-defined]


def inbox(game: Path, player: str) -> str:
    return (game / "orders" / f"{player}.txt").read_text(encoding="utf-8")


def test_a_plain_mail_is_filed_and_acknowledged(game: Path, tmp_path: Path) -> None:
    text = "Hello GM,\n\nhere are my orders:\n\n" + orders("1") + "\n-- \nAlice\n"
    box = mbox(tmp_path / "in.mbox", [letter(text)])
    result = intake(game, box)
    assert [e.outcome for e in result.entries] == [FILED]
    assert inbox(game, "1") == as_filed(orders("1"))
    (ack,) = outbox(game).values()
    assert ack["To"] == "arcturus@example.org"
    assert ack["Subject"] == "Re: orders"
    assert ack["Auto-Submitted"] == "auto-replied"
    assert ack["In-Reply-To"].endswith("@example.org>")
    text = body_of(ack)
    assert "FILED      orders/1.txt for player 1 (ARCTURUS), turn 1" in text
    assert "Orders for turn 1 are due 1997-02-19" in text
    assert '   1  GAME GC16 PLAYER 1 PASSWORD "********"\n   2  P 68 1 1\n' in text
    assert "alpha-one" not in text
    rc, diagnostics = check_files([game / "orders" / "1.txt"], game_dir=game)
    assert f"CHECK      RC {rc:04d}" in text
    for line in diagnostics.splitlines():  # the same findings check --game gives
        assert line.replace(str(game / "orders" / "1.txt"), "orders/1.txt") in text


@pytest.mark.parametrize(
    ("charset", "cte"),
    [("utf-8", "quoted-printable"), ("utf-8", "base64"), ("latin-1", "quoted-printable")],
)
def test_transfer_encodings_and_charsets(
    game: Path, tmp_path: Path, charset: str, cte: str
) -> None:
    text = orders("2", body="# Grüße aus Köln\nP 68 1 1\n")
    box = mbox(
        tmp_path / "in.mbox", [letter(text, sender="polaris@example.org", charset=charset, cte=cte)]
    )
    assert [e.outcome for e in intake(game, box).entries] == [FILED]
    assert inbox(game, "2") == as_filed(text)


def test_a_text_part_of_a_multipart_mail_and_an_attachment(game: Path, tmp_path: Path) -> None:
    alternative = letter(orders("1"), html="<p>my orders</p>")
    attached = letter(
        "Orders attached, with a picture.\n",
        sender="polaris@example.org",
        attachments=[
            ("map.png", "image", "png", b"\x89PNG\r\n\x1a\n" + bytes(range(256))),
            ("orders.txt", "text", "plain", orders("2").encode()),
        ],
    )
    box = maildir(tmp_path / "Maildir", [alternative, attached])
    result = intake(game, box)
    assert sorted(e.player for e in result.entries if e.outcome == FILED) == ["1", "2"]
    assert inbox(game, "2") == as_filed(orders("2"))


def test_html_only_mail_is_asked_for_plain_text(game: Path, tmp_path: Path) -> None:
    box = mbox(tmp_path / "in.mbox", [letter(html="<p>GAME GC16 PLAYER 1</p>")])
    result = intake(game, box)
    assert [e.outcome for e in result.entries] == [ANSWERED]
    (answer,) = outbox(game).values()
    assert "plain text" in body_of(answer)
    assert not (game / "orders" / "1.txt").exists()


@pytest.mark.parametrize(
    "header",
    [
        ("Auto-Submitted", "auto-replied"),
        ("Precedence", "bulk"),
        ("Return-Path", "<>"),
        ("List-Id", "<gc16.lists.example.org>"),
    ],
)
def test_machines_are_never_answered(game: Path, tmp_path: Path, header: tuple[str, str]) -> None:
    text = "I am on holiday.\n\n> " + orders("1").replace("\n", "\n> ")
    box = mbox(tmp_path / "in.mbox", [letter(text, headers=[header])])
    result = intake(game, box)
    assert [e.outcome for e in result.entries] == [IGNORED]
    assert not (game / OUTBOX).exists()
    assert (game / INTAKE / "001" / "messages").is_dir(), "kept all the same"


def test_a_reply_quoting_the_printout(game: Path, tmp_path: Path) -> None:
    printout = (game / "turns" / "000" / "printouts" / "3.txt").read_text(encoding="utf-8")
    quoted = "".join(f"> {line}\n" for line in printout.splitlines())
    top = orders("3") + "\nRigel\n\nOn Wed, 12 Feb 1997, GC16 Mail Server wrote:\n" + quoted
    bottom = quoted + "\n" + orders("3", body="P 68 1 2\n") + "-- \nRigel\n"
    box = mbox(
        tmp_path / "in.mbox",
        [
            letter(top, sender="rigel@example.org", date="Sat, 15 Feb 1997 10:00:00 +0000"),
            letter(bottom, sender="rigel@example.org", date="Sun, 16 Feb 1997 10:00:00 +0000"),
        ],
    )
    result = intake(game, box)
    assert [e.outcome for e in result.entries] == [FILED, FILED]
    assert inbox(game, "3") == as_filed(orders("3", body="P 68 1 2\n"))


def test_a_later_message_replaces_an_earlier_one_by_date(game: Path, tmp_path: Path) -> None:
    early = letter(orders("1", body="P 68 1 1\n"), date="Sun, 16 Feb 1997 10:00:00 +0000")
    late = letter(orders("1", body="P 68 1 3\n"), date="Mon, 17 Feb 1997 09:00:00 +0000")
    # The mailbox holds the later one first: the Date decides, not the order in the box.
    result = intake(game, mbox(tmp_path / "a.mbox", [late, early]))
    assert [e.outcome for e in result.entries] == [FILED, FILED]
    assert "P 68 1 3" in inbox(game, "1")
    kept = list((game / INTAKE / "001" / "replaced").iterdir())
    masked = orders("1", password="********", body="P 68 1 1\n")  # as the turn archives it
    assert [k.read_text() for k in kept] == [masked]
    # An earlier message coming in a later run is kept, not filed.
    older = letter(orders("1", body="P 68 1 2\n"), date="Sat, 15 Feb 1997 09:00:00 +0000")
    again = intake(game, mbox(tmp_path / "b.mbox", [older]))
    assert [e.outcome for e in again.entries] == [SUPERSEDED]
    assert "P 68 1 3" in inbox(game, "1")
    assert len(list((game / INTAKE / "001" / "messages").iterdir())) == 3, "none lost"


def test_wrong_password_other_game_and_unknown_player_are_answered_not_filed(
    game: Path, tmp_path: Path
) -> None:
    box = mbox(
        tmp_path / "in.mbox",
        [
            letter(orders("1", password="guess")),
            letter(orders("1").replace("GC16", "GC17"), date="Tue, 18 Feb 1997 10:00:00 +0000"),
            letter(  # another address: one failure an address a run is answered
                orders("1").replace("PLAYER 1", "PLAYER 9"),
                sender="someone@elsewhere.example",
                date="Tue, 18 Feb 1997 11:00:00 +0000",
            ),
        ],
    )
    result = intake(game, box)
    assert [e.outcome for e in result.entries] == [REJECTED] * 3
    assert not (game / "orders" / "1.txt").exists()
    answers = [body_of(m) for m in outbox(game).values()]
    assert any("[GB015] wrong password" in a for a in answers)
    assert any("for game GC17; this is game GC16" in a for a in answers)
    assert any("[GB016] game GC16 has no player 9" in a for a in answers)
    assert result.rc == 4


def test_a_correct_password_from_another_address_is_filed_with_a_warning(
    game: Path, tmp_path: Path
) -> None:
    box = mbox(tmp_path / "in.mbox", [letter(orders("2"), sender="someone@elsewhere.example")])
    result = intake(game, box)
    assert [e.outcome for e in result.entries] == [FILED]
    (ack,) = outbox(game).values()
    assert ack["To"] == "someone@elsewhere.example"
    assert ack["Cc"] == "polaris@example.org", "the player hears of it"
    assert "WARNING: this message came from someone@elsewhere.example" in body_of(ack)


@pytest.mark.slow
def test_intake_twice_files_nothing_twice(game: Path, tmp_path: Path) -> None:
    messages = [letter(orders("1")), letter(orders("2"), sender="polaris@example.org")]
    box = maildir(tmp_path / "Maildir", messages)
    first = intake(game, box)
    assert len(first.entries) == 2
    snapshot = {p.relative_to(game): p.read_bytes() for p in sorted(game.rglob("*")) if p.is_file()}
    assert sorted(p.name.split(":")[1] for p in (box / "cur").iterdir()) == ["2,S", "2,S"]
    assert not list((box / "new").iterdir())
    second = intake(game, box)
    assert second.entries == [] and second.skipped == 2
    after = {p.relative_to(game): p.read_bytes() for p in sorted(game.rglob("*")) if p.is_file()}
    assert after == snapshot
    # the same messages from an mbox copy are known by their bytes too
    assert intake(game, mbox(tmp_path / "copy.mbox", messages)).skipped == 2


# The game's verification key is drawn at random (as a password's salt is), and the record
# of files verified is keyed with it: the same mail gives the same record under one key.
SECRET_KEYED = ("verify-key", "verified.json")


def test_the_same_mail_gives_the_same_bytes(tmp_path: Path) -> None:
    outs = []
    for run in ("a", "b"):
        game = make_game(tmp_path / run / "gc16")
        box = mbox(tmp_path / run / "in.mbox", [letter(orders("1")), letter("hi")])
        intake(game, box)
        outs.append(
            {
                p.relative_to(game): p.read_bytes()
                for p in sorted((game / OUTBOX).rglob("*")) + sorted((game / INTAKE).rglob("*"))
                if p.is_file() and p.name not in SECRET_KEYED
            }
        )
    assert outs[0] == outs[1]


def test_too_large_and_malformed_messages_are_logged(game: Path, tmp_path: Path) -> None:
    huge = letter("x" * 80 + "\n" + ("y" * 70 + "\n") * 20000)
    broken = b"\xff\xfe\x00garbage\r\n\r\n\x00\x01"
    box = mbox(tmp_path / "in.mbox", [huge, broken])
    result = intake(game, box)
    outcomes = sorted(e.outcome for e in result.entries)
    assert REFUSED in outcomes
    log = (game / INTAKE / LOG).read_text(encoding="utf-8")
    assert len(log.splitlines()) == len(result.entries) == 2
    ledger = (game / INTAKE / HANDLED).read_text().split()
    assert len(ledger) == 3, "each by its bytes, the huge one by its Message-ID too"


@pytest.mark.slow
def test_a_message_for_a_processed_turn_is_answered(game: Path, tmp_path: Path) -> None:
    from galbatch.engine.job.run import process

    assert process(game, force=True, pdf=False).committed
    stale = letter(orders("1"), date="Tue, 18 Feb 1997 10:00:00 +0000")
    result = intake(game, mbox(tmp_path / "in.mbox", [stale]))
    assert [e.outcome for e in result.entries] == [REJECTED]
    assert "processed on 1997-02-19" in result.entries[0].detail
    fresh = letter(orders("1"), date="Thu, 20 Feb 1997 10:00:00 +0000")
    result = intake(game, mbox(tmp_path / "in2.mbox", [fresh]))
    assert [e.outcome for e in result.entries] == [FILED]
    assert (game / INTAKE / "002" / "record.yaml").is_file()


def test_help_gets_the_command_summary(game: Path, tmp_path: Path) -> None:
    result = intake(game, mbox(tmp_path / "in.mbox", [letter("", subject="HELP")]))
    assert [e.outcome for e in result.entries] == ["HELP"]
    (answer,) = outbox(game).values()
    text = body_of(answer)
    assert 'GAME GC16 PLAYER <your number> PASSWORD "<your password>"' in text
    assert "B S/T ship planet" in text


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.binary(max_size=600)
        | st.builds(
            lambda head, body: head + b"\n\n" + body,
            st.sampled_from(
                [
                    b"From: a@example.org\nContent-Type: text/plain; charset=x-bad",
                    b"From: a@example.org\nContent-Type: multipart/mixed; boundary=q",
                    b"From: <>\nSubject: HELP",
                    b"From: arcturus@example.org\nContent-Transfer-Encoding: base64",
                ]
            ),
            st.binary(max_size=400) | st.just(orders("1").encode()),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_any_bytes_as_mail_give_log_entries_and_no_traceback(messages: list[bytes]) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        game = make_game(base / "gc16")
        box = maildir(base / "Maildir", messages)
        result = intake(game, box)
        distinct = len(set(messages))
        assert result.messages == distinct
        assert {e.key for e in result.entries} == {hashlib.sha256(m).hexdigest() for m in messages}
        log = (game / INTAKE / LOG).read_text(encoding="utf-8")
        assert len(log.splitlines()) == len(result.entries)


@pytest.mark.slow
def test_the_commands(game: Path, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from galbatch.cli.post import intake as intake_command
    from galbatch.cli.post import mail as mail_command

    runner = CliRunner()
    box = mbox(tmp_path / "in.mbox", [letter(orders("1")), letter(orders("2", password="x"))])
    done = runner.invoke(intake_command, [str(game), str(box)])
    assert done.exit_code == 4, done.output
    assert done.output.startswith("INTAKE  2 new messages, 0 handled before; 1 order file filed")
    again = runner.invoke(intake_command, [str(game), str(box)])
    assert again.exit_code == 0 and "0 new messages, 2 handled before" in again.output
    missing = runner.invoke(intake_command, [str(game), str(tmp_path)])
    assert missing.exit_code == 1 and "not a Maildir" in missing.output
    written = runner.invoke(mail_command, [str(game), "--turn", "0"])
    assert written.exit_code == 0 and "3 mails written to the outbox" in written.output
    wrong = runner.invoke(mail_command, [str(game), "--turn", "5"])
    assert wrong.exit_code == 1 and "has no turn 5" in wrong.output


def test_an_order_file_sent_as_bytes_and_a_mail_with_no_sender(game: Path, tmp_path: Path) -> None:
    as_bytes = letter(
        "Attached.\n",
        attachments=[("ORDERS.TXT", "application", "octet-stream", orders("1").encode())],
    )
    anonymous = letter(orders("3"), sender="rigel@example.org").replace(
        b"From: Player <rigel@example.org>\n", b""
    )
    result = intake(game, mbox(tmp_path / "in.mbox", [as_bytes, anonymous]))
    assert sorted((e.outcome, e.player) for e in result.entries) == [(FILED, "1"), (FILED, "3")]
    to_rigel = [m for m in outbox(game).values() if m["To"] == "rigel@example.org"]
    assert len(to_rigel) == 1, "the player hears what was filed for them"


def test_a_link_in_a_maildir_is_logged_and_left(game: Path, tmp_path: Path) -> None:
    box = maildir(tmp_path / "Maildir", [letter(orders("1"))])
    (box / "new" / "1.link").symlink_to(game / "game.yaml")
    result = intake(game, box)
    assert sorted(e.outcome for e in result.entries) == [FILED, "UNREADABLE"]
    assert (box / "new" / "1.link").is_symlink()
    assert "a symbolic link, not a message" in (game / INTAKE / LOG).read_text()


def test_a_busy_game_is_refused_and_nothing_changes(game: Path, tmp_path: Path) -> None:
    from galbatch.engine.gamedir.locks import GameBusy, writer_lock

    box = mbox(tmp_path / "in.mbox", [letter(orders("1"))])
    with writer_lock(game), pytest.raises(GameBusy):
        intake(game, box, wait=0)
    assert not (game / INTAKE).exists() and not (game / OUTBOX).exists()
    assert not (game / "orders" / "1.txt").exists()


@pytest.mark.slow
def test_an_order_file_over_the_limit_is_answered(game: Path, tmp_path: Path) -> None:
    big = orders("1", body="# padding\n" * 30000)
    result = intake(game, mbox(tmp_path / "in.mbox", [letter(big)]))
    assert [(e.outcome, e.detail) for e in result.entries] == [
        (REJECTED, "the file is larger than 256 KB")
    ]
    (answer,) = outbox(game).values()
    assert "[GB002]" in body_of(answer)
