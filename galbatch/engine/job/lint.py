"""`galbatch check`: lint order files by syntax, against a view, or against a game."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from galbatch.engine.language.codes import GB016
from galbatch.engine.language.diagnostics import (
    RC,
    Diagnostic,
    Severity,
    format_json,
    worst_rc,
)
from galbatch.engine.language.orderfile import (
    MAX_BYTES,
    REDACTED,
    OrderFile,
    parse_order_bytes,
    read_order_file,
)

if TYPE_CHECKING:
    from galbatch.engine.checker.pipeline import FileCheck
    from galbatch.engine.contract.ruleset import AnyRuleset
    from galbatch.engine.gamedir.directory import Game

STDIN = "-"  # as a file to check: the order file is read from standard input
STDIN_NAME = "<stdin>"  # how diagnostics name it


class CheckError(Exception):
    """The check itself cannot run (unknown ruleset, unreadable game or view)."""


def check_files(
    files: Sequence[Path | str],
    *,
    ruleset: str | None = None,
    game_dir: Path | None = None,
    view_file: Path | None = None,
    fmt: str = "text",
    source: bool = False,
    silenced: Collection[str] = (),
) -> tuple[int, str]:
    """Check each file (`STDIN`: standard input); return the worst return code and the
    formatted diagnostics.

    `source`: under each diagnostic, its line of the file with a caret under the
    column, as compilers show them on a terminal. `silenced`: warning codes left out
    (ECheck's -w), and out of the return code; "all" silences every warning."""
    results = [check_one(f, ruleset=ruleset, game_dir=game_dir, view_file=view_file) for f in files]
    diags: list[Diagnostic] = [
        d for r in results for d in r.diagnostics if not _silenced(d, silenced)
    ]
    rc = worst_rc(diags)
    if fmt == "json":
        return int(rc), format_json(diags, rc)
    if source:
        from galbatch.engine.language.caret import with_source

        return int(rc), with_source(diags, {_label(f): _text_of(f) for f in files})
    return int(rc), "\n".join(d.format() for d in diags)


def _silenced(d: Diagnostic, silenced: Collection[str]) -> bool:
    if d.severity is not Severity.WARNING or not silenced:
        return False
    return "all" in silenced or d.code.upper() in {code.upper() for code in silenced}


def _label(path: Path | str) -> str:
    """How diagnostics name a file: its path as given, or <stdin>."""
    return STDIN_NAME if path == STDIN else str(path)


def _text_of(path: Path | str) -> list[str]:
    """The file's lines as the player wrote them, for the caret display."""
    return _bytes_of(path).decode("utf-8", "replace").splitlines()


def _bytes_of(path: Path | str) -> bytes:
    """The file's bytes as checked (read again; standard input as it was read)."""
    if path == STDIN:
        return _STDIN_DATA[0] if _STDIN_DATA else b""
    try:
        with Path(path).open("rb") as f:
            return f.read(MAX_BYTES + 1)
    except OSError:
        return b""


def checked_against(game_dir: Path | None, view_file: Path | None) -> str | None:
    """What a check used, told to the player: "your view of turn 3 (game GC16, player 1
    ARCTURUS)" or "game GC16 as of turn 3"; None for a syntax check."""
    if view_file is not None:
        view = _load_view(view_file)
        turn = _ruleset(str(view.get("ruleset", ""))).turn_of_view(view)
        whose = f"player {view['player']} {view.get('name') or ''}".rstrip()
        of = f"turn {turn}" if turn is not None else "an unnamed turn"
        return f"checked against your view of {of} (game {view.get('game', '?')}, {whose})"
    if game_dir is not None:
        from galbatch.engine.gamedir.directory import Game, GameError

        try:
            game = Game.open_cached(game_dir)
            return f"checked against game {game.id} as of turn {game.latest_turn()}"
        except (GameError, OSError):
            return None
    return None


def failure_json(reason: str) -> str:
    """The `--format json` document of a check that could not run: still one JSON object."""
    import json

    return json.dumps(
        {"rc": int(RC.FAILED), "error": reason, "diagnostics": []}, ensure_ascii=False
    )


def _none() -> list[Diagnostic]:
    return []


def _recorded(game: Game, player: str, of: OrderFile, path: Path | str) -> bool:
    """Whether the file is one intake or the web filed for the next turn with its password
    masked, once verified (engine.gamedir.verified): the inbox file, unchanged since."""
    if of.header is None or of.header.password != REDACTED:
        return False
    from galbatch.engine.gamedir.verified import vouched  # only for a file filed masked

    files = {player: _bytes_of(path)}
    return player in vouched(game.path, game.id, game.latest_turn() + 1, files, game.password_hash)


def check_one(
    path: Path | str, *, ruleset: str | None, game_dir: Path | None, view_file: Path | None
) -> FileCheck:
    of = _read(path)
    if game_dir is not None:  # its password's PBKDF2 starts before the checker loads
        return _check_against_game(of, game_dir, path)
    from galbatch.engine.checker.pipeline import check_file

    if ruleset is not None:
        return check_file(of, _ruleset(ruleset))
    if view_file is not None:
        return _check_against_view(of, view_file, _load_view(view_file))
    raise CheckError("give exactly one of --ruleset, --game or --view")


def check_against_view(data: bytes, name: str, view_file: Path) -> FileCheck:
    """`check --view VIEW_FILE` of an order file's bytes, named `name` in the diagnostics:
    what play by web's check button runs. The view file is read afresh each time (a
    server outlives a turn); CheckError if it cannot be used."""
    return _check_against_view(parse_order_bytes(data, name), view_file, _read_view(view_file))


def _check_against_view(of: OrderFile, view_file: Path, view: dict[str, Any]) -> FileCheck:
    from galbatch.engine.checker.pipeline import check_file
    from galbatch.engine.security.authentication import authenticate  # not for syntax

    rs = _ruleset(str(view.get("ruleset", "")))
    auth = []
    if of.header is not None:
        auth = authenticate(of, str(view.get("game", of.header.game)), str(view["player"]), None)
    try:
        return check_file(of, rs, view, str(view["player"]), auth)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        # a view file is the player's copy: damaged, it must not become a traceback
        raise CheckError(f"{view_file}: not a usable view file ({type(e).__name__})") from None


def _check_against_game(of: Any, game_dir: Path, path: Path | str) -> FileCheck:
    from galbatch.engine.gamedir.directory import Game, GameError, GameFileError
    from galbatch.engine.language.diagnostics import Severity
    from galbatch.engine.security.authentication import authenticate_aside

    try:
        game = Game.open_cached(game_dir)  # game.yaml from the cache, if it is there
        player = None
        if of.header is not None:
            wanted = of.header.player.lower()
            player = next((p.id for p in game.players if p.id.lower() == wanted), None)
        verdict: Callable[[], list[Diagnostic]] | None = None
        if player is not None and _recorded(game, player, of, path):
            verdict = _none  # verified as it arrived: filed with its password masked
        elif player is not None:  # verified while the rules load, the state is read and
            # the orders are checked
            verdict = authenticate_aside(of, game.id, player, game.password_hash(player))
        from galbatch.engine.checker.pipeline import check_file
        from galbatch.engine.gamedir.locks import commit_lock

        rs = _ruleset(game.ruleset_name)
        with commit_lock(game.turns, exclusive=False):  # never a turn half committed
            turn = game.latest_turn()
            key = _state_key(game, turn) if player is not None else None
            view = _recorded_view(game, rs, turn, player, key) if player and key else None
            state = None if view is not None else rs.load_state(game.state_data(turn))
    except GameFileError as e:  # every line names the file already
        raise CheckError(str(e)) from None
    except (GameError, LookupError, KeyError, TypeError, ValueError, OSError) as e:
        raise CheckError(f"{game_dir}: {e}") from None
    if of.header is None:
        return check_file(of, rs)
    if player is None or verdict is None:
        bad = Diagnostic(
            of.name,
            of.header.line,
            1,
            Severity.FATAL,
            GB016,
            f"game {game.id} has no player {of.header.player}; file rejected",
        )
        return check_file(of, rs, auth=[bad])
    if view is None:
        view = rs.view(state, player)
        if key is not None:
            _record_view(game, rs, turn, player, key, view)
    checked = check_file(of, rs, view, player, [])
    auth = verdict()
    # a file that fails authentication is rejected whole: what its orders would give is
    # never shown
    if auth:
        return check_file(of, rs, view, player, auth)
    if not checked.orders:
        return checked
    from galbatch.engine.job.resent import with_resent  # only a file with orders

    return with_resent(checked, game, player, _bytes_of(path), turn + 1)


def _state_key(game: Game, turn: int) -> str | None:
    """The view cache's key for the turn's state.yaml as it is now; None if unreadable."""
    from galbatch.engine.gamedir.viewcache import state_key
    from galbatch.engine.gamedir.yamlio import MAX_DATA_BYTES, LoadError, read_bytes

    try:
        return state_key(
            game.ruleset_name, read_bytes(game.turn_dir(turn) / "state.yaml", MAX_DATA_BYTES)
        )
    except LoadError:
        return None


def _recorded_view(
    game: Game, rs: AnyRuleset, turn: int, player: str, key: str
) -> dict[str, Any] | None:
    """The player's view as the turn's view file holds it (with what the ruleset adds
    from the game's roster), if the view cache says that file is the view of the
    state.yaml whose key is `key`; otherwise None."""
    from galbatch.engine.gamedir.viewcache import known_views

    wanted = known_views(key).get(player)
    data = _view_file(game, turn, player) if wanted else None
    if data is None or data[0] != wanted:
        return None
    return rs.view_from_file(data[1], game.players)


def _record_view(
    game: Game, rs: AnyRuleset, turn: int, player: str, key: str, view: dict[str, Any]
) -> None:
    """Record in the view cache that `view`, built from the state.yaml whose key is
    `key`, is the turn's view file of `player`, if it is: read back, the file gives
    `view`, its data and its attributes (what the ruleset adds from the roster)."""
    from galbatch.engine.gamedir.viewcache import remember_views

    if "game" in view:  # the file's "game" would be the view's: the two not told apart
        return
    data = _view_file(game, turn, player)
    if data is None:
        return
    read = rs.view_from_file(data[1], game.players)
    if read == view and getattr(read, "__dict__", {}) == getattr(view, "__dict__", {}):
        remember_views(key, {player: data[0]})


def _view_file(game: Game, turn: int, player: str) -> tuple[str, dict[str, Any]] | None:
    """The digest of the player's view file in the turn, and its data without the
    game's id; None if it is not there, not a JSON object or of another game."""
    import json

    from galbatch.engine.gamedir.viewcache import digest
    from galbatch.engine.gamedir.yamlio import MAX_VIEW_BYTES, LoadError, read_bytes

    try:
        data = read_bytes(game.turn_dir(turn) / "views" / f"{player}.yaml", MAX_VIEW_BYTES)
        view = json.loads(data.decode("utf-8"))
    except (LoadError, ValueError, RecursionError):
        return None
    if not isinstance(view, dict) or view.pop("game", None) != game.id:
        return None
    return digest(data), view


def _read(path: Path | str) -> OrderFile:
    """The order file at `path`, or on standard input for `STDIN`."""
    if path != STDIN:
        return read_order_file(Path(path))
    import sys

    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        raise CheckError("no standard input to read the order file from")
    try:
        data = stream.read(MAX_BYTES + 1)
    except OSError as e:
        raise CheckError(f"cannot read standard input: {e.strerror or e}") from None
    _STDIN_DATA.append(data)
    return parse_order_bytes(data, STDIN_NAME)


_STDIN_DATA: list[bytes] = []  # standard input as read: it cannot be read twice


def _ruleset(name: str) -> AnyRuleset:
    from galbatch.rules import UnknownRuleset, get_ruleset

    try:
        return get_ruleset(name)
    except UnknownRuleset as e:
        raise CheckError(str(e)) from None


_VIEWS: dict[Path, dict[str, Any]] = {}  # each view file read once: check, then what it was


def _load_view(path: Path) -> dict[str, Any]:
    if path in _VIEWS:
        return _VIEWS[path]
    _VIEWS[path] = view = _read_view(path)
    return view


def _read_view(path: Path) -> dict[str, Any]:
    from galbatch.engine.gamedir.yamlio import MAX_VIEW_BYTES, LoadError, load_data

    try:
        view = load_data(path, MAX_VIEW_BYTES)
    except LoadError as e:  # a damaged (or hostile) view file is the player's to replace
        raise CheckError(f"cannot use the view file: {e}") from None
    if not isinstance(view, dict) or "player" not in view or "ruleset" not in view:
        raise CheckError(f"{path}: not a galbatch view file")
    return view


__all__ = ["RC", "CheckError", "check_files"]
