"""Who a request's session is: a player of a served game, or the GM."""

from __future__ import annotations

from dataclasses import dataclass

from starlette.requests import Request

from galbatch.engine.gamedir.commit import digest
from galbatch.engine.gamedir.directory import Game
from galbatch.web.config import WebConfig


def fingerprint(stored_hash: str) -> str:
    """What a session keeps of the password hash it logged in with: changing the
    password (galbatch passwd) ends every session made with the old one."""
    return digest(stored_hash.encode("ascii", "replace"))[:16]


@dataclass(frozen=True)
class Seat:
    """A logged-in player: his game (read afresh) and his id."""

    game: Game
    player: str
    name: str
    sid: str


def seat_of(request: Request, config: WebConfig) -> Seat | None:
    """The session's player, if it is one still valid: the game is served, the player is
    in it, and his password is the one he logged in with."""
    session = request.session
    game_id, player, sid = session.get("game"), session.get("player"), session.get("sid")
    if not (isinstance(game_id, str) and isinstance(player, str) and isinstance(sid, str)):
        return None
    game = config.served(game_id)
    if game is None:
        return None
    name = next((p.name for p in game.players if p.id == player), None)
    if name is None or session.get("pw") != fingerprint(game.password_hash(player)):
        return None
    return Seat(game, player, name, sid)


def is_gm(request: Request, config: WebConfig) -> bool:
    return bool(config.gm_hash) and request.session.get("gm") == fingerprint(config.gm_hash)
