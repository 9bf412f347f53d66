""" "Did you mean": the one known word closest to a misspelt one, when it is close.

Closeness is difflib's ratio, "close" from difflib's own cutoff (0.6) up; one
suggestion at most, and none when two words are equally close, so a player is
never sent from one guess to another. Every ruleset's checker uses it. A number the
player mistyped (a ship's ID) is different: every one of the few equally close is
offered (`did_you_mean_one_of`), since none of them is a guess at a word.
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


def closest_ones(
    word: str, choices: Iterable[str], cutoff: float = CUTOFF, most: int = 3
) -> list[str]:
    """The choices closest to `word`, if close: all that are equally close, `most` at most
    (none if more are), in their sorted order."""
    import difflib  # only a misspelling needs it

    names = sorted(set(choices))
    best = difflib.get_close_matches(word, names, n=most + 1, cutoff=cutoff)
    if not best:
        return []
    ratio = difflib.SequenceMatcher(None, word, best[0]).ratio()
    tied = sorted(b for b in best if difflib.SequenceMatcher(None, word, b).ratio() == ratio)
    return tied if len(tied) <= most else []


def did_you_mean_one_of(word: str, choices: Iterable[str], cutoff: float = CUTOFF) -> str:
    """' (did you mean 1005?)', ' (did you mean 1005 or 1115?)', or '' when none is close."""
    close = closest_ones(word, choices, cutoff)
    if not close:
        return ""
    said = close[0] if len(close) == 1 else ", ".join(close[:-1]) + f" or {close[-1]}"
    return f" (did you mean {said}?)"
