"""Galactic Conqueror's 14 commands as section 3 lists them (3.1 to 3.14): a letter
from the command's German name, then its parameters, separated by blanks."""

from __future__ import annotations

from galbatch.engine.contract.forms import Argument, OrderForm

# 3.1: "whether a ship or task force should be sent (S or T)", then its number
UNIT = Argument("S/T", "choice", ("S", "T"))
SHIP = Argument("ship", "ship")  # a ship's number, or a task force's after T
PLANET = Argument("planet", "world")
CARGO = Argument("cargo", "number")  # table 5.3: 1 spares ... 9 colonists
AMOUNT = Argument("amount", "count")
PU = Argument("PU", "count")
YARD = Argument("shipyard", "number")  # 1 to 3
TARGET = Argument("target", "world")
PLAYER = Argument("player", "player")

FORMS: tuple[OrderForm, ...] = (
    OrderForm(
        "B",
        (UNIT, SHIP, PLANET),
        "Move: a ship (S) or task force (T) to a planet",
        "B S 45 56",
    ),
    OrderForm(
        "L",
        (UNIT, SHIP, CARGO, AMOUNT),
        "Load cargo: amount transport units, 0 all",
        "L T 5 9 0",
    ),
    OrderForm(
        "E",
        (UNIT, SHIP, CARGO, AMOUNT),
        "Unload cargo: amount transport units, 0 all",
        "E S 12 9 4",
    ),
    OrderForm(
        "W",
        (PLANET, YARD, Argument("class", "number")),
        "Ship class for shipyard (0 spares)",
        "W 67 2 7",
    ),
    OrderForm("S", (PLANET, YARD, PU), "Ship production: invest PU in a shipyard", "S 78 1 15"),
    OrderForm("V", (SHIP,), "Scrap ship", "V 12"),
    OrderForm(
        "Z",
        (SHIP, Argument("task-force", "ship")),
        "Attach ship to task force (0 none)",
        "Z 12 3",
    ),
    OrderForm("U", (SHIP, PLAYER), "Transfer ship to another player", "U 12 4"),
    OrderForm(
        "P",
        (PLANET, Argument("kind", "number"), AMOUNT),
        "Production: build facilities (table 5.2)",
        "P 23 1 2",
    ),
    OrderForm("I", (TARGET, PU, PLANET), "Espionage on target, PU from planet", "I 40 15 20"),
    OrderForm("K", (TARGET, PU, PLANET), "Corruption on target, PU from planet", "K 56 20 13"),
    OrderForm(
        "F",
        (PLANET, PU, Argument("area", "number")),
        "Research: invest PU in an area (0-6)",
        "F 25 15 2",
    ),
    OrderForm(
        "N",
        (PLANET, Argument("kit", "number"), AMOUNT),
        "Install kits (5-8) as facilities",
        "N 57 5 3",
    ),
    OrderForm(
        "G",
        (Argument("points", "count"), PLAYER),
        "Reward offered for a player (G 0 0 withdraws)",
        "G 5 3",
    ),
)
