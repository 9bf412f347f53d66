"""What every page shares: the site's configuration, templates, failure counts, and the
passwords of live sessions."""

from __future__ import annotations

import asyncio
import secrets
import time
from pathlib import Path
from typing import Any

import jinja2
from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from galbatch.engine.security.hashes import hash_password
from galbatch.web.config import WebConfig
from galbatch.web.security import Throttle, client_address, csrf_token, new_token

HERE = Path(__file__).resolve().parent
TOO_MANY = "Too many failed logins: wait a quarter of an hour and try again."
WRONG = "That game, player and password do not go together."


class Site:
    """What the pages share: the configuration, the templates, the failure counts and
    the passwords of live sessions (memory only: the order file's header needs it)."""

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
        # session id -> (when it was held, the player's password); only this process's memory
        self.held: dict[str, tuple[float, str]] = {}
        self.dummy = hash_password(secrets.token_hex(8))  # verified for an unknown player

    def hold(self, sid: str, password: str) -> None:
        """Keep a session's password for its life (the order file's header needs it);
        those of sessions past their age are forgotten."""
        now = time.monotonic()
        oldest = now - self.config.session_hours * 3600
        for old in [k for k, (when, _) in self.held.items() if when < oldest]:
            del self.held[old]
        self.held[sid] = (now, password)

    def password(self, sid: str) -> str | None:
        held = self.held.get(sid)
        return None if held is None else held[1]

    def start(self, request: Request, **facts: Any) -> None:
        """A new session (a new id and CSRF token: nothing of the one before carries over)."""
        self.end(request)
        request.session.update(facts, sid=new_token(), csrf=new_token())

    def end(self, request: Request) -> None:
        self.held.pop(str(request.session.get("sid", "")), None)
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
