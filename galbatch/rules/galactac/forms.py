"""Galac-Tac's 35 actions as the ACTION SYNTAX SUMMARY lists them: the action word,
then up to five arguments (the turn input sheet's Argument #1 to #5), separated by
blanks. A pair the book gives twice ([Ship ID] [Location] [Ship ID] [Location]) is
two arguments and the same two optional; five slots of one kind ([Ship ID 1] ...
[Ship ID 5]) are one argument and "...", as many as the book allows (the facts
count them). In the ACTION SUMMARY SHEET's order: the Empire's actions, the
Systems', the ships'."""

from __future__ import annotations

from galbatch.engine.contract.forms import Argument, OrderForm

LOCATION = Argument("location", "world")  # YY-XX
SHIP = Argument("ship", "ship")  # a ship ID
NAME = Argument("name", "name")
CODE = Argument("code", "name")  # a design code, the player's or the Masters'
QUANTITY = Argument("quantity", "count")
ITEM = Argument("item", "choice", ("PV", "PI", "MISSILES"))
MAP_TYPE = Argument("type", "choice", ("WHOLE", "QUAD", "PV"))
SORT = Argument("sort", "choice", ("SSD+", "SSD-", "NAME", "CODE"))
PI = Argument("PI", "count")
# NAME's [What]: "a System location (xx-yy) or ... a ship code (xxxx)", or EMPIRE
WHAT = Argument("what", "world")
NEW_NAME = Argument("new-name", "name")
FLAGSHIP = Argument("flagship", "ship")
# COMBAT's TARGET table, 0 to 6, for each weapon type, and the T-types' Min SSD
TARGETS = (
    Argument("drone", "number", optional=True),
    Argument("P-type", "number", optional=True),
    Argument("T-type", "number", optional=True),
    Argument("min-SSD", "number", optional=True),
)


def more(*arguments: Argument) -> tuple[Argument, ...]:
    """The book's slots given again: the same arguments, optional."""
    return tuple(Argument(a.name, a.kind, a.choices, optional=True) for a in arguments)


def ships(word: str, summary: str, example: str) -> OrderForm:
    """An action on up to five ships or fleets: [Ship ID 1] ... [Ship ID 5]."""
    return OrderForm(word, (SHIP,), summary, example, shape=f"{word} {{ship}} ...")


def pair(word: str, summary: str, example: str, aliases: tuple[str, ...] = ()) -> OrderForm:
    """A move of one or two ships: [Ship ID] [Location] [Ship ID] [Location]."""
    return OrderForm(
        word,
        (SHIP, LOCATION, *more(SHIP, LOCATION)),
        summary,
        example,
        aliases=aliases,
        shape=f"{word} {{ship}} {{location}} [{{ship}} {{location}}]",
    )


def route(word: str, summary: str, example: str) -> OrderForm:
    """A ship's run through up to four Systems: [Ship ID] [Loc. 1] ... [Loc. 4]."""
    return OrderForm(
        word,
        (SHIP, LOCATION, *more(LOCATION)),
        summary,
        example,
        shape=f"{word} {{ship}} {{location}} [{{location}} ...]",
    )


def cargo(word: str, summary: str, example: str) -> OrderForm:
    """A ship's cargo, one or two items: [Ship ID] [Quantity] [Item] [Quantity] [Item]."""
    return OrderForm(
        word,
        (SHIP, QUANTITY, ITEM, *more(QUANTITY, ITEM)),
        summary,
        example,
        shape=f"{word} {{ship}} {{quantity}} {{item}} [{{quantity}} {{item}}]",
    )


def targets(word: str, summary: str, example: str) -> OrderForm:
    """A fleet's combat orders: [Flagship] [Drone Target] [P-Type Target] [T-Type
    Target] [Min SSD for T-Type], each target left out 0."""
    return OrderForm(
        word,
        (FLAGSHIP, *TARGETS),
        summary,
        example,
        shape=f"{word} {{flagship}} [{{drone}} [{{P-type}} [{{T-type}} [{{min-SSD}}]]]]",
    )


FORMS: tuple[OrderForm, ...] = (
    # Empire
    OrderForm(
        "CAPITAL",
        (LOCATION, *more(NAME)),
        "Move the Home System there",
        "CAPITAL 34-11 New Fenwick",
    ),
    OrderForm(
        "CLASSIFY",
        (CODE, Argument("design-name", "name"), Argument("rating", "text")),
        "Add a ship design",
        "CLASSIFY GB Gun Boat 4P/1 ; ; /-16",
    ),
    OrderForm(
        "DECLASSIFY",
        (CODE,),
        "Delete up to five designs",
        "DECLASSIFY GB ST",
        shape="DECLASSIFY {code} ...",
    ),
    OrderForm(
        "MAP",
        (MAP_TYPE, *more(LOCATION, MAP_TYPE, LOCATION)),
        "Print maps: WHOLE, QUAD or PV",
        "MAP QUAD 45-23 PV",
        shape="MAP {type} [{location}] [{type} [{location}]]",
    ),
    OrderForm(
        "NAME",
        (WHAT, NEW_NAME, *more(WHAT, NEW_NAME)),
        "Rename a System, a ship, EMPIRE",
        "NAME 05-27 SAMPLE 1201 DEFIANT",
        shape="NAME {what} {new-name} [{what} {new-name}]",
    ),
    OrderForm(
        "SHIPYARD",
        more(SORT),
        "Print the Shipyard report",
        "SHIPYARD NAME SSD-",
        aliases=("SHIPYARDS",),  # the summary sheet's word
        shape="SHIPYARD [{sort} ...]",
    ),
    # Systems
    OrderForm(
        "BUILD",
        (LOCATION, CODE, NAME, *more(NAME, NAME)),
        "Build ships, one for each name",
        "BUILD 34-11 SC1 Scout Scout Scout",
        shape="BUILD {location} {code} {name} [{name} [{name}]]",
    ),
    OrderForm(
        "DOWNGRADE",
        (LOCATION, *more(NAME, LOCATION, NAME)),
        "Make Production Systems Colonies",
        "DOWNGRADE 38-15 Outpost",
        shape="DOWNGRADE {location} [{name}] [{location} [{name}]]",
    ),
    OrderForm(
        "MISSILES",
        (LOCATION, QUANTITY, *more(LOCATION, QUANTITY)),
        "Build missiles, 1 PI each",
        "MISSILES 34-11 20",
        aliases=("MISS", "MISSILE"),  # "may be abbreviated"
        shape="MISSILES {location} {quantity} [{location} {quantity}]",
    ),
    OrderForm(
        "RESEARCH",
        (LOCATION, PI, *more(LOCATION, PI)),
        "Spend PI on research",
        "RESEARCH 34-11 100 23-64 50",
        shape="RESEARCH {location} {PI} [{location} {PI}]",
    ),
    # Ships
    OrderForm(
        "ASSIGN",
        (Argument("mothership", "ship"), SHIP),
        "Put small ships in hangar bays",
        "ASSIGN 1901 4103 4104",
        shape="ASSIGN {mothership} {ship} ...",
    ),
    OrderForm(
        "ATTACK",
        (SHIP, LOCATION, Argument("max-SSD", "number", optional=True)),
        "Attack a System",
        "ATTACK 4017 70-63",
    ),
    pair("CHART", "Move into a System and chart it", "CHART 1524 55-44 1525 60-23"),
    OrderForm(
        "COLONIZE",
        (SHIP, LOCATION, *more(NAME)),
        "Make a charted System a Colony",
        "COLONIZE 1003 35-42 Mars II",
    ),
    targets("COMBAT", "Aim an attacking fleet's weapons", "COMBAT 1234 0 3 2 200"),
    ships("DEFEND", "Defend the ships' System", "DEFEND 3118 3119"),
    pair("DESTROY", "Destroy an enemy Colony or System", "DESTROY 3118 35-42"),
    ships("DETACH", "Take ships out of fleets, hangars", "DETACH 4104"),
    OrderForm(
        "DEVELOP",
        (SHIP, LOCATION, *more(NAME)),
        "Make a Colony a Production System",
        "DEVELOP 1010 28-27 Fenwick Minor",
    ),
    OrderForm(
        "JOIN",
        (FLAGSHIP, SHIP),
        "Join ships to the flagship's fleet",
        "JOIN 4103 4104 4105 4106",
        shape="JOIN {flagship} {ship} ...",
    ),
    cargo("LOAD", "Load PV, PI or MISSILES", "LOAD 1805 10 PI 10 MISS"),
    ships("PATROL", "Patrol the System against scouts", "PATROL 2201"),
    ships("REFIT", "Raise ships to the Tech Level", "REFIT 1901 1303"),
    ships("RELOAD", "Refill T-type racks", "RELOAD 1901"),
    ships("REPAIR", "Repair ships", "REPAIR 1901 1303"),
    route("SCOUT", "Move cautiously through Systems", "SCOUT 1523 45-23 48-30 52-25 55-40"),
    ships("SCRAP", "Scrap ships for PI", "SCRAP 1303"),
    pair("SECURE", "Take Systems at all costs", "SECURE 3118 35-42"),
    route("SENTRY", "A moving sentry", "SENTRY 2201 34-11 38-15"),
    OrderForm(
        "SHUTTLE",
        (SHIP, LOCATION, LOCATION, *more(LOCATION)),
        "A cargo run",
        "SHUTTLE 2201 99-15 99-15 85-23",
        shape="SHUTTLE {ship} {location} {location} [{location} ...]",
    ),
    targets("STANDING", "COMBAT for a fleet under DEFEND", "STANDING 1234 1 1 1"),
    pair(
        "TO",
        "Move ships or fleets",
        "TO 1523 45-23",
        aliases=("GO",),  # the book's precedence examples (read as TO, with a warning)
    ),
    OrderForm(
        "TOW",
        (Argument("towing-ship", "ship"), Argument("towed-ship", "ship"), LOCATION),
        "Tow a ship to a System",
        "TOW 1901 1303 34-11",
    ),
    OrderForm(
        "TRANSFER",
        (Argument("from-ship", "ship"), Argument("to-ship", "ship"), QUANTITY, ITEM),
        "Move cargo between two ships",
        "TRANSFER 1805 1806 10 PI",
    ),
    cargo("UNLOAD", "Unload cargo into the System", "UNLOAD 1805 10 PV"),
)
