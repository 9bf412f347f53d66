"""The maps of a player's printout as SVG pictures: GET /turn/N/map-K.svg.

Each is drawn by the PDF's own map drawers (`galbatch.print.maps.svg`) from the printout
`galbatch print --player` makes of that turn, which the ruleset makes from the player's
view alone: the picture shows what his printout shows, and no more. K counts the
printout's vector maps from 1, in the order of its pages.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from galbatch.engine.gamedir.directory import GameError
from galbatch.engine.gamedir.yamlio import LoadError
from galbatch.engine.job.reprint import turn_printout
from galbatch.print.maps.svg import MapPicture, SvgError, printout_maps
from galbatch.rules import UnknownRuleset
from galbatch.web.session import Seat, seat_of
from galbatch.web.site import site_of

CACHED = 32  # printouts' maps kept: a turn, once committed, is never changed in place
_cache: OrderedDict[tuple[str, int, str, int, int], tuple[MapPicture, ...]] = OrderedDict()
_lock = threading.Lock()


def turn_maps(seat: Seat, turn: int) -> tuple[MapPicture, ...]:
    """The maps of the player's printout of `turn`; none if the turn has no printout of
    his (no such turn, not in it yet) or its archive cannot be read."""
    game = seat.game
    try:
        if not 0 <= turn <= game.latest_turn():
            return ()
        stamp = game.turn_dir(turn).stat()
    except (GameError, OSError):
        return ()
    # a game remade in place (rolled back, run again) has new turn folders
    key = (str(game.path), turn, seat.player, stamp.st_ino, stamp.st_mtime_ns)
    with _lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    try:
        maps = tuple(printout_maps(turn_printout(game, turn, seat.player)))
    except (GameError, LoadError, UnknownRuleset, OSError, SvgError):
        return ()
    with _lock:
        _cache[key] = maps
        while len(_cache) > CACHED:
            _cache.popitem(last=False)
    return maps


async def turn_map(request: Request) -> Response:
    site = site_of(request)
    seat = seat_of(request, site.config)
    if seat is None:
        return RedirectResponse("/login", 303)
    turn, number = int(request.path_params["turn"]), int(request.path_params["number"])
    maps = await run_in_threadpool(turn_maps, seat, turn)
    if not 1 <= number <= len(maps):
        return site.page(request, "error.html", 404, message="There is no such map.")
    return Response(maps[number - 1].svg.encode("utf-8"), media_type="image/svg+xml")


ROUTES = [Route("/turn/{turn:int}/map-{number:int}.svg", turn_map, methods=["GET"])]
