"""The GM's pages, behind the GM's password (`--gm-password-file`): each served game
as `galbatch status` shows it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from galbatch.engine.gamedir.directory import GameError
from galbatch.engine.job.status import Status, game_status
from galbatch.engine.security.hashes import verify_password
from galbatch.rules import UnknownRuleset
from galbatch.web.limits import field
from galbatch.web.security import csrf_ok
from galbatch.web.session import fingerprint, is_gm
from galbatch.web.site import TOO_MANY, site_of

GM_KEY = "player:GM"  # the GM's failed logins count under this key, as a player's do


@dataclass(frozen=True)
class GameLine:
    """One served game on the GM's page: its status, or why it cannot be read."""

    id: str
    status: Status | None
    problem: str = ""


def _games(ids: dict[str, str], paths: dict[str, Path]) -> list[GameLine]:
    """Every served game's status (`game_status`, as `galbatch status` has it), by id."""
    lines = []
    for key in sorted(paths):
        try:
            lines.append(GameLine(ids.get(key, key), game_status(paths[key])))
        except (GameError, UnknownRuleset, OSError) as e:
            lines.append(GameLine(ids.get(key, key), None, str(e)))
    return lines


async def gm_login_page(request: Request) -> Response:
    site = site_of(request)
    if not site.config.gm_hash:
        return site.page(request, "error.html", 404, message="There is no such page.")
    return site.page(request, "gm_login.html", error="")


async def gm_login(request: Request) -> Response:
    site = site_of(request)
    if not site.config.gm_hash:
        return site.page(request, "error.html", 404, message="There is no such page.")
    form = await request.form()
    if not csrf_ok(request, form.get("csrf")):
        return site.page(request, "gm_login.html", 403, error="The form was stale: try again.")
    keys = (f"client:{site.client(request)}", GM_KEY)
    if site.refused(*keys):
        await site.failed(*keys)
        return site.page(request, "gm_login.html", 429, error=TOO_MANY)
    password = field(form, "password") or ""
    if not await run_in_threadpool(verify_password, password, site.config.gm_hash):
        await site.failed(*keys)
        return site.page(request, "gm_login.html", 403, error="Wrong password.")
    site.start(request, gm=fingerprint(site.config.gm_hash))
    return RedirectResponse("/gm", 303)


async def gm_page(request: Request) -> Response:
    site = site_of(request)
    if not site.config.gm_hash:
        return site.page(request, "error.html", 404, message="There is no such page.")
    if not is_gm(request, site.config):
        return RedirectResponse("/gm/login", 303)
    lines = await run_in_threadpool(_games, site.config.ids, dict(site.config.games))
    return site.page(request, "gm.html", games=lines)


ROUTES = [
    Route("/gm/login", gm_login_page, methods=["GET"]),
    Route("/gm/login", gm_login, methods=["POST"]),
    Route("/gm", gm_page, methods=["GET"]),
]
