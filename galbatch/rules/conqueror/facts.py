"""Galactic Conqueror's facts that need no game: the checker's layer 2.

What the rule book says of a command whatever the game, written the way section 3
writes each command and section 5 its tables (`tables.py`): checked in every
mode, a syntax-only check included, with the same codes (galbatch/engine/checker/facts.py).
A planet's or a ship's number has no range in the book: whether it exists is the
player's situation (layer 3, `check.py`).
"""

from __future__ import annotations

from collections.abc import Sequence

from galbatch.engine.checker.facts import Fact, Limit, NotAfter, Row, apply, nonzero, within
from galbatch.engine.language.diagnostics import Diagnostic
from galbatch.engine.language.located import Located
from galbatch.rules.conqueror.codes import (
    GQ209,
    GQ213,
    GQ215,
    GQ217,
    GQ220,
    GQ221,
    GQ224,
    GQ227,
    GQ228,
    GQ229,
    GQ306,
)
from galbatch.rules.conqueror.orders import (
    Attach,
    Corruption,
    Espionage,
    Install,
    Invest,
    Load,
    Move,
    Order,
    Produce,
    Research,
    Reward,
    Scrap,
    SetClass,
    TransferShip,
    Unload,
)
from galbatch.rules.conqueror.tables import (
    CARGO,
    FACILITIES,
    KITS,
    MAX_PLAYERS,
    MAX_REWARD,
    MAX_SHIPYARDS,
    MAX_TASK_FORCE,
    RESEARCH_AREAS,
    SHIP_CLASSES,
    SPARES_CLASS,
)

# 2.1.7: "On each planet up to 3 shipyards can be built"; 3.4: "the number of the
# shipyard (1-3)".
SHIPYARDS = range(1, MAX_SHIPYARDS + 1)
# 2.1.7: "which of the 26 ship classes will be produced" (table 5.1: classes 1-26);
# 2.1.8: "Spares are produced on shipyards (ship class 0)".
SHIPYARD_CLASSES = range(SPARES_CLASS, max(SHIP_CLASSES) + 1)
# 3.7: "the number of the task force (0 - 50). A TF number of 0 means that the ship does
# not belong to a TF": a command to task force 0 commands no task force.
TASK_FORCES = range(0, MAX_TASK_FORCE + 1)
COMMANDED_TASK_FORCES = range(1, MAX_TASK_FORCE + 1)
# The game's announcement: "up to 50 players per game"; 3.14: "To withdraw a reward the
# command has to used again with target player 0".
PLAYERS = range(1, MAX_PLAYERS + 1)
REWARD_TARGETS = range(0, MAX_PLAYERS + 1)


INVESTMENT_OF_0 = "an investment of 0 is meaningless"


def task_force(order: Move | Load | Unload) -> bool:
    """True for a command to a task force (B T, L T, E T), not to one ship."""
    return order.unit == "T"


def offered(order: Reward) -> bool:
    """True for a reward offered (G to a player), not withdrawn (G to player 0)."""
    return order.player != 0


def ship_named(order: Order) -> int | None:
    """The single ship a command names, or None (a task force, a planet)."""
    if isinstance(order, Move | Load | Unload):
        return order.number if order.unit == "S" else None
    if isinstance(order, Scrap | Attach | TransferShip):
        return order.ship
    return None


FACTS: tuple[Row, ...] = (
    # 3.2 Load (L), 3.3 Unload (E): "the type of cargo: 1: Spares 2: MPU 3: APU 4: RPU
    # 5: M-Kits 6: A-Kits 7: R-Kits 8: F-Kits 9: Colonists" (table 5.3).
    Fact(
        (Load, Unload),
        within("cargo", CARGO),
        GQ209,
        f"there is no cargo type {{cargo}}: cargo types are 1-{max(CARGO)}",
    ),
    # 3.1, 3.2, 3.3: a task force by its number, 1-50 (3.7).
    Fact(
        (Move, Load, Unload),
        within("number", COMMANDED_TASK_FORCES),
        GQ221,
        f"there is no task force {{number}}: task forces are numbered 1-{MAX_TASK_FORCE}",
        when=task_force,
    ),
    # 3.4 Ship Class for Shipyard (W), 3.5 Ship Production (S): shipyards 1-3.
    Fact(
        (SetClass, Invest),
        within("yard", SHIPYARDS),
        GQ213,
        f"there is no shipyard {{yard}}: shipyards are numbered 1-{MAX_SHIPYARDS}",
    ),
    # 3.4 W: a ship class of table 5.1 (1-26), or 0 for spares (2.1.8).
    Fact(
        (SetClass,),
        within("ship_class", SHIPYARD_CLASSES),
        GQ215,
        f"there is no ship class {{ship_class}}: classes are 1-{max(SHIP_CLASSES)} "
        f"and {SPARES_CLASS} for spares",
    ),
    # 3.7 Attach Ship to Task Force (Z): "the number of the task force (0 - 50)".
    Fact(
        (Attach,),
        within("task_force", TASK_FORCES),
        GQ221,
        f"there is no task force {{task_force}}: task forces are numbered 0-{MAX_TASK_FORCE} "
        "(0: no task force)",
    ),
    # 3.8 Transfer Ship (U): "the number of the receiving player", one of up to 50.
    Fact(
        (TransferShip,),
        within("player", PLAYERS),
        GQ224,
        f"there is no player {{player}}: players are numbered 1-{MAX_PLAYERS}",
    ),
    # 3.9 Production (P): "Possible values for the facility type are: 1: Fortress ...
    # 12: Extend Shipyard 3" (table 5.2).
    Fact(
        (Produce,),
        within("kind", FACILITIES),
        GQ227,
        f"there is no facility type {{kind}}: types are 1-{max(FACILITIES)}",
    ),
    # 3.12 Research (F): "The research areas are: 0: Planetary Defense ... 6: Construction".
    Fact(
        (Research,),
        within("area", RESEARCH_AREAS),
        GQ228,
        f"there is no research area {{area}}: areas are 0-{max(RESEARCH_AREAS)}",
    ),
    # 3.13 Install (N): "Possible values for the type are: 5: M-Kits 6: A-Kits 7: R-Kits
    # 8: F-Kits".
    Fact(
        (Install,),
        within("kit", KITS),
        GQ229,
        f"there is no kit type {{kit}}: kit types are {min(KITS)}-{max(KITS)}",
    ),
    # 3.14 Reward (G): a target player, or 0 to withdraw.
    Fact(
        (Reward,),
        within("player", REWARD_TARGETS),
        GQ224,
        f"there is no player {{player}}: players are numbered 1-{MAX_PLAYERS} "
        "(0 withdraws a reward)",
    ),
    # The meaning of a quantity: PU invested (3.5, 3.10, 3.11, 3.12), facilities built
    # (3.9) or kits installed (3.13), points offered (3.14). None of them means anything
    # at 0 (a load or unload of 0 does: "as much as possible", 3.2).
    Fact((Invest, Espionage, Corruption, Research), nonzero("pu"), GQ217, INVESTMENT_OF_0),
    Fact((Produce, Install), nonzero("amount"), GQ217, "an amount of 0 is meaningless"),
    Fact((Reward,), nonzero("points"), GQ217, "a reward of 0 is meaningless", when=offered),
    # 3.14: "For each planet he can offer 1 point reward (maxmimum 50)": the planets a
    # player owns are their situation; the 50 is the book's.
    Limit(
        (Reward,),
        "points",
        MAX_REWARD,
        GQ306,
        "quantity {points} reduced to {most}: the most anyone can offer is {most}",
        when=offered,
    ),
    # 3.6 Scrap Ship (V): a ship scrapped is gone; no later command of the file can use it.
    NotAfter(
        (Scrap,),
        (Move, Load, Unload, Scrap, Attach, TransferShip),
        ship_named,
        GQ220,
        lambda order: f"ship {ship_named(order)} is scrapped by an earlier command",
    ),
)


def words(text: str) -> str:
    """The command as the player wrote it, upper-cased, blanks normalised."""
    return " ".join(text.upper().split())


def facts(orders: Sequence[Located]) -> tuple[list[Located], list[Diagnostic]]:
    """The commands as the book's facts leave them, and the diagnostics."""
    return apply(orders, FACTS, lambda at: f"command {words(at.text)} rejected")
