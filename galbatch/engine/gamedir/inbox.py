"""The inbox, `orders/`: one regular file a player, read without trusting what is there.

Only regular files are read. A symbolic link, a directory, a pipe or a device
is a stray entry: reported, never opened, never archived, never removed.
Files are opened without following links and without blocking, and read only
up to one byte past the order-file size limit.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from galbatch.engine.language.orderfile import MAX_BYTES, parse_order_bytes

SUFFIX = ".txt"
NOT_OWING = "not the order file of a player who owes orders"


@dataclass(frozen=True)
class Stray:
    """An inbox entry that is not a player's order file, and why."""

    name: str
    why: str
    player: str | None = None  # a known player's file, waiting for a turn they owe orders in
    # a regular file not named `<id>.txt` whose header names player `names` (2.TXT,
    # 01.txt, RIGEL.txt, 2.txt.txt): the turn must not pass it over in silence
    names: str | None = None

    def data(self) -> dict[str, str | None]:
        """The entry as the JSON reports give it (`process` and `status`)."""
        return {"name": self.name, "why": self.why, "player": self.player, "names": self.names}

    def __str__(self) -> str:
        if self.names is not None:
            fix = f"{self.names}{SUFFIX}"
            return f"{self.name} (its header names player {self.names}: name it {fix})"
        return f"{self.name} ({self.why})"


class NotAFile(Exception):
    """The entry is not a regular file; the message says what it is."""


def read_regular(path: Path, limit: int = MAX_BYTES + 1) -> bytes:
    """At most `limit` bytes of a regular file; NotAFile for a link, directory, pipe or device."""
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    try:
        fd = os.open(path, flags)
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise NotAFile("a symbolic link") from None
        raise
    try:
        kind = kind_of(os.fstat(fd).st_mode)
        if kind != "file":
            raise NotAFile(kind)
        chunks = []
        left = limit
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def kind_of(mode: int) -> str:
    """'file' for a regular file, else what a GM would call the entry."""
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device"


def entries(inbox: Path) -> list[str]:
    """The names in the inbox, sorted; none if it does not exist."""
    try:
        return sorted(os.listdir(inbox))
    except OSError:
        return []


def player_of(name: str, players: set[str]) -> str | None:
    """The player whose order file `name` is (`<id>.txt`), if any."""
    if name.endswith(SUFFIX) and name[: -len(SUFFIX)] in players:
        return name[: -len(SUFFIX)]
    return None


@dataclass(frozen=True)
class InboxScan:
    """What the inbox holds for a turn: each player's bytes, and everything else."""

    files: dict[str, bytes]
    strays: tuple[Stray, ...]


def scan(
    inbox: Path, players: list[str], known: set[str], skip: frozenset[str] = frozenset()
) -> InboxScan:
    """Read the files of `players` (in their order); anything else in the inbox is a stray.

    `known` are all the game's players: the file of one who owes nothing now is
    a stray that names its player.

    `skip` names files a committed turn has already consumed (a kill interrupted
    the clearing of the inbox): they are neither read nor reported.
    """
    wanted = set(players)
    found: dict[str, bytes] = {}
    strays: list[Stray] = []
    for name in entries(inbox):
        if name in skip:
            continue
        player = player_of(name, wanted)
        if player is None:
            kind = _stray_kind(inbox / name)
            owner = player_of(name, known) if kind == NOT_OWING else None
            names = header_player(inbox / name, known) if kind == NOT_OWING and not owner else None
            strays.append(Stray(name, kind, owner, names))
            continue
        try:
            found[player] = read_regular(inbox / name)
        except NotAFile as e:
            strays.append(Stray(name, str(e)))
        except OSError as e:
            strays.append(Stray(name, f"unreadable: {e.strerror or e}"))
    return InboxScan({p: found[p] for p in players if p in found}, tuple(strays))


def header_player(path: Path, known: set[str]) -> str | None:
    """The known player a misnamed file's header names (`PLAYER 2`), or None."""
    try:
        header = parse_order_bytes(read_regular(path), path.name).header
    except (NotAFile, OSError):
        return None
    if header is None:
        return None
    return next((p for p in sorted(known) if p.lower() == header.player.lower()), None)


def _stray_kind(path: Path) -> str:
    try:
        kind = kind_of(os.lstat(path).st_mode)
    except OSError as e:
        return f"unreadable: {e.strerror or e}"
    return NOT_OWING if kind == "file" else kind
