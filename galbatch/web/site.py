"""What every page shares: the site's configuration, templates, failure counts, and the
sealed passwords of live sessions."""

from __future__ import annotations

import asyncio
import secrets
from pathlib import Path
from typing import Any

import jinja2
from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from galbatch.engine.security.hashes import hash_password
from galbatch.web.config import WebConfig
from galbatch.web.seal import Sealer
from galbatch.web.security import Throttle, client_address, csrf_token, new_token

HERE = Path(__file__).resolve().parent
TOO_MANY = "Too many failed logins: wait a quarter of an hour and try again."
SEAL = "seal"  # the session's key of its sealed password
WRONG = "That game, player and password do not go together."


class Site:
    """What the pages share: the configuration, the templates, the failure counts (this
    worker's alone) and the seal of the passwords sessions keep (the order file's header
    needs it)."""

    def __init__(self, config: WebConfig) -> None:
        self.config = config
        env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(HERE / "templates"),
            autoescape=True,  # everything a player wrote is escaped
            undefined=jinja2.StrictUndefined,
        )
        self.templates = Jinja2Templates(env=env)
        self.players = Throttle(config.player_failures)
        self.clients = Throttle(config.client_failures)
        self.sealer = Sealer(config.secret, config.session_hours * 3600)
        self.dummy = hash_password(secrets.token_hex(8))  # verified for an unknown player

    def hold(self, request: Request, password: str) -> None:
        """Keep the session's password in it, sealed, for the session's hours: any worker,
        and the server after a restart, can file a save with it."""
        sid = str(request.session.get("sid", ""))
        request.session[SEAL] = self.sealer.seal(sid, password)

    def password(self, request: Request) -> str | None:
        """The password the session holds sealed; None if it holds none still good."""
        return self.sealer.open(str(request.session.get("sid", "")), request.session.get(SEAL))

    def start(self, request: Request, **facts: Any) -> None:
        """A new session (a new id and CSRF token: nothing of the one before carries over)."""
        self.end(request)
        request.session.update(facts, sid=new_token(), csrf=new_token())

    def end(self, request: Request) -> None:
        request.session.clear()

    def page(self, request: Request, name: str, code: int = 200, **context: Any) -> Response:
        context.setdefault("csrf", csrf_token(request))
        context.setdefault("gm_site", bool(self.config.gm_hash))
        return self.templates.TemplateResponse(request, name, context, status_code=code)

    def client(self, request: Request) -> str:
        return client_address(request, self.config.behind_proxy)

    async def failed(self, *keys: str) -> None:
        """Count a failed login against each key, and make its answer wait."""
        for key in keys:
            (self.clients if key.startswith("client:") else self.players).fail(key)
        if self.config.failure_delay > 0:
            await asyncio.sleep(self.config.failure_delay)

    def refused(self, *keys: str) -> bool:
        return any(
            (self.clients if k.startswith("client:") else self.players).blocked(k) for k in keys
        )


def site_of(request: Request) -> Site:
    site = request.app.state.site
    assert isinstance(site, Site)
    return site
