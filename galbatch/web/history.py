"""A game's history: GET /history (the page) and /history.svg (its chart).

Where the rule book makes a score or standing public, the chart plots it turn by turn
as the ruleset reads it (`Ruleset.public_scores`) from the player's own view file of
each archived turn: what his printouts told him, and nothing another player was told.
A game whose book makes none public gets a page that says so.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from galbatch.engine.contract.ruleset import AnyRuleset
from galbatch.engine.gamedir.directory import Game, GameError
from galbatch.engine.gamedir.locks import commit_lock
from galbatch.engine.gamedir.yamlio import LoadError
from galbatch.rules import UnknownRuleset, get_ruleset
from galbatch.web.chart import Series, line_chart
from galbatch.web.session import Seat, seat_of
from galbatch.web.site import site_of
from galbatch.web.views import player_view

CACHED = 32


@dataclass(frozen=True)
class History:
    """What the chart plots: the ruleset's name for the numbers ("" when the book makes
    none public), the turns across, and each name's (turn, value) points."""

    label: str
    turns: tuple[int, ...]
    series: tuple[Series, ...]

    def rows(self) -> list[tuple[int, list[str]]]:
        """The numbers as a table: each turn and each name's value ("" where none)."""
        table = []
        for turn in self.turns:
            cells = []
            for _, points in self.series:
                value = dict(points).get(turn)
                cells.append("" if value is None else f"{value:g}")
            table.append((turn, cells))
        return table


_cache: OrderedDict[tuple[str, str, int, int], History] = OrderedDict()
_lock = threading.Lock()


def _collect(game: Game, ruleset: AnyRuleset, player: str, latest: int) -> History:
    """Every archived turn's public scores in the player's own view file."""
    turns: list[int] = []
    points: dict[str, list[tuple[int, float]]] = {}  # in the order names first appear
    for turn in range(latest + 1):
        view = player_view(game, player, turn)
        found = None if view is None else ruleset.public_scores(view)
        if found is None:
            continue
        turns.append(turn)
        for name, value in found.items():
            points.setdefault(name, []).append((turn, value))
    series = tuple((name, tuple(p)) for name, p in points.items())
    return History(ruleset.score_label, tuple(turns), series)


def game_history(seat: Seat) -> History | None:
    """The player's chart of the game; None if the game cannot be read just now."""
    game = seat.game
    try:
        ruleset = get_ruleset(game.ruleset_name)
        if not ruleset.score_label:  # the book makes no score public
            return History("", (), ())
        with commit_lock(game.turns, exclusive=False):
            latest = game.latest_turn()
            stamp = game.turn_dir(latest).stat().st_mtime_ns
            key = (str(game.path), seat.player, latest, stamp)
            with _lock:
                if key in _cache:
                    _cache.move_to_end(key)
                    return _cache[key]
            history = _collect(game, ruleset, seat.player, latest)
    except (GameError, UnknownRuleset, LoadError, OSError):
        return None
    with _lock:
        _cache[key] = history
        while len(_cache) > CACHED:
            _cache.popitem(last=False)
    return history


def chart(seat: Seat, history: History) -> str:
    title = f"{seat.game.id}: {history.label} BY TURN"
    return line_chart(title, history.label, history.turns, history.series)


async def history_page(request: Request) -> Response:
    site = site_of(request)
    seat = seat_of(request, site.config)
    if seat is None:
        return RedirectResponse("/login", 303)
    history = await run_in_threadpool(game_history, seat)
    if history is None:
        return site.page(request, "error.html", 503, message="The game cannot be read just now.")
    return site.page(request, "history.html", seat=seat, history=history)


async def history_chart(request: Request) -> Response:
    site = site_of(request)
    seat = seat_of(request, site.config)
    if seat is None:
        return RedirectResponse("/login", 303)
    history = await run_in_threadpool(game_history, seat)
    if history is None or not history.series:
        return site.page(request, "error.html", 404, message="This game has no public score.")
    return Response(chart(seat, history).encode("utf-8"), media_type="image/svg+xml")


ROUTES = [
    Route("/history", history_page, methods=["GET"]),
    Route("/history.svg", history_chart, methods=["GET"]),
]
