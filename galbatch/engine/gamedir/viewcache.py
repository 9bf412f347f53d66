"""Which view files are the views of which state: SHA-256 digests in the per-user cache.

`check --game` needs the player's view of the game's latest turn. Building it means
loading the whole state; the turn already holds it, written by the job that wrote
the state. A view file is read instead only when this cache says that, for a
state.yaml of these very bytes and this galbatch, the player's view is a file of
these very bytes: the job records that as it commits a turn, and a check that built
a view records it when the view file holds exactly what it built. Nothing is ever
written in the game directory.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path

from galbatch.engine.gamedir.sha256 import hexdigest

VIEWS_FORM = 1  # of the cached records: another form is never read
KEPT_RECORDS = 64  # the most recent ones; an older one is made again when it is needed
MAX_RECORD_BYTES = 1 << 20
PREFIX = "views-"
TMP_PREFIX = ".tmp-"


def digest(data: bytes) -> str:
    return hexdigest(data)


def state_key(ruleset: str, state: bytes) -> str:
    """The name of the record of the views of a state.yaml with bytes `state`."""
    from galbatch import __version__

    named = f"{__version__}/{VIEWS_FORM}/{ruleset}/{digest(state)}"
    return PREFIX + digest(named.encode())


def known_views(key: str) -> dict[str, str]:
    """The digest of each player's view file recorded as `key`; empty if there is none."""
    from galbatch.engine.language.parsing import cache_dir

    directory = cache_dir()
    if directory is None:
        return {}
    try:
        with (directory / f"{key}.json").open("rb") as f:
            record = json.loads(f.read(MAX_RECORD_BYTES))
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(record, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in record.items()
    ):
        return {}
    return record


def remember_views(key: str, views: Mapping[str, str]) -> None:
    """Add the digests of `views` (player: digest of the view file) to the record `key`;
    a cache that cannot be written is no error."""
    from galbatch.engine.language.parsing import cache_dir

    directory = cache_dir()
    if directory is None:
        return
    record = {**known_views(key), **views}
    target = directory / f"{key}.json"
    tmp = directory / f"{TMP_PREFIX}{key}-{os.getpid()}.json"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(record, f, sort_keys=True)
        os.replace(tmp, target)  # a reader sees the whole record or none
    except OSError:
        tmp.unlink(missing_ok=True)
        return
    _prune(directory)


def _prune(directory: Path) -> None:
    """Delete all but the KEPT_RECORDS most recent records (each turn leaves one behind)."""
    found = []
    for path in directory.glob(f"{PREFIX}*.json"):
        try:
            found.append((path.stat().st_mtime_ns, path))
        except OSError:  # deleted meanwhile
            continue
    for _, path in sorted(found, reverse=True)[KEPT_RECORDS:]:
        path.unlink(missing_ok=True)
