"""The worst order files that fit under the size limit, for tests and benchmarks.

Each is legal (at most MAX_BYTES) and as costly as we could make it: as many junk
lines as fit, lines of the longest length still parsed, lines that parse but are
all rejected by the checker. `benchmarks/bench_hostile.py` times them;
`tests/test_hostile.py` checks that what they give is bounded.
"""

from __future__ import annotations

from galbatch.engine.language.orderfile import MAX_BYTES, MAX_LINE

HEADER = b'GAME demo PLAYER 1 PASSWORD "x"\n'


def fill(line: bytes, header: bytes = HEADER) -> bytes:
    """The header and as many copies of `line` as fit under the size limit."""
    return header + line * ((MAX_BYTES - len(header)) // len(line))


def longest(prefix: bytes, filler: bytes = b"9") -> bytes:
    """A line of exactly MAX_LINE characters (the longest still parsed) and its newline."""
    return prefix + filler * (MAX_LINE - len(prefix)) + b"\n"


# (ruleset, name) -> the file's bytes; the syntax is the ruleset's, the view is player 1's
# (tests/conflict_world.py, tests/conqueror_world.py, tests/galactac_world.py and, for
# Galaktikos, the board in tests/test_hostile.py: player 1 at 0303 and 0304, player 2 at 0606;
# for Interstellar Conquest, a new table of four: player 1 is RED, one ship of each size on
# each of his worlds)
CASES: dict[tuple[str, str], bytes] = {
    ("conflict", "131,000 junk lines"): fill(b"x\n"),
    ("conflict", "junk lines of 200 characters"): fill(longest(b"A,1,4,5,")),
    ("conflict", "lines over 200 characters"): fill(b"x" * (MAX_LINE + 1) + b"\n"),
    ("conflict", "control characters"): fill(b"E,1\x1b[2J\n"),
    ("conflict", "rejected orders"): fill(b"A,3,4,5\n"),
    ("conflict", "rejected orders of 200 characters"): fill(longest(b"T,1,", b"N")),
    ("conflict", "valid and junk lines alternating"): fill(b"E,5\nx\n"),
    ("conflict", "blank and comment lines"): fill(b"  # a comment\n\n"),
    ("conflict", "a 256 KB header-like line"): fill(b" ", b"GAME demo PLAYER 1 PASSWORD")[:-1]
    + b"x",
    ("conflict", "200 header-like lines"): fill(longest(b"GAME x PLAYER 1 PASSWORD ", b" "), b""),
    ("conqueror", "131,000 junk lines"): fill(b"x\n"),
    ("conqueror", "junk lines of 200 characters"): fill(longest(b"B S 1 2 ")),
    ("conqueror", "rejected commands"): fill(b"B S 1 999\n"),
    ("conqueror", "rejected commands of 200 characters"): fill(
        longest(b"B S 99 ", b" ")[:-2] + b"5\n"
    ),
    ("galactac", "131,000 junk lines"): fill(b"x\n"),
    ("galactac", "junk lines of 200 characters"): fill(longest(b"TO 1001 ")),
    ("galactac", "rejected actions"): fill(b"LOAD 1105 0 PI\n"),
    ("galactac", "rejected actions of 200 characters"): fill(
        longest(b"LOAD 1105 0", b" ")[:-3] + b"PI\n"
    ),
    ("galactac", "replaced actions"): fill(b"SCRAP 1105 1106 1107 1108 1109\n"),
    ("galactac", "valid and junk lines alternating"): fill(b"DEFEND 1001\nx\n"),
    ("galaktikos", "131,000 junk lines"): fill(b"x\n"),
    ("galaktikos", "junk lines of 200 characters"): fill(longest(b"MOVE 1 FLEET 0303 ")),
    ("galaktikos", "control characters"): fill(b"GROW 0303 1\x1b[2J\n"),
    ("galaktikos", "rejected orders"): fill(b"BUILD FLEET 0304\n"),
    ("galaktikos", "rejected orders of 200 characters"): fill(
        longest(b"GROW 0606", b" ")[:-2] + b"1\n"
    ),
    ("galaktikos", "reduced orders"): fill(b"GROW 0303 9\n"),
    ("galaktikos", "a standing order set again and again"): fill(b"REROLL OWN NEVER\n"),
    ("galaktikos", "valid and junk lines alternating"): fill(b"FIRST HABITATS\nx\n"),
    # the first 100 accepted, each IF order's action carried out on a copy of the board
    ("galaktikos", "IF orders"): fill(b"IF ENEMY FLEETS 0404 MOVE 1 FLEET 0303 TO 0404\n"),
    ("interstellar", "131,000 junk lines"): fill(b"x\n"),
    ("interstellar", "junk lines of 200 characters"): fill(
        longest(b"ATTACK BLUE 3 WITH 1 L 1 M FROM RED ")
    ),
    ("interstellar", "control characters"): fill(b"PLAY 3\x1b[2J\n"),
    ("interstellar", "rejected orders"): fill(b"PLAY 7\n"),
    ("interstellar", "rejected orders of 200 characters"): fill(
        longest(b"ALLY GREEN WITH", b" ")[:-4] + b"1 L\n"
    ),
    ("interstellar", "reduced orders"): fill(b"ATTACK BLUE 3 WITH 1 L 9 M FROM RED 2\n"),
    ("interstellar", "standing orders again and again"): fill(b"ALWAYS PLAY HIGHEST\n"),
    ("interstellar", "valid and junk lines alternating"): fill(b"IF ATTACKED PLAY 3\nx\n"),
}
