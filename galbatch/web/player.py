"""A player's pages: his turn (printout, PDF, view file, earlier turns) and his orders.

Every page asks the session who the player is; no path or field names a player or a
file, so nothing of another player's can be asked for.
"""

from __future__ import annotations

import logging
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from galbatch.engine.gamedir.directory import GameError
from galbatch.engine.gamedir.inbox import NotAFile, read_regular
from galbatch.engine.gamedir.locks import GameBusy, commit_lock, writer_busy
from galbatch.engine.gamedir.yamlio import LoadError
from galbatch.engine.job.immediate import run_if_all_sent
from galbatch.engine.job.status import Status, game_status
from galbatch.engine.language.orderfile import MAX_BYTES
from galbatch.engine.security.hashes import verify_password
from galbatch.rules import UnknownRuleset, get_ruleset
from galbatch.web.action_table import action_table, checked_data
from galbatch.web.limits import field
from galbatch.web.maps import turn_maps
from galbatch.web.orders import (
    MAX_ORDERS,
    check_orders,
    inbox_orders,
    order_file,
    save_orders,
    sheet,
)
from galbatch.web.security import csrf_ok
from galbatch.web.session import Seat, seat_of
from galbatch.web.site import Site, site_of
from galbatch.web.table import (
    FIELDS_A_ROW,
    MAX_ROWS,
    Row,
    TooManyRows,
    lines_text,
    rows_of,
    rows_sent,
)
from galbatch.web.views import owed_now

MAX_FIELDS = MAX_ROWS * FIELDS_A_ROW + 20  # form fields a request may send: a full table
MAX_FILE = 64 * 1024 * 1024  # bytes of a printout or PDF served: far past any turn's
BUSY = (
    "galbatch process is running this game's turn now: nothing can be saved until it is "
    "done. Your text is kept below; save it again in a little while."
)

LOG = logging.getLogger(__name__)  # under uvicorn: the server's standard error
RAN = (
    " Every player who owed orders had sent them, so turn {turn} has run at once (this "
    "game runs as soon as they have): its printout is on your turn page, and here is "
    "the next turn's sheet."
)


def _status(site: Site, seat: Seat) -> Status | None:
    try:
        return game_status(site.config.games[seat.game.id.upper()])
    except (GameError, UnknownRuleset, OSError):
        return None


def _unavailable(site: Site, request: Request) -> Response:
    return site.page(request, "error.html", 503, message="The game cannot be read just now.")


def _turn_file(seat: Seat, turn: int, name: str) -> bytes | None:
    """A file of the player's in turn `turn` (printouts/ or views/), read under the commit
    lock; None if there is none."""
    game = seat.game
    with commit_lock(game.turns, exclusive=False):
        if not 0 <= turn <= game.latest_turn():
            return None
        try:
            return read_regular(game.turn_dir(turn) / name, MAX_FILE)
        except (NotAFile, OSError):
            return None


async def turn_page(request: Request) -> Response:
    site = site_of(request)
    seat = seat_of(request, site.config)
    if seat is None:
        return RedirectResponse("/login", 303)
    status = await run_in_threadpool(_status, site, seat)
    if status is None:
        return _unavailable(site, request)
    turn = request.path_params.get("turn", status.turn)
    if not 0 <= turn <= status.turn:
        return site.page(request, "error.html", 404, message="There is no such turn.")
    text = await run_in_threadpool(_turn_file, seat, turn, f"printouts/{seat.player}.txt")
    maps = await run_in_threadpool(turn_maps, seat, turn)
    earlier = list(range(status.turn, -1, -1))
    mine = next(s for s in status.seats if s.id == seat.player)
    owed = await run_in_threadpool(owed_now, seat.game, seat.player, status.turn)
    return site.page(
        request,
        "turn.html",
        seat=seat,
        status=status,
        turn=turn,
        mine=mine,
        owed=owed,
        printout=None if text is None else text.decode("utf-8", "replace"),
        maps=[(number, picture.title) for number, picture in enumerate(maps, 1)],
        turns=earlier,
    )


async def turn_pdf(request: Request) -> Response:
    return await _download(request, "printouts/{player}.pdf", "application/pdf", "pdf")


async def turn_view(request: Request) -> Response:
    return await _download(request, "views/{player}.yaml", "application/json", "json")


async def _download(request: Request, pattern: str, media: str, ext: str) -> Response:
    site = site_of(request)
    seat = seat_of(request, site.config)
    if seat is None:
        return RedirectResponse("/login", 303)
    turn = int(request.path_params["turn"])
    data = await run_in_threadpool(_turn_file, seat, turn, pattern.format(player=seat.player))
    if data is None:
        return site.page(request, "error.html", 404, message="There is no such file.")
    kind = "view" if ext == "json" else "printout"
    name = f"{seat.game.id}-turn{turn:03d}-{seat.player}-{kind}.{ext}"
    headers = {"content-disposition": f'attachment; filename="{name}"'}
    return Response(data, media_type=media, headers=headers)


async def action_page(request: Request) -> Response:
    site = site_of(request)
    seat = seat_of(request, site.config)
    if seat is None:
        return RedirectResponse("/login", 303)
    orders = await run_in_threadpool(inbox_orders, seat.game, seat.player)
    return await _action(site, request, seat, orders)


async def _action(
    site: Site, request: Request, seat: Seat, orders: str, code: int = 200, **more: Any
) -> Response:
    """The action page: the table and the text box, both showing `orders` (or the table
    `rows` if given: a row was added), and what `more` says."""
    more.setdefault("busy", writer_busy(seat.game.path))
    more.setdefault("checked", None)
    more.setdefault("message", "")
    more.setdefault("error", "")
    more.setdefault("ask_password", site.password(request) is None)
    more["saved"] = await run_in_threadpool(_saved_at, site, seat)
    table = await run_in_threadpool(
        action_table, seat.game, seat.player, orders, more.pop("rows", None), more["checked"]
    )
    return site.page(
        request,
        "action.html",
        code,
        seat=seat,
        orders=orders,
        max_orders=MAX_ORDERS,
        table=table,
        rules=_rules_title(seat.game.ruleset_name),
        **more,
    )


def _rules_title(ruleset: str) -> str:
    """The game's name as its book writes it ("Galac-Tac"), for the forms' summary."""
    try:
        return get_ruleset(ruleset).title.title()
    except UnknownRuleset:
        return ruleset


def _saved_at(site: Site, seat: Seat) -> str | None:
    """When the player's order file for the next turn landed (UTC, to the minute), as
    `status` says it; None if there is none."""
    status = _status(site, seat)
    mine = None if status is None else next(s for s in status.seats if s.id == seat.player)
    return None if mine is None or not mine.file else mine.received


async def _form(request: Request) -> FormData | None:
    """The form sent, None if it has more fields than the largest table sends."""
    try:
        return await request.form(max_fields=MAX_FIELDS)
    except HTTPException:
        return None


def _orders_sent(seat: Seat, form: FormData) -> tuple[str | None, list[Row] | None]:
    """The orders a form sends: the text box's `orders`, or the table's rows made into
    lines when the form says `source=table` (and the rows themselves). None if too long."""
    if form.get("source") != "table":
        return field(form, "orders", MAX_ORDERS), None
    rows = rows_sent(form, sheet(seat.game.ruleset_name))
    text = lines_text(r.line(sheet(seat.game.ruleset_name)) for r in rows)
    return (text if len(text) <= MAX_ORDERS else None), rows


async def action(request: Request) -> Response:
    site = site_of(request)
    seat = seat_of(request, site.config)
    if seat is None:
        return RedirectResponse("/login", 303)
    form = await _form(request)
    try:
        orders, rows = (None, None) if form is None else _orders_sent(seat, form)
    except TooManyRows:
        orders, rows = None, None
    if form is None or orders is None:
        return site.page(request, "error.html", 413, message="The orders are too long.")
    if not csrf_ok(request, form.get("csrf")):
        return await _action(
            site, request, seat, orders, 403, error="The form was stale: try again."
        )
    what = form.get("action")
    if what == "add" and rows is not None:
        game_sheet = sheet(seat.game.ruleset_name)
        lines = "".join(row.line(game_sheet) + "\n" for row in rows)  # blank ones kept
        return await _action(site, request, seat, orders, rows=[*rows_of(lines, game_sheet), Row()])
    checked = await run_in_threadpool(check_orders, seat.game, seat.player, orders)
    if what == "check":
        return await _action(site, request, seat, orders, checked=checked)
    if what != "save":
        return await _action(site, request, seat, orders, 400, error="Check or save?")
    return await _save(site, request, seat, orders, field(form, "password") or "", checked)


async def action_check(request: Request) -> Response:
    """POST /action/check: the Check button's check as JSON, for the command editor."""
    site = site_of(request)
    seat = seat_of(request, site.config)
    if seat is None:
        return JSONResponse({"error": "Log in first."}, 401)
    form = await _form(request)
    try:
        orders, _ = (None, None) if form is None else _orders_sent(seat, form)
    except TooManyRows:
        orders = None
    if form is None or orders is None:
        return JSONResponse({"error": "The orders are too long."}, 413)
    if not csrf_ok(request, form.get("csrf")):
        return JSONResponse({"error": "The form was stale: reload the page."}, 403)
    checked = await run_in_threadpool(check_orders, seat.game, seat.player, orders)
    return JSONResponse(checked_data(checked))


async def _save(
    site: Site, request: Request, seat: Seat, orders: str, typed: str, checked: Any
) -> Response:
    """Save the orders as the player's inbox file; the text is kept whatever happens."""
    status = await run_in_threadpool(_status, site, seat)
    if status is not None and status.finished:
        error = f"Game {seat.game.id} has ended: no orders are taken."
        return await _action(site, request, seat, orders, 409, error=error, checked=checked)
    password = site.password(request) or await password_again(site, request, seat, typed)
    if password is None:
        error = "Give your password to save (your session no longer holds it)."
        return await _action(site, request, seat, orders, 403, error=error, checked=checked)
    data = order_file(seat.game, seat.player, password, orders)
    if len(data) > MAX_BYTES:
        return await _action(site, request, seat, orders, 413, error="The orders are too long.")
    try:
        # the session's password was verified against this hash (its login, or password_again)
        verified = seat.game.password_hash(seat.player)
        kept = await run_in_threadpool(save_orders, seat.game.path, seat.player, data, verified)
    except GameBusy:
        return await _action(
            site, request, seat, orders, 409, busy=True, error=BUSY, checked=checked
        )
    except (GameError, LoadError, OSError):
        error = "The game cannot be written just now: nothing was saved. Your text is kept."
        return await _action(site, request, seat, orders, 503, error=error, checked=checked)
    turn = "" if status is None else f" for turn {status.turn + 1}"
    message = f"Saved{turn}." + (
        " The file it replaced is kept by the game master." if kept else ""
    )
    ran = await run_in_threadpool(run_if_all_sent, seat.game.path)  # immediate mode
    if ran is not None and ran.committed is None:  # refused or failed: the GM's to see
        LOG.warning("game %s: the immediate run made no turn:\n%s", seat.game.id, ran.log)
    elif ran is not None:
        message += RAN.format(turn=ran.turn)
        orders = await run_in_threadpool(inbox_orders, seat.game, seat.player)
        checked = None
    return await _action(site, request, seat, orders, message=message, checked=checked)


async def password_again(site: Site, request: Request, seat: Seat, typed: str) -> str | None:
    """The password the form gives, if it is the player's, when the server holds none for
    the session; its failures count as failed logins do."""
    keys = (f"client:{site.client(request)}", f"player:{seat.game.id.upper()}/{seat.player}")
    if not typed or site.refused(*keys):
        return None
    if not await run_in_threadpool(verify_password, typed, seat.game.password_hash(seat.player)):
        await site.failed(*keys)
        return None
    site.hold(request, typed)
    return typed


ROUTES = [
    Route("/turn", turn_page, methods=["GET"]),
    Route("/turn/{turn:int}", turn_page, methods=["GET"]),
    Route("/turn/{turn:int}/printout.pdf", turn_pdf, methods=["GET"]),
    Route("/turn/{turn:int}/view.json", turn_view, methods=["GET"]),
    Route("/action", action_page, methods=["GET"]),
    Route("/action", action, methods=["POST"]),
    Route("/action/check", action_check, methods=["POST"]),
]
