"""Size limits on what a request may send: a whole body, and each form field."""

from __future__ import annotations

from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 320 * 1024  # bytes of a request body: the largest order file, encoded, and more
MAX_FIELD = 64  # characters of a game id, player id or password field


class BodyLimit:
    """ASGI middleware: a body over `limit` bytes is refused (413) before any page reads it."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await _too_large(scope, receive, send)
                return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > self.limit:
                await _too_large(scope, receive, send)
                return
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


async def _too_large(scope: Scope, receive: Receive, send: Send) -> None:
    answer = PlainTextResponse("413 the request is larger than this site takes\n", 413)
    await answer(scope, receive, send)


def field(form: object, name: str, most: int = MAX_FIELD) -> str | None:
    """A form's text field, or None if it is missing, not text or over `most` characters."""
    value = form.get(name) if hasattr(form, "get") else None
    if not isinstance(value, str) or len(value) > most:
        return None
    return value
