"""The Galaktikos board as a printout map: the whole galaxy and every token, for every reader.

The board is public, so every printout shows all of it. Players are marked
A, B, C ... in seat order; the map model is `galbatch.print.maps.board`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set

from galbatch.print.maps.board import BoardHex, BoardMap
from galbatch.rules.galaktikos.hexes import Hex, all_hexes
from galbatch.rules.galaktikos.tables import HexType

MARKS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def player_marks(players: Sequence[str]) -> dict[str, str]:
    """Each player's one-letter mark on the board, A for the first seat."""
    if len(players) > len(MARKS):
        raise ValueError(f"a board marks at most {len(MARKS)} players")
    return {name: MARKS[i] for i, name in enumerate(players)}


def board_map(
    width: int,
    height: int,
    kinds: Mapping[Hex, HexType],
    players: Sequence[str],
    *,
    title: str = "The galaxy",
    territory: Mapping[Hex, str] | None = None,
    populations: Mapping[Hex, Mapping[str, int]] | None = None,
    occupations: Mapping[Hex, Mapping[str, str]] | None = None,
    habitats: Mapping[Hex, int] | None = None,
    shipyards: Mapping[Hex, int] | None = None,
    fleets: Mapping[Hex, Mapping[str, int]] | None = None,
    unsupplied: Set[tuple[Hex, str]] = frozenset(),
    goal: Hex | None = None,
    names: Mapping[str, str] | None = None,
) -> BoardMap:
    """The board map of a `width` x `height` galaxy: hex types and every player's tokens.

    `kinds` may leave empty hexes out (a `Galaxy` or a game state's kinds);
    owners are the players as the game state keeps them, and `names` their code names
    for the key (default: as given). A Race `goal` is ringed.
    """
    marks = player_marks(players)
    territory = territory or {}
    populations = populations or {}
    occupations = occupations or {}
    habitats = habitats or {}
    shipyards = shipyards or {}
    fleets = fleets or {}

    def mark(name: str) -> str:
        return marks.get(name, "?")

    def tokens(counts: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
        """(mark, count) in seat order, no zero counts."""
        return tuple(sorted(((mark(o), n) for o, n in counts.items() if n > 0), key=lambda t: t[0]))

    cells: list[BoardHex] = []
    for h in all_hexes(width, height):
        kind = kinds.get(h, HexType.EMPTY)
        cell = BoardHex(
            col=h.col,
            row=h.row,
            kind=kind.value.lower(),
            territory=mark(territory[h]) if h in territory else "",
            populations=tokens(populations.get(h, {})),
            occupied=tuple(sorted((mark(o), mark(by)) for o, by in occupations.get(h, {}).items())),
            habitats=habitats.get(h, 0),
            shipyards=shipyards.get(h, 0),
            fleets=tokens(fleets.get(h, {})),
            unsupplied=tuple(sorted(mark(o) for where, o in unsupplied if where == h)),
        )
        if cell != BoardHex(h.col, h.row, "empty"):
            cells.append(cell)
    return BoardMap(
        title=title,
        cols=width,
        rows=height,
        hexes=tuple(cells),
        players=tuple((marks[p], (names or {}).get(p, p)) for p in players),
        legend=(f"Goal of the Race: {goal.name} (ringed on the PDF map)",) if goal else (),
        ringed=((goal.col, goal.row),) if goal else (),
    )


__all__ = ["MARKS", "board_map", "player_marks"]
