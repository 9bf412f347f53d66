"""The password page: a logged-in player changes his own password, as `galbatch passwd`
would (the same check, the same writer, only his hash line of game.yaml changes).

The current password is asked again and counts as a login when wrong; the sessions
made with the old password end, as after `galbatch passwd`; this one goes on.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from galbatch.engine.gamedir.directory import Game, GameError
from galbatch.engine.gamedir.locks import GameBusy
from galbatch.engine.gamedir.player_passwords import password_problem, set_password
from galbatch.engine.security.hashes import verify_password
from galbatch.web.limits import field
from galbatch.web.security import csrf_ok
from galbatch.web.session import Seat, fingerprint, seat_of
from galbatch.web.site import TOO_MANY, Site, site_of

BUSY = (
    "galbatch process (or another writer) is working on this game now: your password "
    "was not changed. Try again in a little while."
)
WRONG_CURRENT = "That is not your current password: nothing was changed."
MISMATCH = "The two new passwords differ: nothing was changed."


def _page(site: Site, request: Request, seat: Seat, code: int = 200, **more: str) -> Response:
    more.setdefault("error", "")
    more.setdefault("message", "")
    return site.page(request, "password.html", code, seat=seat, **more)


async def password_page(request: Request) -> Response:
    site = site_of(request)
    seat = seat_of(request, site.config)
    if seat is None:
        return RedirectResponse("/login", 303)
    return _page(site, request, seat)


async def change_password(request: Request) -> Response:
    site = site_of(request)
    seat = seat_of(request, site.config)
    if seat is None:
        return RedirectResponse("/login", 303)
    form = await request.form()
    if not csrf_ok(request, form.get("csrf")):
        return _page(site, request, seat, 403, error="The form was stale: try again.")
    new, again = field(form, "new") or "", field(form, "again") or ""
    if new != again:
        return _page(site, request, seat, 400, error=MISMATCH)
    problem = password_problem(new)
    if problem is not None:
        error = f"The new password cannot be used ({problem}): nothing was changed."
        return _page(site, request, seat, 400, error=error)
    keys = (f"client:{site.client(request)}", f"player:{seat.game.id.upper()}/{seat.player}")
    if site.refused(*keys):
        return _page(site, request, seat, 429, error=TOO_MANY)
    current = field(form, "current") or ""
    stored = seat.game.password_hash(seat.player)
    if not current or not await run_in_threadpool(verify_password, current, stored):
        await site.failed(*keys)
        return _page(site, request, seat, 403, error=WRONG_CURRENT)
    return await _store(site, request, seat, new)


async def _store(site: Site, request: Request, seat: Seat, new: str) -> Response:
    """Write the new password's hash as `galbatch passwd` does, without waiting for a
    writer; then this session goes on with it and every other one of the old ends."""
    try:
        stored = await run_in_threadpool(_set, seat, new)
    except GameBusy:
        return _page(site, request, seat, 409, error=BUSY)
    except (GameError, OSError):
        error = "The game cannot be written just now: your password was not changed."
        return _page(site, request, seat, 503, error=error)
    request.session["pw"] = fingerprint(stored)
    site.hold(request, new)
    message = "Your password is changed: use the new one from now on, here and in mail."
    return _page(site, request, seat, message=message)


def _set(seat: Seat, new: str) -> str:
    """Store the new password (the writer lock taken at once or GameBusy); its hash."""
    set_password(seat.game.path, seat.player, new, wait=0, by_player=True)
    return Game.open(seat.game.path).password_hash(seat.player)


ROUTES = [
    Route("/password", password_page, methods=["GET"]),
    Route("/password", change_password, methods=["POST"]),
]
