"""The site: `create_app` builds it from a WebConfig; here too logging in and out.

Routes (no route names a player: who he is comes from his session alone):

    GET  /                  to the turn page, or the login page
    GET  /login  POST /login    a player logs in with game, player and password
    POST /logout            ends the session (player or GM)
    GET  /turn  /turn/N     the turn page (web/player.py)
    GET  /turn/N/printout.pdf  /turn/N/view.json   his PDF and view file of turn N
    GET  /turn/N/map-K.svg  the K-th map of his printout of turn N (web/maps.py)
    GET  /history  /history.svg  the chart of the scores the rules make public (web/history.py)
    GET  /action POST /action  his orders, as a table and as text: check and save
    POST /action/check      the check as JSON, for the command editor (static/editor.js)
    GET  /password POST /password  his password: changed (web/password.py)
    GET  /messages POST /messages  his diplomatic messages (web/messages.py)
    GET  /gm/login POST /gm/login  GET /gm   the GM's page (web/gm.py)
    GET  /static/site.css  /static/editor.js
"""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from galbatch.engine.gamedir.directory import Game
from galbatch.engine.security.hashes import verify_password
from galbatch.web import gm, history, maps, player
from galbatch.web.config import ServeOptions, WebConfig
from galbatch.web.limits import BodyLimit, field
from galbatch.web.messages import ROUTES as MESSAGE_ROUTES
from galbatch.web.password import ROUTES as PASSWORD_ROUTES
from galbatch.web.security import SecurityHeaders, csrf_ok
from galbatch.web.session import fingerprint
from galbatch.web.site import HERE, TOO_MANY, WRONG, Site, site_of

COOKIE = "galbatch_session"


async def home(request: Request) -> Response:
    where = "/turn" if request.session.get("player") else "/login"
    return RedirectResponse(where, 303)


async def login_page(request: Request) -> Response:
    return site_of(request).page(request, "login.html", error="", game="", player="")


async def login(request: Request) -> Response:
    site = site_of(request)
    form = await request.form()
    game_id, player_id = field(form, "game"), field(form, "player")
    password = field(form, "password")
    if not csrf_ok(request, form.get("csrf")):
        return site.page(
            request,
            "login.html",
            403,
            error="The form was stale: try again.",
            game=game_id or "",
            player=player_id or "",
        )
    keys = (f"client:{site.client(request)}", f"player:{(game_id or '').upper()}/{player_id}")
    if game_id is None or player_id is None or password is None or site.refused(*keys):
        error = TOO_MANY if site.refused(*keys) else WRONG
        await site.failed(*keys)
        return site.page(
            request,
            "login.html",
            429 if error == TOO_MANY else 403,
            error=error,
            game=game_id or "",
            player=player_id or "",
        )
    found = _seat(site.config, game_id, player_id)
    stored = found[0].password_hash(found[1]) if found else site.dummy
    right = await run_in_threadpool(verify_password, password, stored)
    if found is None or not right:
        await site.failed(*keys)
        return site.page(request, "login.html", 403, error=WRONG, game=game_id, player=player_id)
    game, player = found
    site.start(request, game=game.id, player=player, pw=fingerprint(stored))
    site.hold(request, password)
    return RedirectResponse("/turn", 303)


def _seat(config: WebConfig, game_id: str, player_id: str) -> tuple[Game, str] | None:
    """The game and the player's id as game.yaml has it; None if there is no such seat."""
    game = config.served(game_id)
    if game is None:
        return None
    wanted = player_id.lower()
    seat = next((p.id for p in game.players if p.id.lower() == wanted), None)
    return (game, seat) if seat is not None else None


async def logout(request: Request) -> Response:
    site = site_of(request)
    form = await request.form()
    if not csrf_ok(request, form.get("csrf")):
        return site.page(request, "error.html", 403, message="The form was stale: try again.")
    site.end(request)
    return RedirectResponse("/login", 303)


def create_app(config: WebConfig) -> Starlette:
    """The site for `config`'s games."""
    routes = [
        Route("/", home),
        Route("/login", login_page, methods=["GET"]),
        Route("/login", login, methods=["POST"]),
        Route("/logout", logout, methods=["POST"]),
        *player.ROUTES,
        *maps.ROUTES,
        *history.ROUTES,
        *PASSWORD_ROUTES,
        *MESSAGE_ROUTES,
        *gm.ROUTES,
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    middleware = [
        Middleware(SecurityHeaders, https=config.https),
        Middleware(BodyLimit),
        Middleware(
            SessionMiddleware,
            secret_key=config.secret,
            session_cookie=COOKIE,
            max_age=config.session_hours * 3600,
            same_site="lax",
            https_only=config.https,
        ),
    ]
    app = Starlette(routes=routes, middleware=middleware)
    app.state.site = Site(config)
    return app


def from_environment() -> Starlette:
    """The site each of `galbatch serve --workers N`'s worker processes serves: loaded
    from the options serve left in the environment, as serve loaded them."""
    return create_app(ServeOptions.from_environment().load())
