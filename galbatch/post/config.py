"""What the post room reads from game.yaml: the `mail` mapping and each player's `email`.

    mail:
      from: "GC16 Mail Server <gc16@example.org>"   # From: of every mail galbatch writes
      smtp_host: mail.example.org                   # where `galbatch mail --send` delivers
      smtp_port: 25
      smtp_starttls: false
      smtp_user: gc16          # password from the environment, GALBATCH_SMTP_PASSWORD
      max_message_kb: 1024     # a larger message is refused at intake
    players:
      - id: "3"
        ...
        email: rigel@example.org

The keys are declared here as gameschema declares its own (`MAIL_KEY`, `EMAIL_KEY`,
`MAIL_KEYS`), so the schema can list them and `mail_problems` checks the mapping.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from galbatch.engine.gameschema import Key, Problem, flag, kind, text, whole

DEFAULT_SENDER = "galbatch@localhost"
DEFAULT_PORT = 25
PASSWORD_VARIABLE = "GALBATCH_SMTP_PASSWORD"
MAX_MESSAGE_KB = 1024
EMAIL = re.compile(r"[^@\s<>()\[\],;:\"\\]{1,64}@[A-Za-z0-9.-]{1,190}\.[A-Za-z0-9-]{2,63}")
SENDER = re.compile(r"[^\r\n]{0,80}<?" + EMAIL.pattern + r">?")

EMAIL_KEY = Key("email", text(254, pattern=EMAIL), default="none: the player's mail goes to no one")
MAIL_KEYS: tuple[Key, ...] = (
    Key("from", text(254, pattern=SENDER), default=DEFAULT_SENDER),
    Key("smtp_host", text(253), default="none: galbatch mail --send refuses"),
    Key("smtp_port", whole(1, 65535), default=str(DEFAULT_PORT)),
    Key("smtp_starttls", flag(), default="false"),
    Key("smtp_user", text(254), default="none: no SMTP login"),
    Key("max_message_kb", whole(1, 65536), default=str(MAX_MESSAGE_KB)),
)
MAIL_KEY = Key(
    "mail",
    kind(Mapping, "a mapping of " + ", ".join(k.name for k in MAIL_KEYS)),
    default="none: mail from galbatch@localhost, no SMTP server",
)


@dataclass(frozen=True)
class PostSettings:
    """The `mail` mapping of game.yaml, with its defaults."""

    sender: str = DEFAULT_SENDER
    smtp_host: str = ""
    smtp_port: int = DEFAULT_PORT
    smtp_starttls: bool = False
    smtp_user: str = ""
    max_message_kb: int = MAX_MESSAGE_KB

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
        from galbatch.engine.gamedir import GameError

        raise GameError("\n".join(p.format("game.yaml") for p in problems))
    return PostSettings(
        sender=str(mail.get("from", DEFAULT_SENDER)),
        smtp_host=str(mail.get("smtp_host", "")),
        smtp_port=int(mail.get("smtp_port", DEFAULT_PORT)),
        smtp_starttls=bool(mail.get("smtp_starttls", False)),
        smtp_user=str(mail.get("smtp_user", "")),
        max_message_kb=int(mail.get("max_message_kb", MAX_MESSAGE_KB)),
    )


def player_emails(config: Any) -> dict[str, str]:
    """Each player's address as game.yaml gives it, lower case; players without one left out."""
    found: dict[str, str] = {}
    for entry in config.get("players") or []:
        if isinstance(entry, Mapping) and entry.get("email"):
            found[str(entry["id"])] = str(entry["email"]).strip().lower()
    return found


def mail_problems(config: Any) -> list[Problem]:
    """Unknown and wrong keys of the `mail` mapping, one Problem each (the schema's form)."""
    mail = config.get("mail") if isinstance(config, Mapping) else None
    if not isinstance(mail, Mapping):
        return []
    known = {k.name: k for k in MAIL_KEYS}
    names = ", ".join(known)
    problems = []
    for name, value in mail.items():
        key = known.get(name) if isinstance(name, str) else None
        line = _line(mail, name)
        if key is None:
            problems.append(Problem(line, f"mail.{name}", "unknown key", names))
            continue
        what = key.rule.problem(value)
        if what is not None:
            problems.append(Problem(line, f"mail.{name}", what, key.rule.allowed))
    return problems


def _line(node: Any, key: Any) -> int:
    try:
        return int(node.lc.key(key)[0]) + 1
    except (AttributeError, KeyError, IndexError, TypeError):
        return 1
