"""What the post room reads from game.yaml: the `mail` mapping and each player's `email`.

    mail:
      from: "GC16 Mail Server <gc16@example.org>"   # From: of every mail galbatch writes
      smtp_host: mail.example.org                   # where `galbatch mail --send` delivers
      smtp_port: 25
      smtp_starttls: true      # STARTTLS, the server's certificate verified, before anything
      smtp_user: gc16          # the login; its password never in game.yaml:
      smtp_password_file: ~/.config/galbatch/gc16.smtp   # from this file (mode 0600), or
                               # from the environment, GALBATCH_SMTP_PASSWORD
      max_message_kb: 1024     # a larger message is refused at intake
    players:
      - id: "3"
        ...
        email: rigel@example.org

The keys are declared by galbatch.engine.gamedir.schema with the rest of game.yaml, so a
bad value is named by its line when the game is loaded; this module reads them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from galbatch.engine.gamedir.directory import GameError
from galbatch.engine.gamedir.schema import (
    DEFAULT_MAX_MESSAGE_KB,
    DEFAULT_SENDER,
    DEFAULT_SMTP_PORT,
    EMAIL,
    mail_problems,
)

__all__ = ["EMAIL", "PASSWORD_VARIABLE", "PostSettings", "player_emails", "post_settings"]

PASSWORD_VARIABLE = "GALBATCH_SMTP_PASSWORD"


@dataclass(frozen=True)
class PostSettings:
    """The `mail` mapping of game.yaml, with its defaults."""

    sender: str = DEFAULT_SENDER
    smtp_host: str = ""
    smtp_port: int = DEFAULT_SMTP_PORT
    smtp_starttls: bool = False
    smtp_user: str = ""
    smtp_password_file: str = ""
    max_message_kb: int = DEFAULT_MAX_MESSAGE_KB
    site: str = ""  # the game's web site (galbatch serve), named in the players' mail

    @property
    def domain(self) -> str:
        """The domain Message-IDs are made in: the sender's."""
        found = EMAIL.search(self.sender)
        return found.group().split("@", 1)[1].lower() if found else "localhost"


def post_settings(config: Any) -> PostSettings:
    """The settings of a loaded game.yaml (or any mapping with a `mail` key)."""
    mail = config.get("mail") if isinstance(config, Mapping) else None
    if not isinstance(mail, Mapping):
        return PostSettings()
    problems = mail_problems(config)
    if problems:
        raise GameError("\n".join(p.format("game.yaml") for p in problems))
    return PostSettings(
        sender=str(mail.get("from", DEFAULT_SENDER)),
        smtp_host=str(mail.get("smtp_host", "")),
        smtp_port=int(mail.get("smtp_port", DEFAULT_SMTP_PORT)),
        smtp_starttls=bool(mail.get("smtp_starttls", False)),
        smtp_user=str(mail.get("smtp_user", "")),
        smtp_password_file=str(mail.get("smtp_password_file", "")),
        max_message_kb=int(mail.get("max_message_kb", DEFAULT_MAX_MESSAGE_KB)),
        site=str(mail.get("site", "")),
    )


def player_emails(config: Any) -> dict[str, str]:
    """Each player's address as game.yaml gives it, lower case; players without one left out."""
    found: dict[str, str] = {}
    for entry in config.get("players") or []:
        if isinstance(entry, Mapping) and entry.get("email"):
            found[str(entry["id"])] = str(entry["email"]).strip().lower()
    return found
