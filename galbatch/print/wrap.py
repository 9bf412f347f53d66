"""A long printout line folded at its blanks into lines that fit the page, never cut.

A page holds exactly its width (`galbatch.print.page.fit` cuts whatever is longer),
so a line that may be long (a diagnostic, a message, a battle report) is folded
here first: at blanks, each line after the first indented a few columns more than
the line's own leading blanks (a hanging indent), so that the reader sees where a
folded line goes on. A word longer than a whole line is broken over lines rather
than cut at the margin: every character reaches the page. Hyphens are not break
points (order codes and hex names hold them) unless a caller asks (`hyphens`: the
Interstellar Conquest printouts have always broken "invite-defender" after its
hyphen); a no-break space (U+00A0) holds two words together and prints as a blank,
as a line printer has no other.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

NO_BREAK_SPACE = "\u00a0"


def wrap(line: str, width: int, indent: int = 4, *, hyphens: bool = False) -> list[str]:
    """`line` as lines of at most `width` columns: folded at blanks, the lines after the
    first indented `indent` columns more than its leading blanks (but never past half the
    width, so that every line has room for words); a line that fits is left as it is
    (but for its no-break spaces). `hyphens`: a line may also break after a hyphen."""
    if len(line) <= width:
        return [line.replace(NO_BREAK_SPACE, " ")]
    body = line.lstrip(" ")
    lead = line[: len(line) - len(body)]
    folded = textwrap.wrap(
        body,
        width,
        initial_indent=lead,
        subsequent_indent=" " * min(len(lead) + indent, width // 2),
        break_long_words=True,
        break_on_hyphens=hyphens,
    )
    return [text.replace(NO_BREAK_SPACE, " ") for text in folded] or [""]


def wrap_all(
    lines: Iterable[str], width: int, indent: int = 4, *, hyphens: bool = False
) -> list[str]:
    """Every line of `lines` wrapped (`wrap`), in order."""
    return [part for line in lines for part in wrap(line, width, indent, hyphens=hyphens)]
