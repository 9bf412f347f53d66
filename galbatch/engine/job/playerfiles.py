"""A player's order file as the turn job takes it: named, its password verified (by a
forked worker beside the job) and checked against the player's view."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from galbatch.engine.checker.pipeline import FileCheck, check_file
from galbatch.engine.contract.ruleset import AnyRuleset
from galbatch.engine.gamedir.directory import Game
from galbatch.engine.gamedir.turnfiles import NO_ORDERS
from galbatch.engine.job.resent import with_resent
from galbatch.engine.language.orderfile import parse_order_bytes
from galbatch.engine.security.authentication import authenticate
from galbatch.engine.security.hashes import verify_password
from galbatch.print import worker

if TYPE_CHECKING:
    from galbatch.print.worker import Claims, Forked


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
    turn: int | None = None,
) -> FileCheck:
    """Authenticate and check one player's file against that player's view.

    `trusted`: the file was authenticated when it arrived (an archived file whose
    password is masked); its header must still name this game and player. `turn`: the
    turn the file is for, warned of (GB017) if an earlier turn took the same file.
    """
    label = order_label(player)
    if data is None:
        return FileCheck(label, NO_ORDERS, (), ())
    of = parse_order_bytes(data, label)
    auth = authenticate(of, game.id, player, None if trusted else game.password_hash(player))
    checked = check_file(of, ruleset, view, player, auth)
    if turn is None or not checked.usable or not checked.orders:  # END alone: nothing resent
        return checked
    return with_resent(checked, game, player, data, turn)


@contextmanager
def password_checks(game: Game, files: Mapping[str, bytes]) -> Iterator[Callable[[str], bool]]:
    """Start verifying the password in each file's header; give a function that says,
    waiting for it if need be, whether a player's password was right.

    Each check is a PBKDF2 of 10 to 25 ms. A forked worker verifies the passwords from the
    first on while the caller checks the orders and resolves the turn; when the caller
    first asks, it verifies the rest from the last on until the two meet. A process, not
    a thread: a thread's every hash would have to take the interpreter's lock back from
    the rules' work, and on a busy machine each such hand-over waits for the scheduler.
    Without a worker, threads verify them all (side by side) when first asked. A file
    not found right here is authenticated again when it is checked, and its diagnostic
    says why it was rejected.
    """
    asked = []
    for player, data in files.items():
        header = parse_order_bytes(data, order_label(player)).header
        if header is not None:
            asked.append((player, header.password, game.password_hash(player)))
    passwords = _Passwords(asked)
    passwords.fork()
    try:
        yield passwords.right
    finally:
        passwords.cancel()


class _Passwords:
    """The passwords of a job's files, verified by a forked worker from the first on and
    here from the last on, until the two meet."""

    def __init__(self, asked: list[tuple[str, str, str]]) -> None:
        self.asked = asked  # (player, the password the file gives, the hash the game keeps)
        self.index = {player: i for i, (player, _, _) in enumerate(asked)}
        self.results: dict[int, bool] = {}
        self.claims: Claims | None = None
        self.child: Forked[dict[int, bool]] | None = None

    def verify(self, i: int) -> bool:
        return verify_password(self.asked[i][1], self.asked[i][2])

    def fork(self) -> None:
        """Start the worker on its share, if there are two passwords or more and this
        machine can fork now."""

        if len(self.asked) < 2 or not worker.can_fork():
            return
        job = os.getpid()
        try:
            shared = worker.Claims(len(self.asked))

            def front() -> dict[int, bool]:
                """The worker's share; it stops early if the job has ended (killed)."""
                made = {}
                while os.getppid() == job and (i := shared.take(front=True)) is not None:
                    made[i] = self.verify(i)
                return made

            self.claims, self.child = shared, worker.Forked(front)
        except (OSError, ImportError):  # no fork now, or no shared lock: verified here
            self.claims, self.child = None, None

    def finish(self) -> None:
        """Every password verified: the worker's share, and the rest here."""

        if self.claims is not None:
            while (i := self.claims.take(front=False)) is not None:
                self.results[i] = self.verify(i)
        if self.child is not None:
            self.results.update(self.child.result() or {})  # a failed worker's: done below
            self.child = None
        left = [i for i in range(len(self.asked)) if i not in self.results]
        if len(left) < 2:
            self.results.update({i: self.verify(i) for i in left})
            return

        with ThreadPoolExecutor(max_workers=min(len(left), worker.cores())) as pool:
            self.results.update(zip(left, pool.map(self.verify, left), strict=True))

    def right(self, player: str) -> bool:
        """Whether the player's password was right (False for a file with no header)."""
        if player not in self.index:
            return False
        if len(self.results) < len(self.asked):
            self.finish()
        return self.results[self.index[player]]

    def cancel(self) -> None:
        """Stop a worker never asked for its share: it is not wanted."""
        if self.child is not None:
            self.child.cancel()


def authentic(game: Game, player: str, data: bytes) -> bool:
    """True if the file's header is usable and names this game, player and password."""
    of = parse_order_bytes(data, order_label(player))
    return of.usable and not authenticate(of, game.id, player, game.password_hash(player))
