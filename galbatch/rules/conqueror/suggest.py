"""Did you mean: the one known name closest to a misspelt one, when it is close.

Closeness is difflib's ratio with difflib's own cutoff (0.6); a suggestion is made
only when one name is closer than every other, so a player is never sent from one
guess to another.
"""

from __future__ import annotations

from collections.abc import Iterable

CUTOFF = 0.6  # difflib.get_close_matches' default: "close" as difflib means it


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The choice closest to `word`, if it is close and closer than every other."""
    import difflib  # only a misspelling needs it

    names = sorted(set(choices))
    if word in names:
        return word
    best = difflib.get_close_matches(word, names, n=2, cutoff=CUTOFF)
    if not best:
        return None
    if len(best) == 2:
        first, second = (difflib.SequenceMatcher(None, word, b).ratio() for b in best)
        if first == second:
            return None
    return best[0]


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """' (did you mean 147?)' for a close choice, or ''."""
    guess = closest(word, choices)
    return f" (did you mean {guess}?)" if guess is not None else ""
