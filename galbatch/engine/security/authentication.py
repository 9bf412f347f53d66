"""Whether an order file is its player's: the header's game and player, and the password.

A check starts the password's PBKDF2 in a thread as soon as it knows the player
(`authenticate_aside`): it runs outside the GIL while the rules load and the orders
are read, so this module imports nothing of either.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from galbatch.engine.language.codes import GB013, GB014, GB015
from galbatch.engine.language.diagnostics import Diagnostic, Severity

if TYPE_CHECKING:
    from galbatch.engine.language.orderfile import OrderFile


def authenticate(
    of: OrderFile, game_id: str, player: str | None, password_hash: str | None
) -> list[Diagnostic]:
    """Fatal diagnostics if the header names another game or player, or the password is wrong."""
    header = of.header
    if header is None:
        return []
    problems: list[Diagnostic] = []

    def fatal(code: str, message: str) -> None:
        problems.append(Diagnostic(of.name, header.line, 1, Severity.FATAL, code, message))

    if header.game.lower() != game_id.lower():
        fatal(GB013, f"the header names game {header.game}, not {game_id}; file rejected")
    elif player is not None and header.player.lower() != player.lower():
        fatal(
            GB014,
            f"the header names player {header.player}, but this is player "
            f"{player}'s file; file rejected",
        )
    elif password_hash is not None and not _verify(header.password, password_hash):
        fatal(GB015, "wrong password; file rejected")
    return problems


def authenticate_aside(
    of: OrderFile, game_id: str, player: str, stored: str
) -> Callable[[], list[Diagnostic]]:
    """Start `authenticate` in a thread; the function returned waits for its fatal
    diagnostics (and raises what it raised)."""
    import _thread  # speed: the interpreter's own threads; `threading` costs a check 1 ms

    import galbatch.engine.security.hashes  # noqa: F401  # here: the thread only hashes, outside the GIL

    done: list[list[Diagnostic]] = []
    failed: list[BaseException] = []
    running = _thread.allocate_lock()
    running.acquire()

    def run() -> None:
        try:
            done.append(authenticate(of, game_id, player, stored))
        except BaseException as e:  # raised again in the caller's thread
            failed.append(e)
        finally:
            running.release()

    _thread.start_new_thread(run, ())  # like a daemon thread: never holds up the exit

    def verdict() -> list[Diagnostic]:
        with running:  # released once the thread is done
            pass
        if failed:
            raise failed[0]
        return done[0]

    return verdict


def _verify(password: str, stored: str) -> bool:
    from galbatch.engine.security.hashes import verify_password  # hashlib: only when authenticating

    return verify_password(password, stored)
