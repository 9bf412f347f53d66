"""Moves on the hex sheet: odd columns are shifted half a hex down, as printed, and
distances are counted as the sheet's geometry counts them (`galbatch.print.maps.hexes`)."""

from __future__ import annotations

from galbatch.print.maps.hexes import distance as distance  # the moves' distance, re-exported
from galbatch.rules.conflict.tables import SPEED


def turns_to_arrive(hexes: int) -> int:
    """Processing runs a move takes: 3 hexes or less arrives in the run that launched it."""
    return max(1, -(-hexes // SPEED))
