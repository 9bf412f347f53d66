"""Galaktikos's orders as galbatch-galaktikos(7) writes them: readable English words
for the board game's actions (section 6 of the book), its conditions and the standing
orders that replace the table talk; hexes are four digits, column then row (0712).
A noun may be written singular or plural: the forms give the plural where the man
page does."""

from __future__ import annotations

from galbatch.engine.contract.forms import Argument, OrderForm

HEX = Argument("hex", "world")
COUNT = Argument("count", "count")
PLAYER = Argument("player", "player")  # a code name, never a number
FACE = Argument("face", "choice", ("NONE", "1/4", "1/2", "3/4", "ALL"))  # of the combat die
SWITCH = Argument("ON|OFF", "choice", ("ON", "OFF"))
INFRASTRUCTURE = Argument("SHIPYARDS|HABITATS", "choice", ("SHIPYARDS", "HABITATS"))
# How many tokens an attack targets (8.2), written after ATTACK; without, every one
AIMED = Argument("count", "count", optional=True)
# The order a condition guards: any action (building to conversion), to the line's end
ACTION = Argument("action", "text")

FORMS: tuple[OrderForm, ...] = (
    # Building and growing (6.1)
    OrderForm(
        "BUILD",
        (HEX,),
        "A shipyard, 4 resources",
        "BUILD SHIPYARD 0712",
        shape="BUILD SHIPYARD {hex}",
    ),
    OrderForm(
        "BUILD",
        (HEX, Argument("count", "count", optional=True)),
        "Habitats, 2 resources each",
        "BUILD HABITAT 0712 2",
        shape="BUILD HABITAT {hex} [{count}]",
    ),
    OrderForm(
        "BUILD",
        (HEX, Argument("count", "count", optional=True)),
        "Fleet tokens, 4 resources each",
        "BUILD FLEET 0712",
        shape="BUILD FLEET {hex} [{count}]",
    ),
    OrderForm("GROW", (HEX, COUNT), "Population, 2 resources each", "GROW 0712 3"),
    # Moving and migrating (6.2)
    OrderForm(
        "MOVE",
        (COUNT, HEX, HEX),
        "Move fleets along a path",
        "MOVE 2 FLEETS 0712 0813 0913",
        shape="MOVE {count} FLEETS {hex} {hex} ...",
    ),
    OrderForm(
        "MOVE",
        (COUNT, HEX, HEX),
        "... or by the shortest legal path",
        "MOVE 2 FLEETS 0712 TO 1015",
        shape="MOVE {count} FLEETS {hex} TO {hex}",
    ),
    OrderForm(
        "MIGRATE",
        (COUNT, HEX, HEX),
        "Move population along a path",
        "MIGRATE 1 POPULATION 0712 0813",
        shape="MIGRATE {count} POPULATION {hex} {hex} ...",
    ),
    OrderForm(
        "MIGRATE",
        (COUNT, HEX, HEX),
        "... or by the shortest legal path",
        "MIGRATE 1 POPULATION 0712 TO 0914",
        shape="MIGRATE {count} POPULATION {hex} TO {hex}",
    ),
    # Aggression and conquest (6.3)
    OrderForm(
        "ATTACK",
        (AIMED, HEX, Argument("player", "player", optional=True), HEX, COUNT),
        "Attack fleets, all or some",
        "ATTACK 1 FLEETS 1015 OF BLUE FROM 0913 2 FROM 1014 1",
        shape="ATTACK [{count}] FLEETS {hex} [OF {player}] FROM {hex} {count} ...",
    ),
    OrderForm(
        "ATTACK",
        (
            AIMED,
            HEX,
            COUNT,
            Argument(INFRASTRUCTURE.name, "choice", INFRASTRUCTURE.choices, True),
        ),
        "Attack shipyards, habitats",
        "ATTACK INFRASTRUCTURE 1015 WITH 3 FIRST HABITATS",
        shape="ATTACK [{count}] INFRASTRUCTURE {hex} WITH {count} [FIRST {SHIPYARDS|HABITATS}]",
    ),
    OrderForm(
        "ATTACK",
        (AIMED, INFRASTRUCTURE, HEX, COUNT),
        "... only shipyards, or habitats",
        "ATTACK 1 SHIPYARDS 1015 WITH 2",
        shape="ATTACK [{count}] {SHIPYARDS|HABITATS} {hex} WITH {count}",
    ),
    OrderForm(
        "ATTACK",
        (AIMED, HEX, COUNT, Argument("player", "player", optional=True)),
        "Attack the populations in a hex",
        "ATTACK POPULATION 1015 WITH 3 FIRST RED",
        shape="ATTACK [{count}] POPULATION {hex} WITH {count} [FIRST {player}]",
    ),
    OrderForm(
        "ATTACK",
        (AIMED, HEX, PLAYER, COUNT),
        "... one player's population",
        "ATTACK 2 POPULATION 1015 OF RED WITH 3",
        shape="ATTACK [{count}] POPULATION {hex} OF {player} WITH {count}",
    ),
    OrderForm(
        "CONVERT",
        (HEX, Argument("player", "player", optional=True)),
        "Convert occupied population",
        "CONVERT 1015 RED",
    ),
    OrderForm("CLAIM", (HEX,), "Claim territory", "CLAIM 1015"),
    OrderForm("OCCUPY", (HEX,), "Occupy a foreign population", "OCCUPY 1015"),
    # Conditions: not an order of its own word but a guard before one of those above;
    # its form is IF, the condition's words and hex, and the action as text
    OrderForm(
        "IF",
        (HEX, ACTION),
        "Only if enemy fleets are there",
        "IF ENEMY FLEETS 1015 ATTACK FLEETS 1015 FROM 0913 2",
        shape="IF [NO] ENEMY FLEETS {hex} {action}",
    ),
    OrderForm(
        "IF",
        (HEX, ACTION),
        "... or an enemy population",
        "IF NO ENEMY POPULATION 1015 CONVERT 1015",
        shape="IF [NO] ENEMY POPULATION {hex} {action}",
    ),
    # Standing orders, in force until replaced
    OrderForm(
        "PERMIT",
        (PLAYER, HEX),
        "Standing: may enter your hexes",
        "PERMIT BLUE 0712",
        shape="PERMIT {player} {hex}|ALL",
    ),
    OrderForm(
        "FORBID",
        (PLAYER, HEX),
        "Standing: may not enter",
        "FORBID BLUE ALL",
        shape="FORBID {player} {hex}|ALL",
    ),
    OrderForm(
        "OBSTRUCT",
        (PLAYER, SWITCH),
        "Standing: obstruct supply lines",
        "OBSTRUCT BLUE OFF",
        shape="OBSTRUCT {player}|ALL {ON|OFF}",
    ),
    OrderForm(
        "REROLL",
        (FACE,),
        "Standing: reroll your losses",
        "REROLL OWN AT LEAST 1/2",
        shape="REROLL OWN AT LEAST {face}",
    ),
    OrderForm(
        "REROLL",
        (),
        "Standing: never reroll your losses",
        "REROLL OWN NEVER",
        shape="REROLL OWN NEVER",
    ),
    OrderForm(
        "REROLL",
        (FACE,),
        "Standing: reroll the enemy's",
        "REROLL ENEMY AT MOST 1/4",
        shape="REROLL ENEMY AT MOST {face}",
    ),
    OrderForm(
        "REROLL",
        (),
        "Standing: never the enemy's",
        "REROLL ENEMY NEVER",
        shape="REROLL ENEMY NEVER",
    ),
    OrderForm(
        "FIRST",
        (INFRASTRUCTURE,),
        "Standing: what attacks take first",
        "FIRST SHIPYARDS",
    ),
    OrderForm(
        "FIRST",
        (PLAYER,),
        "Standing: who takes extra losses",
        "FIRST PLAYER RED",
        shape="FIRST PLAYER {player}",
    ),
    OrderForm(
        "AUTOMATIC",
        (Argument("CLAIM|OCCUPY", "choice", ("CLAIM", "OCCUPY")), SWITCH),
        "Standing: claim, occupy unasked",
        "AUTOMATIC CLAIM OFF",
    ),
    # Setup (round 0)
    OrderForm(
        "PLACE",
        (HEX,),
        "Setup: your home",
        "PLACE HOME 0712",
        shape="PLACE HOME {hex}",
    ),
    OrderForm(
        "PLACE",
        (HEX,),
        "Setup: a single population",
        "PLACE POPULATION 0813",
        shape="PLACE POPULATION {hex}",
    ),
)
