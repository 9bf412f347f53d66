"""Filing a message's order file: authenticated, checked as `check --game` checks it,
written to orders/<player>.txt (keeping the file it replaces), and answered with
what happened."""

from __future__ import annotations

from typing import Any

from galbatch.engine.checker.pipeline import FileCheck, check_file
from galbatch.engine.gamedir.commit import archived_form, digest, fsync_dir
from galbatch.engine.gamedir.directory import GameError
from galbatch.engine.gamedir.inbox import NotAFile, read_regular
from galbatch.engine.gamedir.verified import ledger_bytes, ledger_name
from galbatch.engine.language.codes import GB016
from galbatch.engine.language.diagnostics import Diagnostic, Severity
from galbatch.engine.language.orderfile import OrderFile, parse_order_bytes, redact, split_lines
from galbatch.engine.security.authentication import authenticate
from galbatch.engine.security.hashes import verify_password
from galbatch.engine.text.printable import printable
from galbatch.post.answers import answer, log_entry
from galbatch.post.intake_commit import finish_commit
from galbatch.post.intake_record import (
    DATE_USED,
    FILED,
    HELD,
    INTAKE,
    REJECTED,
    RELEASED,
    SUPERSEDED,
    WRONG_PASSWORD,
    Entry,
    filed_rows,
    flush_stored,
)
from galbatch.post.intake_room import Room
from galbatch.post.message import Letter
from galbatch.post.replies import write_atomic

# House rule (issue 24): after this many order files with a wrong password for one player
# in one turn, every further file for him that turn is held: not read, not answered.
WRONG_PASSWORD_LIMIT = 5


def file_orders(room: Room, letter: Letter) -> Entry:
    """Authenticate, check and file the letter's order file; answer with what happened."""
    assert letter.order_text is not None
    data = letter.order_text.encode("utf-8")
    if room.game is None:
        assert room.signups is not None
        entry = log_entry(letter, REJECTED, "", "the game has not started")
        body = f"Game {room.signups.game} has not started yet: no orders are taken.\n"
        return answer(room, letter, entry, "ack", body)
    game, ruleset = room.game, room.ruleset
    assert ruleset is not None
    of, player = _order_file(room, data)
    lines = [f"Your message of {_when(letter)} was received.", ""]
    if of.header is None or of.header.game.lower() != game.id.lower() or player is None:
        return _not_this_games(room, letter, of, lines)
    if _wrong_passwords(room, player) >= WRONG_PASSWORD_LIMIT:
        return _held(room, letter, player)
    auth = _authenticate(room, of, player)
    if auth:
        return _wrong_password(room, letter, player, lines, check_file(of, ruleset, auth=auth))
    lines += _date_lines(room, letter)
    late = _late(room, letter)
    if late:
        why = (
            f"the message is dated {late}, before turn {room.latest} was processed on "
            f"{room.date}: it was meant for turn {room.latest}"
        )
        return _rejected(room, letter, player, why, lines, None)
    state = room.load_state()
    if ruleset.finished(state):
        return _rejected(room, letter, player, f"game {game.id} has ended", lines, None)
    check = check_file(of, ruleset, ruleset.view(state, player), player, auth)
    warning, cc = _other_address(room, letter, player)
    superseded = _superseded_by(room, player, letter)
    if superseded is not None:
        entry = log_entry(letter, SUPERSEDED, player, f"a later message ({superseded}) is filed")
        lines += [
            f"NOT FILED  a later message of yours, dated {superseded}, is already filed for",
            f"           turn {room.turn}; this one is kept in the intake record.",
            "",
            *_check_lines(check),
        ]
        return answer(room, letter, entry, "ack", "\n".join(lines) + "\n", cc)
    room.vouched[player] = (data, game.password_hash(player))  # its password is right
    replaced = _stage(room, player, data)
    detail = f"orders/{player}.txt, {len(data):,} bytes, RC {int(check.rc):04d}"
    if replaced:
        detail += f"; replaced {replaced}"
    entry = log_entry(letter, FILED, player, detail + ("; other address" if warning else ""))
    lines += _filed_notes(room, player, data, replaced, state)
    if warning:
        lines += ["", warning]
    lines += ["", *_check_lines(check), "", *_filed_lines(data), "", *_due_lines(room)]
    return answer(room, letter, entry, "ack", "\n".join(lines) + "\n", cc)


def _order_file(room: Room, data: bytes) -> tuple[OrderFile, str | None]:
    """The order file as read, named for the player its header names, and that player
    (None if the header names none of the game's)."""
    assert room.game is not None
    header = parse_order_bytes(data, "orders").header
    player = None
    if header is not None:
        wanted = header.player.lower()
        player = next((p.id for p in room.game.players if p.id.lower() == wanted), None)
    label = f"orders/{player}.txt" if player is not None else "orders"
    return parse_order_bytes(data, label), player


def _not_this_games(room: Room, letter: Letter, of: OrderFile, lines: list[str]) -> Entry:
    """The answer to an order file that is no file of this game's players: its header is
    unusable, names another game, or names no player of this one."""
    game, ruleset = room.game, room.ruleset
    assert game is not None and ruleset is not None
    header = of.header
    if header is None:
        check = check_file(of, ruleset)
        fatal = [d.message for d in check.diagnostics if d.severity is Severity.FATAL]
        why = fatal[0].split(";")[0].split(":")[0] if fatal else "no usable header line"
        return _rejected(room, letter, "", why, lines, check)
    if header.game.lower() != game.id.lower():
        why = f"the order file is for game {header.game}; this is game {game.id}"
        return _rejected(room, letter, "", why, lines, None)
    bad = Diagnostic(
        of.name,
        header.line,
        1,
        Severity.FATAL,
        GB016,
        f"game {game.id} has no player {header.player}; file rejected",
    )
    check = check_file(of, ruleset, auth=[bad])
    return _rejected(room, letter, "", "no such player", lines, check)


def _other_address(room: Room, letter: Letter, player: str) -> tuple[str, tuple[str, ...]]:
    """A warning if the letter came from another address than the one the game has for
    the player, and that address, to copy the answer to; ("", ()) if not."""
    registered = room.emails.get(player, "")
    if not registered or registered == letter.sender:
        return "", ()
    warning = (
        f"WARNING: this message came from {letter.sender or 'no address'}, not from the "
        f"address game {room.game_id} has for player {player}; the password was right, so the "
        "file was filed. A copy of this answer goes to that address."
    )
    return warning, (registered,)


def _filed_notes(room: Room, player: str, data: bytes, replaced: str, state: Any) -> list[str]:
    """The answer's FILED lines: the file, its SHA-256 as the turn will archive it, what
    it replaced, and a note if the player owes no orders (or no decision) now."""
    game, ruleset = room.game, room.ruleset
    assert game is not None and ruleset is not None
    name = next(p.name for p in game.players if p.id == player)
    lines = [
        f"FILED      orders/{player}.txt for player {player} ({name}), turn {room.turn}",
        f"           {len(data):,} bytes; turn {room.turn} records the SHA-256 of the file "
        "as it is",
        "           archived, with the password masked:",
        f"           {digest(archived_form(data))}",
    ]
    if replaced:
        lines.append("REPLACED   the file filed before; the game master keeps it")
    if player not in ruleset.accepting(state):
        lines.append(f"NOTE       player {player} owes no orders for turn {room.turn}")
    elif player not in ruleset.owing(state):
        lines.append(
            f"NOTE       player {player} owes no decision now; turn {room.turn} reads these orders"
        )
    return lines


def _late(room: Room, letter: Letter) -> str:
    """The day a letter for a processed turn is dated, "" if it is for the next turn.

    No order file names its turn, so the Date decides: a message dated before the day
    the latest turn was processed, by the sender's calendar and by UTC both, was meant
    for that turn; one dated on that day or later (or not believably dated) is for the
    next, as is everything before turn 1 is processed."""
    when = room.believed(letter)
    if when is None or room.latest < 1:
        return ""
    day = max(when.date().isoformat(), letter.local_day)
    return day if day < room.date else ""


def _date_lines(room: Room, letter: Letter) -> list[str]:
    """A note in the answer when the letter's Date was not believed."""
    if letter.date is None or room.believed(letter) is not None:
        return []
    return [
        f"NOTE       the Date of your message, {letter.date.date()}, is not believed (game "
        f"{room.game_id}",
        f"           began on {room.start}; turn {room.turn} is due {room.due}): the message "
        "counts as",
        "           undated, in the order it arrived; any later message replaces it.",
        "",
    ]


def _authenticate(room: Room, of: OrderFile, player: str) -> list[Diagnostic]:
    """`authenticate`, with each player's password checked once a run (a PBKDF2 is slow)."""

    assert room.game is not None and of.header is not None
    stored = room.game.password_hash(player)
    said = (player, digest(of.header.password.encode("utf-8")))
    if said not in room.verified:
        room.verified[said] = verify_password(of.header.password, stored)
    return authenticate(of, room.game.id, player, None if room.verified[said] else stored)


def _wrong_passwords(room: Room, player: str) -> int:
    """How many order files for `player` this turn's record rejected for their password
    since the game master last released him."""
    if room.wrong is None:
        wrong: dict[str, int] = {}
        cleared: dict[str, int] = {}
        for row in filed_rows(room):
            who = str(row.get("player") or "")
            if row.get("outcome") == REJECTED and row.get("detail") == WRONG_PASSWORD:
                wrong[who] = wrong.get(who, 0) + 1
            elif row.get("outcome") == RELEASED:
                cleared[who] = max(cleared.get(who, 0), int(row.get("cleared") or 0))
        room.wrong = {who: n - cleared.get(who, 0) for who, n in wrong.items()}
    return room.wrong.get(player, 0)


def release_player(room: Room, player: str) -> Entry:
    """`intake --release PLAYER`: the wrong passwords counted against him this turn are
    cleared, so that his next order files are read again; a row in the record says so."""
    if room.game is None or player not in {p.id for p in room.game.players}:
        raise GameError(f"{room.path}: no player {player!r} to release")
    before = _wrong_passwords(room, player)
    rows = filed_rows(room)
    total = sum(
        r.get("outcome") == REJECTED
        and r.get("detail") == WRONG_PASSWORD
        and r.get("player") == player
        for r in rows
    )
    detail = f"released by the game master: {before} wrong passwords cleared"
    rows.append(
        {
            "message": "",
            "date": "",
            "outcome": RELEASED,
            "player": player,
            "detail": detail,
            "cleared": total,
        }
    )
    assert room.wrong is not None
    room.wrong[player] = 0
    return Entry("", "", "", RELEASED, player, detail)


def _wrong_password(
    room: Room, letter: Letter, player: str, lines: list[str], check: FileCheck
) -> Entry:
    """The answer to a wrong password: to the player's registered address (not to whoever
    sent it), saying who sent it; at the limit, that further files this turn are held."""
    assert room.wrong is not None
    room.wrong[player] = room.wrong.get(player, 0) + 1
    count = room.wrong[player]
    lines = [
        *lines,
        f"WRONG PASSWORD  an order file for player {player} with a wrong password came from",
        f"           {letter.sender or 'no address'}: {count} of the {WRONG_PASSWORD_LIMIT} "
        f"turn {room.turn} takes.",
        "",
    ]
    if count >= WRONG_PASSWORD_LIMIT:
        lines += [
            f"HELD       from now on every order file for player {player} is held until turn "
            f"{room.turn} is processed",
            "           (or the game master releases them): not read, not filed, not answered.",
            "           If you did not send these files, tell the game master.",
            "",
        ]
    return _rejected(room, letter, player, WRONG_PASSWORD, lines, check)


def _held(room: Room, letter: Letter, player: str) -> Entry:
    """An order file for a player past WRONG_PASSWORD_LIMIT: kept in the record, not read
    for its password (no guess is tried), not answered (no one learns anything)."""
    why = (
        f"held: {WRONG_PASSWORD_LIMIT} wrong passwords for player {player} in turn {room.turn}; "
        "not read, not answered"
    )
    return log_entry(letter, HELD, player, why)


def _rejected(
    room: Room, letter: Letter, player: str, why: str, lines: list[str], check: FileCheck | None
) -> Entry:
    """An order file not filed, answered with why; one naming a player of the game is
    answered at the player's registered address, never at one the sender chose."""
    entry = log_entry(letter, REJECTED, player, why)
    lines = [*lines, f"NOT FILED  {why}.", ""]
    if check is not None:
        lines += [*_check_lines(check), ""]
    if room.game is not None:
        lines += _due_lines(room)
    registered = room.emails.get(player, "") if player else ""
    return answer(room, letter, entry, "ack", "\n".join(lines) + "\n", to=registered)


def _check_lines(check: FileCheck) -> list[str]:
    """What `galbatch check --game` says of the file, with its return code."""
    lines = [f"CHECK      RC {int(check.rc):04d}  {check.status}"]
    lines += [d.format() for d in check.diagnostics]
    return lines


def _filed_lines(data: bytes) -> list[str]:
    """The file as filed, its lines numbered as the diagnostics number them, password masked."""

    text = redact(data).decode("utf-8", "replace")
    numbered = [f"{n:4d}  {printable(line)}" for n, line in enumerate(split_lines(text), 1)]
    return ["THE FILE AS FILED (the password masked):", "", *numbered]


def _due_lines(room: Room) -> list[str]:
    return [
        f"Orders for turn {room.turn} are due {room.due}. A later message replaces this one;",
        "send a message with the subject HELP for how to write orders.",
    ]


def _when(letter: Letter) -> str:
    if letter.date is None:
        return "(no date)"
    return letter.date.strftime("%Y-%m-%d %H:%M UTC")


def _superseded_by(room: Room, player: str, letter: Letter) -> str | None:
    """The date of the later message whose file is in the inbox for `player`, if there is one."""
    current = _inbox_bytes(room, player)
    when = room.believed(letter)
    if current is None or when is None:
        return None
    shas = {digest(archived_form(current)), digest(current)}  # the latter: older records
    for row in filed_rows(room):
        same = row.get("filed") in shas and row.get("player") == player
        believed = row.get(DATE_USED, True)  # a Date not believed orders nothing
        if same and believed and str(row.get("date") or "") > when.isoformat():
            return str(row["date"])
    return None


def _inbox_bytes(room: Room, player: str) -> bytes | None:
    """The player's inbox file as this run leaves it so far."""
    if player in room.inbox:
        return room.inbox[player]
    file = room.path / "orders" / f"{player}.txt"
    try:
        return read_regular(file)
    except (NotAFile, OSError):
        return None


def _stage(room: Room, player: str, data: bytes) -> str:
    """File `data` as orders/<player>.txt when the run commits; keep what it replaces, its
    password masked. Returns where the old file goes.

    Nothing is written here: a run killed while it reads its mail leaves the inbox as
    it found it (see intake_commit)."""
    target = room.path / "orders" / f"{player}.txt"
    current = _inbox_bytes(room, player)
    kept = ""
    if current is not None and archived_form(current) != archived_form(data):
        kept_form = archived_form(current)  # as the turn archives a file: the password masked
        rel = f"{room.record_name}/replaced/{player}-{digest(kept_form)[:16]}.txt"
        room.stored[rel] = kept_form  # written before the inbox is
        kept = f"{INTAKE}/{rel}"
    if current != data:
        if target.is_symlink() or (target.exists() and not target.is_file()):
            raise OSError(f"{target}: not a regular file; nothing filed")
        room.inbox[player] = data
    return kept


def file_now(
    room: Room, player: str, data: bytes, letter: Letter, verified_against: str | None = None
) -> str:
    """File `data` as orders/<player>.txt now, as intake files a mail's order file, for a
    writer other than intake that holds the writer lock: what it replaces is kept first,
    and an intake a kill left half made durable is finished before (so that it cannot
    later put an older file over this one). Returns where the old file is kept.

    `verified_against`: the password hash the caller verified the file's password against;
    recorded for the turn (engine.gamedir.verified) if it is still the game's."""
    finish_commit(room.path)
    kept = _stage(room, player, data)
    flush_stored(room)  # the old file is safe before it is replaced
    staged = room.inbox.pop(player, None)
    if staged is not None and room.game is not None and verified_against is not None:
        masked = archived_form(staged)
        if verified_against == room.game.password_hash(player):
            ledger = ledger_bytes(
                room.path, room.turn, room.game.id, {player: (masked, verified_against)}
            )
            if ledger is not None:  # recorded: filed with the password masked
                target = room.path / ledger_name(room.turn)
                target.parent.mkdir(parents=True, exist_ok=True)
                write_atomic(target, ledger, 0o600)
                staged = masked
    if staged is not None:
        inbox = room.path / "orders"
        inbox.mkdir(exist_ok=True)
        write_atomic(inbox / f"{player}.txt", staged, 0o600)
        fsync_dir(inbox)
    return kept
