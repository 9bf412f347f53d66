"""`galbatch mail GAMEDIR --turn N`: one mail a player with the turn's printout, to the outbox.

The body is the text printout, under a note naming the attachments (the PDF printout
and the view file, with the command that checks orders against it);
the subject names the turn and the next due date. Everything comes from the
archived turn (its recorded inputs, never today's game.yaml), except the
addresses, which are the players' current ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from galbatch.engine.gamedir.commit import writing
from galbatch.engine.gamedir.directory import Game, GameError
from galbatch.engine.gamedir.inbox import NotAFile, read_regular
from galbatch.engine.gamedir.turnfiles import mail_stem
from galbatch.engine.gamedir.turninputs import recorded_inputs
from galbatch.post.config import player_emails, post_settings
from galbatch.post.replies import GENERATED, Attachment, Mail, build_mail, day, write_outbox
from galbatch.rules import get_ruleset

MAX_ATTACHMENT = 64 * 1024 * 1024


@dataclass
class MailResult:
    """What `mail` put in the outbox, and the players it could not write to."""

    turn: int
    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)  # already waiting, or already sent
    skipped: list[str] = field(default_factory=list)  # "<id>: why"

    def lines(self) -> list[str]:
        head = (
            f"MAIL  turn {self.turn}: {len(self.written)} mails written to the outbox, "
            f"{len(self.unchanged)} unchanged, {len(self.skipped)} players without mail"
        )
        return [
            head,
            *(f"  outbox/{n}" for n in self.written),
            *(f"  no mail for player {s}" for s in self.skipped),
        ]


def turn_mails(game: Game, turn: int) -> tuple[list[Mail], list[str]]:
    """The printout mails of an archived turn, and "<id>: why" for each player without one."""

    turn_dir = game.turn_dir(turn)
    if not turn_dir.is_dir():
        raise GameError(f"game {game.id} has no turn {turn}; the latest is {game.latest_turn()}")
    width = get_ruleset(game.ruleset_name).width
    inputs = recorded_inputs(game, width, turn)
    settings = post_settings(game.config)
    emails = player_emails(game.config)
    current = {p.id for p in game.players}
    mails: list[Mail] = []
    skipped: list[str] = []
    for player in inputs.players:
        address = emails.get(player.id)
        if player.id in game.retired:
            skipped.append(f"{player.id}: retired")
            continue
        if player.id not in current or not address:
            skipped.append(f"{player.id}: no e-mail address in game.yaml")
            continue
        text = _read(turn_dir / "printouts" / f"{player.id}.txt")
        if text is None:
            skipped.append(f"{player.id}: no printout in turns/{turn:03d}")
            continue
        stem = mail_stem(inputs.game, turn, player.id)
        attachments = []
        pdf = _read(turn_dir / "printouts" / f"{player.id}.pdf")
        if pdf is not None:
            attachments.append(Attachment(f"{stem}.pdf", "application", "pdf", pdf))
        view = _read(turn_dir / "views" / f"{player.id}.yaml")
        if view is not None:
            attachments.append(Attachment(f"{stem}.yaml", "application", "yaml", view))
        web = f"Your orders on the web: {settings.site}\n\n" if settings.site else ""
        body = attached_note(attachments, turn) + web + text.decode("utf-8", "replace")
        subject = (
            f"{inputs.game} turn {turn} printout, player {player.id} ({player.name}); "
            f"turn {turn + 1} due {inputs.due}"
        )
        mails.append(
            build_mail(
                settings=settings,
                name=f"turn-{stem}.eml",
                to=(address,),
                subject=subject,
                body=body,
                date=day(inputs.date),
                auto=GENERATED,
                attachments=attachments,
            )
        )
    return mails, skipped


def attached_note(attachments: Sequence[Attachment], turn: int) -> str:
    """What the attachments are, above the printout: the PDF, and the view file with
    the command that checks orders against it before they are sent."""
    lines = []
    for a in attachments:
        if a.subtype == "pdf":
            lines.append(f"Attached: {a.filename}, this printout as a PDF, with its maps.")
        else:
            lines += [
                f"Attached: {a.filename}, your view file: what you know of the game after",
                f"turn {turn}. With galbatch, check your orders for turn {turn + 1} against it",
                "before you send them:",
                "",
                f"    galbatch check ORDERS.txt --view {a.filename}",
            ]
    return "\n".join(lines) + "\n\n" if lines else ""


def mail_turn(path: Path, turn: int | None = None, wait: float | None = None) -> MailResult:
    """Write the printout mails of `turn` (default: the latest) to the outbox, as the writer."""

    with writing(path, wait) as game:
        number = game.latest_turn() if turn is None else turn
        mails, skipped = turn_mails(game, number)
        written = write_outbox(path, mails)
    unchanged = sorted(m.name for m in mails if m.name not in written)
    return MailResult(number, written, unchanged, skipped)


def _read(file: Path) -> bytes | None:
    try:
        return read_regular(file, MAX_ATTACHMENT)
    except (NotAFile, OSError):
        return None
