"""Answering a message: the log entry for what became of it, the answer queued for the
outbox, and the answers to a HELP, a sign-up and a message with nothing to file."""

from __future__ import annotations

from dataclasses import replace

from galbatch.engine.text.printable import printable
from galbatch.post.helptext import help_text
from galbatch.post.intake_record import ANSWERED, HELP, NOT_SIGNED_UP, SIGNED_UP, Entry
from galbatch.post.intake_room import Room
from galbatch.post.message import FORWARD_NOT_READ, Letter
from galbatch.post.replies import re_subject, reply_to_letter
from galbatch.post.signups import add_signup, parse_anm


def log_entry(letter: Letter, outcome: str, player: str, detail: str) -> Entry:
    when = letter.date.isoformat() if letter.date is not None else ""
    return Entry(letter.key, when, letter.sender, outcome, player, detail)


def answer(
    room: Room,
    letter: Letter,
    entry: Entry,
    kind: str,
    body: str,
    cc: tuple[str, ...] = (),
    to: str = "",
) -> Entry:
    """Queue an answer to the letter, if it may be answered; the entry names it.

    A letter with no address to answer goes unanswered, unless `cc` names the
    player's own address: they hear of what was filed for them. `to`: the address the
    answer goes to instead of the sender's (a player's registered one). The answer is
    dated as the letter is, or, if its Date is not believed, on the day of the latest
    turn."""
    if letter.automatic:
        return entry
    to = to or letter.reply_to or (cc[0] if cc else "")
    if not to:
        return entry
    game = room.game_id or "galbatch"
    mail = reply_to_letter(
        replace(letter, reply_to=to, date=room.believed(letter)),
        room.settings,
        kind=kind,
        subject=re_subject(letter, f"{game}: your message"),
        body=body,
        fallback_date=room.noon,
        cc=cc,
    )
    room.mails.append(mail)
    return replace(entry, reply=mail.name)


def answer_help(room: Room, letter: Letter) -> Entry:
    entry = log_entry(letter, HELP, "", "the command summary sent")
    if room.game is not None:
        text = help_text(room.game.ruleset_name, room.game.id, room.game.title)
    else:
        assert room.signups is not None
        text = help_text(room.signups.ruleset, room.signups.game, f"Game {room.signups.game}")
    return answer(room, letter, entry, "help", text)


def sign_up(room: Room, letter: Letter) -> list[Entry]:
    entries = []
    for line in letter.signup_lines[:1]:  # one sign-up an address: the first line counts
        parsed = parse_anm(line)
        game, name = parsed if parsed is not None else ("", "")
        why: str | None
        if room.signups is None:
            why = f"game {room.game_id} has started; it takes no more sign-ups"
        else:
            why = add_signup(room.signups, game, name, letter.sender, letter.date, letter.key)
        if why is None:
            assert room.signups is not None
            room.signups_changed = True
            place = len(room.signups.signups)
            entry = log_entry(letter, SIGNED_UP, "", f"{name} signed up, number {place}")
            body = (
                f"Thank you: {name} is signed up for game {game.upper()}, number {place} "
                "on the list.\nYou will get your player number, password and the first due "
                "date when the game starts.\n"
            )
            entries.append(answer(room, letter, entry, "signup", body))
        else:
            entry = log_entry(letter, NOT_SIGNED_UP, "", why)
            body = f"Your sign-up\n\n    {printable(line)}\n\nwas not taken: {why}.\n"
            entries.append(answer(room, letter, entry, "signup", body))
    return entries


def answer_nothing(room: Room, letter: Letter) -> Entry:
    if letter.html_only:
        entry = log_entry(letter, ANSWERED, "", "HTML only: asked for plain text")
        body = (
            "Your message came as HTML only, and galbatch reads plain text.\n"
            "Send the order file again as plain text (in your mail program: plain\n"
            "text, not HTML or rich text), or attach it as a .txt file.\n"
        )
        return answer(room, letter, entry, "plain", body)
    forward = FORWARD_NOT_READ in letter.problems
    entry = log_entry(
        letter, ANSWERED, "", "no order file found" + (f"; {FORWARD_NOT_READ}" * forward)
    )
    body = (
        "No order file was found in your message: no line starts with\n"
        f'    GAME {room.game_id} PLAYER <number> PASSWORD "<password>"\n'
        "Send a message with the subject HELP for how to write one.\n"
    )
    if forward:
        body += (
            "A forwarded message (a mail attached to yours) is never read for orders:\n"
            "send the order file itself, in your own message.\n"
        )
    return answer(room, letter, entry, "nothing", body)
