"""The site's defences: login failures capped per player and per client, CSRF tokens,
the security headers of every answer, and which address a request came from.

The failure counts live in each worker process's memory: a restart forgets them, and
with `serve --workers N` each worker counts apart, so a key may fail up to N times the
cap before every worker refuses it (galbatch(1) says so); each failure is still slowed.
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Callable

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

PLAYER_FAILURES = 5  # failed logins a player (game and id) may see in WINDOW
CLIENT_FAILURES = 20  # failed logins one client address may make in WINDOW
WINDOW = 15 * 60.0  # seconds
MAX_KEYS = 10_000  # the most players and clients remembered; the oldest go first

# Scripts only from the site's own files (the action page's command editor), never
# inline or eval'd; its check goes to the site itself.
CSP = (
    "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; "
    "img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)
HEADERS = (
    (b"content-security-policy", CSP.encode("ascii")),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cache-control", b"no-store"),  # printouts and orders are nobody else's
)
HSTS = (b"strict-transport-security", b"max-age=31536000")


class Throttle:
    """Failures a key (a player, a client) made in the last `window` seconds; at `limit`
    the key is refused until the oldest ages out."""

    def __init__(
        self, limit: int, window: float = WINDOW, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self.failures: OrderedDict[str, deque[float]] = OrderedDict()

    def _recent(self, key: str) -> deque[float]:
        times = self.failures.get(key, deque())
        now = self.clock()
        while times and now - times[0] >= self.window:
            times.popleft()
        return times

    def blocked(self, key: str) -> bool:
        return len(self._recent(key)) >= self.limit

    def fail(self, key: str) -> None:
        times = self._recent(key)
        times.append(self.clock())
        self.failures[key] = times
        self.failures.move_to_end(key)
        while len(self.failures) > MAX_KEYS:
            self.failures.popitem(last=False)


def new_token() -> str:
    return secrets.token_urlsafe(32)


def csrf_token(request: Request) -> str:
    """The session's CSRF token, made on first use; every form carries it."""
    token = request.session.get("csrf")
    if not isinstance(token, str) or not token:
        token = new_token()
        request.session["csrf"] = token
    return token


def csrf_ok(request: Request, sent: object) -> bool:
    token = request.session.get("csrf")
    if not isinstance(token, str) or not token or not isinstance(sent, str):
        return False
    return hmac.compare_digest(token.encode("ascii"), sent.encode("utf-8", "replace"))


def client_address(request: Request, behind_proxy: bool) -> str:
    """Who sent the request: the peer, or with `behind_proxy` the last address of
    X-Forwarded-For, the one the site's own proxy appended (those before it are the
    client's to write, and trusted by nobody)."""
    if behind_proxy:
        forwarded = request.headers.get("x-forwarded-for", "")
        last = forwarded.rsplit(",", 1)[-1].strip()
        if last:
            return last[:64]
    return request.client.host if request.client else "-"


class SecurityHeaders:
    """ASGI middleware: the security headers on every answer (HSTS over https too)."""

    def __init__(self, app: ASGIApp, https: bool) -> None:
        self.app = app
        self.extra = (*HEADERS, HSTS) if https else HEADERS

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                added = [(k, v) for k, v in self.extra if k not in names]
                message["headers"] = [*message.get("headers", []), *added]
            await send(message)

        await self.app(scope, receive, with_headers)
