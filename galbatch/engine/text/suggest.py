""" "Did you mean": the one known word closest to a misspelt one, when it is close.

Closeness is difflib's ratio, "close" from difflib's own cutoff (0.6) up; one
suggestion at most, and none when two words are equally close, so a player is
never sent from one guess to another. Every ruleset's checker uses it.
"""

from __future__ import annotations

from collections.abc import Iterable

CUTOFF = 0.6  # difflib.get_close_matches' default


def closest(word: str, choices: Iterable[str], cutoff: float = CUTOFF) -> str | None:
    """The choice closest to `word`, if it is close and closer than every other."""
    import difflib  # only a misspelling needs it

    names = sorted(set(choices))
    best = difflib.get_close_matches(word, names, n=2, cutoff=cutoff)
    if not best:
        return None
    if len(best) == 2:
        first, second = (difflib.SequenceMatcher(None, word, b).ratio() for b in best)
        if first == second:
            return None
    return best[0]


def did_you_mean(word: str, choices: Iterable[str], cutoff: float = CUTOFF) -> str:
    """' (did you mean SIRIUS?)' for a close choice, or ''."""
    guess = closest(word, choices, cutoff)
    return "" if guess is None else f" (did you mean {guess}?)"
