"""Answering a message: the log entry for what became of it, the answer queued for the
outbox, and the answers to a HELP, a sign-up and a message with nothing to file."""

from __future__ import annotations

from dataclasses import replace

from galbatch.engine.text.printable import printable
from galbatch.post.confirm import confirmation_code, list_secret
from galbatch.post.helptext import help_text
from galbatch.post.intake_record import (
    ANSWERED,
    HELP,
    NOT_SIGNED_UP,
    REFUSED,
    REJECTED,
    SIGNED_UP,
    SUPERSEDED,
    TO_CONFIRM,
    UNREADABLE,
    Entry,
)
from galbatch.post.intake_room import SIGNUP_RECORD, Room
from galbatch.post.message import FORWARD_NOT_READ, Letter
from galbatch.post.replies import re_subject, reply_to_letter
from galbatch.post.signups import add_signup, parse_anm, signup_problem

# What a flood is made of: answered once an address a run, and never twice the same
FLOOD_KINDS = frozenset(
    {NOT_SIGNED_UP, TO_CONFIRM, REJECTED, ANSWERED, REFUSED, UNREADABLE, HELP, SUPERSEDED}
)


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
    subject: str = "",
) -> Entry:
    """Queue an answer to the letter, if it may be answered; the entry names it.

    A letter with no address to answer goes unanswered, unless `cc` names the
    player's own address: they hear of what was filed for them. `to`: the address the
    answer goes to instead of the sender's (a player's registered one). A failure (see
    _flooded) is answered once an address a run, and never twice the same. The answer is
    dated as the letter is, or, if its Date is not believed, on the day of the latest
    turn."""
    if letter.automatic:
        return entry
    chosen = not to  # the sender chose where the answer goes
    to = to or letter.reply_to or (cc[0] if cc else "")
    if not to:
        return entry
    silenced = _flooded(room, entry, to) if chosen or entry.outcome == TO_CONFIRM else ""
    if silenced:
        return replace(entry, detail=f"{entry.detail}; not answered: {silenced}")
    game = room.game_id or "galbatch"
    mail = reply_to_letter(
        replace(letter, reply_to=to, date=room.believed(letter)),
        room.settings,
        kind=kind,
        subject=subject or re_subject(letter, f"{game}: your message"),
        body=body,
        fallback_date=room.noon,
        cc=cc,
    )
    room.mails.append(mail)
    return replace(entry, reply=mail.name, to=to)


def _flooded(room: Room, entry: Entry, to: str) -> str:
    """Why a failure is not answered at `to` (a flood's backscatter), "" if it is: at most
    one answer an address a run, none for what the address was answered before."""
    if entry.outcome not in FLOOD_KINDS:
        return ""
    if to in room.answered:
        return "one answer an address a run"
    if room.told is None:
        room.told = {
            (str(r.get("to")), str(r.get("outcome")), str(r.get("detail")))
            for rows in room.records.values()
            for r in rows
            if r.get("to")
        }
    if (to, entry.outcome, entry.detail) in room.told:
        return "answered so before"
    room.answered.add(to)
    room.told.add((to, entry.outcome, entry.detail))
    return ""


def answer_help(room: Room, letter: Letter) -> Entry:
    entry = log_entry(letter, HELP, "", "the command summary sent")
    if room.game is not None:
        text = help_text(room.game.ruleset_name, room.game.id, room.game.title)
    else:
        assert room.signups is not None
        text = help_text(room.signups.ruleset, room.signups.game, f"Game {room.signups.game}")
    return answer(room, letter, entry, "help", text)


def sign_up(room: Room, letter: Letter) -> list[Entry]:
    """A `#ANM` line: no seat yet, but an answer to its address with the code that takes
    one (see confirm); or why the list cannot take it."""
    line = letter.signup_lines[0]  # one sign-up an address: the first line counts
    parsed = parse_anm(line)
    game, name = parsed if parsed is not None else ("", "")
    why: str | None
    if room.signups is None:
        why = f"game {room.game_id} has started; it takes no more sign-ups"
    else:
        why = signup_problem(room.signups, game, name, letter.sender)
    if why is not None:
        entry = log_entry(letter, NOT_SIGNED_UP, "", why)
        body = f"Your sign-up\n\n    {printable(line)}\n\nwas not taken: {why}.\n"
        return [answer(room, letter, entry, "signup", body)]
    assert room.signups is not None
    code = confirmation_code(list_secret(room.path), room.signups.game, letter.sender, name)
    entry = log_entry(letter, TO_CONFIRM, "", f"{name}: waits for a reply with its code")
    entry = replace(entry, signup=name)
    body = (
        f"To sign up {name} for game {room.signups.game.upper()}, reply to this mail from\n"
        f"{letter.sender}, keeping its subject, or send a mail from that address with the code\n\n"
        f"    {code}\n\n"
        "in it. No seat is taken until then: seats go in the order the replies come.\n"
        "If you did not sign up, ignore this mail; nothing more will be sent.\n"
    )
    subject = f"{room.signups.game.upper()} sign-up of {name}: reply to confirm {code}"
    return [answer(room, letter, entry, "signup", body, to=letter.sender, subject=subject)]


def confirm_sign_up(room: Room, letter: Letter) -> Entry | None:
    """A message from an address that quotes a code its address was sent: the sign-up it
    confirms takes a seat. None if the message confirms nothing."""
    if room.signups is None or not letter.codes or not letter.sender:
        return None
    secret = list_secret(room.path)
    game = room.signups.game
    asked = [
        str(r["signup"])
        for r in room.records.get(SIGNUP_RECORD, [])
        if r.get("outcome") == TO_CONFIRM and r.get("from") == letter.sender and r.get("signup")
    ]
    names = [n for n in asked if confirmation_code(secret, game, letter.sender, n) in letter.codes]
    if not names:
        return None
    name = names[0]
    game = room.signups.game
    why = add_signup(room.signups, game, name, letter.sender, letter.date, letter.key)
    if why is not None:
        entry = log_entry(letter, NOT_SIGNED_UP, "", why)
        body = f"Your sign-up of {name} for game {game.upper()} was not taken: {why}.\n"
        return answer(room, letter, entry, "signup", body, to=letter.sender)
    room.signups_changed = True
    place = len(room.signups.signups)
    entry = log_entry(letter, SIGNED_UP, "", f"{name} signed up, number {place}")
    body = (
        f"Thank you: {name} is signed up for game {game.upper()}, number {place} "
        "on the list.\nYou will get your player number, password and the first due "
        "date when the game starts.\n"
    )
    return answer(room, letter, entry, "signup", body, to=letter.sender)


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
