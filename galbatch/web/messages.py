"""The messages page: diplomatic messages through the web, by the same rules as messages
in an order file (Galac-Tac, EMPIRE RELATIONS: "Diplomatic messages may be sent via the
website").

A message sent here is a MESSAGE TO block written into the player's orders for the next
turn, judged by the action page's checker and filed as its save files them; removing
one takes its block out again. The messages received come from his own views alone. A
game whose rule book has no messages (every one but Galac-Tac) says so.
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from galbatch.engine.gamedir.directory import GameError
from galbatch.engine.gamedir.locks import GameBusy, writer_busy
from galbatch.engine.gamedir.yamlio import LoadError
from galbatch.engine.job.status import game_status
from galbatch.engine.language.orderfile import MAX_BYTES
from galbatch.rules import UnknownRuleset, get_ruleset
from galbatch.web.limits import field
from galbatch.web.message_text import (
    MAX_RECIPIENT,
    MAX_TEXT,
    add_message,
    queued,
    received,
    recipients,
    remove_message,
)
from galbatch.web.orders import inbox_orders, order_file, save_orders
from galbatch.web.player import BUSY, password_again
from galbatch.web.security import csrf_ok
from galbatch.web.session import Seat, seat_of
from galbatch.web.site import Site, site_of

STALE = "The form was stale: try again."
GONE = "That message is no longer in your saved orders (they changed since): nothing was done."


def _facts(seat: Seat) -> dict[str, Any]:
    """What the page shows besides the form: the game's rules on messages, the player's
    received and queued messages, whom he may write to."""
    ruleset = get_ruleset(seat.game.ruleset_name)
    facts: dict[str, Any] = {"title": ruleset.title, "has_messages": bool(ruleset.messages)}
    if not ruleset.messages:
        return {**facts, "received": [], "queued": [], "recipients": []}
    orders = inbox_orders(seat.game, seat.player)
    return {
        **facts,
        "received": received(seat.game, seat.player, ruleset),
        "queued": queued(orders),
        "recipients": recipients(seat.game, seat.player, ruleset),
        "next_turn": seat.game.latest_turn() + 1,
    }


async def _page(site: Site, request: Request, seat: Seat, code: int = 200, **more: Any) -> Response:
    try:
        facts = await run_in_threadpool(_facts, seat)
    except (GameError, UnknownRuleset, OSError):
        return site.page(request, "error.html", 503, message="The game cannot be read just now.")
    more.setdefault("error", "")
    more.setdefault("message", "")
    more.setdefault("findings", ())
    more.setdefault("to", "")
    more.setdefault("text", "")
    more.setdefault("busy", writer_busy(seat.game.path))
    more.setdefault("ask_password", site.password(request) is None)
    return site.page(request, "messages.html", code, seat=seat, max_text=MAX_TEXT, **facts, **more)


async def messages_page(request: Request) -> Response:
    site = site_of(request)
    seat = seat_of(request, site.config)
    if seat is None:
        return RedirectResponse("/login", 303)
    return await _page(site, request, seat)


async def messages(request: Request) -> Response:
    site = site_of(request)
    seat = seat_of(request, site.config)
    if seat is None:
        return RedirectResponse("/login", 303)
    form = await request.form()
    to, text = field(form, "to", MAX_RECIPIENT), field(form, "text", MAX_TEXT)
    if not csrf_ok(request, form.get("csrf")):
        return await _page(site, request, seat, 403, error=STALE, to=to or "", text=text or "")
    if not get_ruleset(seat.game.ruleset_name).messages:
        return await _page(site, request, seat, 400)
    orders = await run_in_threadpool(inbox_orders, seat.game, seat.player)
    typed = field(form, "password") or ""
    if form.get("action") == "remove":
        kept = remove_message(orders, field(form, "key") or "")
        if kept is None:
            return await _page(site, request, seat, 409, error=GONE)
        return await _file(site, request, seat, kept, typed, "Message removed from")
    if form.get("action") != "send":
        return await _page(site, request, seat, 400, error="Send or remove?")
    if to is None or text is None:
        return await _page(site, request, seat, 413, error="The message is too long.")
    if not to.strip() or "\n" in to or "\r" in to:
        error = "Choose whom the message is for."
        return await _page(site, request, seat, 400, error=error, to="", text=text)
    added = await run_in_threadpool(add_message, seat.game, seat.player, orders, to, text)
    if not added.sent:
        error = added.problem or "The message was not sent: see why below."
        return await _page(
            site, request, seat, 400, error=error, findings=added.findings, to=to, text=text
        )
    return await _file(
        site, request, seat, added.orders, typed, "Message saved in", to=to, text=text
    )


async def _file(
    site: Site, request: Request, seat: Seat, orders: str, typed: str, done: str, **keep: str
) -> Response:
    """File the orders as the action page's save does; the form's recipient and text
    (`keep`) stay in the form if they cannot be."""
    try:
        status = await run_in_threadpool(game_status, seat.game.path)
    except (GameError, UnknownRuleset, OSError):
        error = "The game cannot be read just now: nothing was saved."
        return await _page(site, request, seat, 503, error=error, **keep)
    if status.finished:
        error = f"Game {seat.game.id} has ended: no orders are taken."
        return await _page(site, request, seat, 409, error=error, **keep)
    password = site.password(request) or await password_again(site, request, seat, typed)
    if password is None:
        error = "Give your password to save (the server has restarted since you logged in)."
        return await _page(site, request, seat, 403, error=error, **keep)
    data = order_file(seat.game, seat.player, password, orders)
    if len(data) > MAX_BYTES:
        return await _page(site, request, seat, 413, error="The orders are too long.", **keep)
    try:
        # the session's password was verified against this hash (its login, or password_again)
        verified = seat.game.password_hash(seat.player)
        await run_in_threadpool(save_orders, seat.game.path, seat.player, data, verified)
    except GameBusy:
        return await _page(site, request, seat, 409, busy=True, error=BUSY, **keep)
    except (GameError, LoadError, OSError):
        error = "The game cannot be written just now: nothing was saved."
        return await _page(site, request, seat, 503, error=error, **keep)
    message = f"{done} your orders for turn {status.turn + 1}."
    return await _page(site, request, seat, message=message)


ROUTES = [
    Route("/messages", messages_page, methods=["GET"]),
    Route("/messages", messages, methods=["POST"]),
]
