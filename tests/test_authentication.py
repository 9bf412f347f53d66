"""Whether an order file is its player's (galbatch.engine.security.authentication): the
password verified in a thread beside the check, its verdict waited for."""

from __future__ import annotations

import pytest

from galbatch.engine.language.orderfile import parse_order_bytes
from galbatch.engine.security import authentication
from galbatch.engine.security.hashes import hash_password

STORED = hash_password("arcturus-1313", salt=bytes(16), iterations=1_000)


def file_of(password: str, player: str = "1") -> bytes:
    return f'GAME GT13 PLAYER {player} PASSWORD "{password}"\nEND\n'.encode()


@pytest.mark.parametrize(
    ("data", "codes"),
    [
        (file_of("arcturus-1313"), []),
        (file_of("arcturus-1314"), ["GB015"]),
        (file_of("arcturus-1313", player="2"), ["GB014"]),
        (b'GAME GT14 PLAYER 1 PASSWORD "arcturus-1313"\nEND\n', ["GB013"]),
    ],
)
def test_the_verdict_aside_is_that_of_authenticate(data: bytes, codes: list[str]) -> None:
    of = parse_order_bytes(data, "orders.txt")
    verdict = authentication.authenticate_aside(of, "GT13", "1", STORED)
    found = verdict()
    assert [d.code for d in found] == codes
    assert found == authentication.authenticate(of, "GT13", "1", STORED)
    assert verdict() == found  # asked again, the same


def test_what_the_thread_raised_is_raised_by_the_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> list[object]:
        raise MemoryError("no room")

    monkeypatch.setattr(authentication, "authenticate", broken)
    verdict = authentication.authenticate_aside(
        parse_order_bytes(file_of("x"), "orders.txt"), "GT13", "1", STORED
    )
    with pytest.raises(MemoryError, match="no room"):
        verdict()
