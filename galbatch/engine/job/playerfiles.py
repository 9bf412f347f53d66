"""A player's order file as the turn job takes it: named, its password verified (by a
forked worker beside the job) and checked against the player's view."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from galbatch.engine.checker.pipeline import FileCheck, check_file
from galbatch.engine.contract.ruleset import AnyRuleset
from galbatch.engine.gamedir.directory import Game
from galbatch.engine.gamedir.turnfiles import NO_ORDERS
from galbatch.engine.language.orderfile import parse_order_bytes
from galbatch.engine.security.authentication import authenticate


def order_label(player: str) -> str:
    """How diagnostics name a player's file: stable, with no machine paths."""
    return f"orders/{player}.txt"


def check_player_file(
    game: Game,
    ruleset: AnyRuleset,
    view: Mapping[str, Any],
    player: str,
    data: bytes | None,
    trusted: bool = False,
) -> FileCheck:
    """Authenticate and check one player's file against that player's view.

    `trusted`: the file was authenticated when it arrived (an archived file whose
    password is masked); its header must still name this game and player.
    """
    label = order_label(player)
    if data is None:
        return FileCheck(label, NO_ORDERS, (), ())
    of = parse_order_bytes(data, label)
    auth = authenticate(of, game.id, player, None if trusted else game.password_hash(player))
    return check_file(of, ruleset, view, player, auth)


@contextmanager
def password_checks(game: Game, files: Mapping[str, bytes]) -> Iterator[Callable[[str], bool]]:
    """Start verifying the password in each file's header; give a function that says,
    waiting for it if need be, whether a player's password was right.

    Each check is a PBKDF2 of some 20 ms. A forked worker verifies the passwords from the
    first on while the caller checks the orders and resolves the turn; when the caller
    first asks, it verifies the rest from the last on until the two meet. A process, not
    a thread: a thread's every hash would have to take the interpreter's lock back from
    the rules' work, and on a busy machine each such hand-over waits for the scheduler.
    Without a worker, threads verify them all (side by side) when first asked. A file
    not found right here is authenticated again when it is checked, and its diagnostic
    says why it was rejected.
    """
    from galbatch.engine.security.hashes import verify_password
    from galbatch.print import worker

    asked = []
    for player, data in files.items():
        header = parse_order_bytes(data, order_label(player)).header
        if header is not None:
            asked.append((player, header.password, game.password_hash(player)))
    index = {player: i for i, (player, _, _) in enumerate(asked)}
    results: dict[int, bool] = {}

    def verify(i: int) -> bool:
        return verify_password(asked[i][1], asked[i][2])

    claims, child = None, None
    if len(asked) >= 2 and worker.can_fork():
        job = os.getpid()
        try:
            shared = worker.Claims(len(asked))

            def front() -> dict[int, bool]:
                """The worker's share; it stops early if the job has ended (killed)."""
                made = {}
                while os.getppid() == job and (i := shared.take(front=True)) is not None:
                    made[i] = verify(i)
                return made

            claims, child = shared, worker.Forked(front)
        except (OSError, ImportError):  # no fork now, or no shared lock: verified here
            claims, child = None, None

    def finish() -> None:
        """Every password verified: the worker's share, and the rest here."""
        nonlocal child
        if claims is not None:
            while (i := claims.take(front=False)) is not None:
                results[i] = verify(i)
        if child is not None:
            results.update(child.result() or {})  # a failed worker's share is done below
            child = None
        left = [i for i in range(len(asked)) if i not in results]
        if len(left) < 2:
            results.update({i: verify(i) for i in left})
            return
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(max_workers=min(len(left), worker.cores())) as pool:
            results.update(zip(left, pool.map(verify, left), strict=True))

    def right(player: str) -> bool:
        if player not in index:
            return False
        if len(results) < len(asked):
            finish()
        return results[index[player]]

    try:
        yield right
    finally:
        if child is not None:  # never asked: the worker's share is not wanted
            child.cancel()


def authentic(game: Game, player: str, data: bytes) -> bool:
    """True if the file's header is usable and names this game, player and password."""
    of = parse_order_bytes(data, order_label(player))
    return of.usable and not authenticate(of, game.id, player, game.password_hash(player))
