"""Galactic Conflict's orders as WRITING ORDERS lists them: a letter and its fields,
separated by commas."""

from __future__ import annotations

from galbatch.engine.contract.forms import Argument, OrderForm

FROM = Argument("from", "world")
TO = Argument("to", "world")
WORLD = Argument("world", "world")

FORMS: tuple[OrderForm, ...] = (
    OrderForm(
        "A",
        (FROM, TO, Argument("af", "count")),
        "Attack: af AF at world from attack world to",
        "A,23,119,12",
        ",",
    ),
    OrderForm(
        "M",
        (FROM, TO, Argument("unit", "choice", ("A", "D", "P")), Argument("n", "count")),
        "Move n units (A AF, D DF, P probes)",
        "M,72,144,D,27",
        ",",
    ),
    OrderForm("P", (FROM, TO), "Probe: launch one probe to world to", "P,88,223", ","),
    OrderForm(
        "B",
        (WORLD, Argument("item", "choice", ("A", "D", "F", "P", "C")), Argument("econ", "count")),
        "Build A, D, F, P or C with econ Econ",
        "B,156,F,3",
        ",",
    ),
    OrderForm("E", (WORLD,), "Econ increase: all the Econ raises it by 1", "E,216", ","),
    OrderForm("G", (FROM, TO), "Gate: one Econ, a one-turn gate to your world", "G,15,245", ","),
    OrderForm(
        "T",
        (WORLD, Argument("name", "player")),
        "Transfer the world to that code name's player",
        "T,13,REGULUS",
        ",",
    ),
    OrderForm(
        "D",
        (WORLD, Argument("item", "choice", ("F", "C", "E")), Argument("n", "count")),
        "Destroy n of F (FT), C (CP) or E (Econ)",
        "D,88,C,18",
        ",",
    ),
)
