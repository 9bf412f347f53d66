"""A sign-up list: the file `signups.yaml` of a directory that takes players before
its game exists (see galbatch.post.signups for the mail that fills it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from galbatch.engine.gamedir.directory import GameError
from galbatch.engine.gamedir.yamlio import LoadError, dump_data, load_data

SIGNUPS_FILE = "signups.yaml"


@dataclass(frozen=True)
class Signup:
    """One player signed up: the name asked for and the address it came from."""

    name: str
    email: str
    date: str  # the sign-up message's Date, ISO, UTC; "" if it had none
    message: str  # the first 16 hex digits of the message's SHA-256


@dataclass
class SignupList:
    """A game's sign-up list: the game id the #ANM lines name, and who signed up, in order."""

    game: str
    ruleset: str = ""  # the ruleset whose name rules apply too; "" for the rule book's alone
    limit: int = 0  # the most players taken; 0: no limit
    signups: list[Signup] = field(default_factory=list)
    mail: dict[str, Any] = field(default_factory=dict)  # game.yaml's `mail` keys, for answers
    new: dict[str, Any] = field(default_factory=dict)  # `new --open`: the game's options

    def data(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "ruleset": self.ruleset,
            "limit": self.limit,
            **({"mail": dict(sorted(self.mail.items()))} if self.mail else {}),
            **({"new": dict(sorted(self.new.items()))} if self.new else {}),
            "signups": [
                {"name": s.name, "email": s.email, "date": s.date, "message": s.message}
                for s in self.signups
            ],
        }


def signups_bytes(signups: SignupList) -> bytes:
    maker = "galbatch start" if signups.new else "galbatch new --signups"
    head = (
        f"# Sign-ups of game {signups.game}, in the order they came by mail.\n"
        f"# galbatch intake adds to it; {maker} makes the game from it.\n"
    )
    return (head + dump_data(signups.data())).encode("utf-8")


def read_signups(file: Path) -> SignupList:
    """The list in `file`; GameError if it is missing or not a sign-up list."""
    try:
        data = load_data(file, 1024 * 1024)
        signups = SignupList(
            game=str(data["game"]),
            ruleset=str(data.get("ruleset") or ""),
            limit=int(data.get("limit") or 0),
            signups=[
                Signup(str(s["name"]), str(s["email"]), str(s.get("date", "")), str(s["message"]))
                for s in data.get("signups") or []
            ],
            mail=dict(data.get("mail") or {}),
            new=dict(data.get("new") or {}),
        )
    except (LoadError, OSError) as e:
        raise GameError(f"{file}: cannot read the sign-up list: {e}") from None
    except (LookupError, TypeError, ValueError, AttributeError) as e:
        raise GameError(f"{file}: not a sign-up list ({type(e).__name__}: {e})") from None
    return signups
