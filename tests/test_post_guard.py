"""Password guessing by mail (issue 24, item 1): "300 wrong passwords for one player give
300 answers, then the right one is filed; answers go to Reply-To, so the real player
never hears of it."

CONTRIBUTING.md: "No order file, mail or form, however malformed or hostile, produces a
traceback or changes anything beyond what its valid orders do." House rule (galbatch(1)
SECURITY): after WRONG_PASSWORD_LIMIT order files with a wrong password for one player
in one turn, his further files that turn are held (not read, not answered) until the
game master releases him (`intake --release`) or the turn is processed; every rejected
file naming a player is answered at the player's registered address.
"""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

from click.testing import CliRunner, Result

from galbatch.cli.post import intake as intake_command
from galbatch.engine.gamedir.yamlio import load_data
from galbatch.engine.job.run import process
from galbatch.post.filing import WRONG_PASSWORD_LIMIT
from galbatch.post.intake_record import HELD, REJECTED, RELEASED
from galbatch.post.replies import OUTBOX
from tests.test_post_support import EMAILS, letter, make_game, mbox, orders

ATTACKER = "evil@attacker.example"


def guesses(count: int, start: int = 0, hour: int = 10) -> list[bytes]:
    """Order files for player 1, each with another wrong password, answers asked to the
    attacker's Reply-To."""
    return [
        letter(
            orders("1", password=f"guess{i}"),
            sender=ATTACKER,
            headers=[("Reply-To", ATTACKER)],
            subject=f"orders {i}",
            date=f"Mon, 17 Feb 1997 {hour}:{i % 60:02d}:00 +0000",
        )
        for i in range(start, start + count)
    ]


def run(game: Path, box: Path, *more: str) -> Result:
    return CliRunner().invoke(intake_command, [str(game), str(box), *more])


def answers(game: Path) -> list[email.message.Message]:
    return [
        email.message_from_bytes(f.read_bytes(), policy=email.policy.default)
        for f in sorted((game / OUTBOX).glob("*.eml"))
    ]


def rows(game: Path, turn: int = 1) -> list[dict[str, str]]:
    data = load_data(game / "intake" / f"{turn:03d}" / "record.yaml")
    return list(data["messages"])


def test_guessing_is_held_after_the_limit_and_told_to_the_player_not_the_guesser(
    tmp_path: Path,
) -> None:
    """20 wrong passwords and then the right one, from an address not the player's: five
    answers, all to the player's registered address naming the sender; the rest, and the
    right password after them, held: not filed, not answered."""
    game = make_game(tmp_path / "gc16")
    right = letter(
        orders("1", body="P 68 1 5\n"), sender=ATTACKER, date="Mon, 17 Feb 1997 11:00:00"
    )
    box = mbox(tmp_path / "in.mbox", [*guesses(20), right])
    done = run(game, box)
    assert done.exit_code == 4, done.output
    assert not (game / "orders" / "1.txt").exists()
    mails = answers(game)
    assert len(mails) == WRONG_PASSWORD_LIMIT == 5
    assert {str(m["To"]) for m in mails} == {EMAILS["1"]}
    assert all(ATTACKER not in str(m["To"]) + str(m.get("Cc", "")) for m in mails)
    texts = [str(m.get_body(("plain",)).get_content()) for m in mails]  # type: ignore[union-attr]
    assert all(f"with a wrong password came from\n           {ATTACKER}" in t for t in texts)
    assert sum("HELD       from now on every order file for player 1" in t for t in texts) == 1
    outcomes = [(r["outcome"], r["player"]) for r in rows(game)]
    assert outcomes.count((REJECTED, "1")) == 5 and outcomes.count((HELD, "1")) == 16
    assert done.output.count(" HELD ") == 16


def test_the_count_holds_over_later_intakes_until_released_or_the_turn_is_processed(
    tmp_path: Path,
) -> None:
    """The limit is per player and turn, counted from the turn's intake record (no
    clock): a later intake still holds; `intake --release 1` reads his files again; the
    next turn starts from nothing."""
    game = make_game(tmp_path / "gc16")
    run(game, mbox(tmp_path / "a.mbox", guesses(5)))
    mine = letter(orders("1"), date="Mon, 17 Feb 1997 12:00:00")
    assert run(game, mbox(tmp_path / "b.mbox", [mine])).exit_code == 4
    assert rows(game)[-1]["outcome"] == HELD and not (game / "orders" / "1.txt").exists()
    other = letter(orders("2"), sender=EMAILS["2"], date="Mon, 17 Feb 1997 12:00:00")
    assert run(game, mbox(tmp_path / "c.mbox", [other])).exit_code == 0  # player 2 is not held

    again = letter(orders("1"), date="Mon, 17 Feb 1997 13:00:00", subject="again")
    done = run(game, mbox(tmp_path / "d.mbox", [again]), "--release", "1")
    assert done.exit_code == 0, done.output
    assert "RELEASED" in done.output and (game / "orders" / "1.txt").is_file()
    assert [r["outcome"] for r in rows(game) if r["player"] == "1"].count(RELEASED) == 1
    assert run(game, mbox(tmp_path / "e.mbox", []), "--release", "9").exit_code == 1

    run(game, mbox(tmp_path / "f.mbox", guesses(WRONG_PASSWORD_LIMIT, start=30, hour=14)))
    held = letter(orders("1"), date="Mon, 17 Feb 1997 15:00:00", subject="held")
    assert run(game, mbox(tmp_path / "h.mbox", [held])).exit_code == 4
    assert rows(game)[-1]["outcome"] == HELD  # held again after five more

    assert process(game, pdf=False, force=True).committed is not None
    late = letter(orders("1"), date="Wed, 19 Feb 1997 10:00:00", subject="turn 2")
    assert run(game, mbox(tmp_path / "g.mbox", [late])).exit_code == 0
    assert rows(game, 2)[-1]["outcome"] == "FILED"


def test_a_rejected_file_is_answered_at_the_registered_address_not_reply_to(
    tmp_path: Path,
) -> None:
    """A file for player 2 with a wrong password and a Reply-To elsewhere: the answer goes to
    player 2's registered address alone."""
    game = make_game(tmp_path / "gc16")
    forged = letter(
        orders("2", password="nope"), sender=EMAILS["2"], headers=[("Reply-To", ATTACKER)]
    )
    run(game, mbox(tmp_path / "in.mbox", [forged]))
    [mail] = answers(game)
    assert str(mail["To"]) == EMAILS["2"] and mail.get("Cc") is None
