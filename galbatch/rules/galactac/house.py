"""Galac-Tac's tables of the economy and movement, the way the rule book writes them,
and the numbers the book leaves out (house rules), each in one place.
"""

from __future__ import annotations

# --- The rule book's tables -------------------------------------------------------

# EMPIRE EXPANSION: output per fortnight = base PV x this.
PV_MULTIPLIER = {
    "charted": 1,
    "colony": 3,
    "production": 5,
    "home": 10,
}

HOME_BASE_PV = 10  # "Your Home System has a base PV of 10 units per fortnight"

# IMPROVEMENTS, BY TURN: PI landed in each of the two turns at the site.
COLONIZE_BY_TURN = (5, 5)  # 10 PI in all
DEVELOP_BY_TURN = (15, 15)  # 30 PI in all

# DESTROYING ENEMY STAR SYSTEMS: PI landed in each turn, by system type.
DESTROY_BY_TURN = {
    "colony": (10,),  # 10 PI landed. Colony destroyed.
    "production": (10, 10),  # turn 1: stockpiles and drydock; turn 2: system destroyed
}
DESTROY_PI_ABOARD = 20  # "You must have 20 PI available ... even if only destroying a Colony"
TECH_CAPTURE_PERCENT_PER_PV = 5  # "5% chance per PV value of the System"

CAPITAL_COST = 150  # CAPITAL: "This action costs 150 PI"

MISSILE_COST = 1  # MISSILES: "1 PI per missile, regardless of Tech Level"

# BREAKDOWN OF RESEARCH COSTS: TOTAL research expenditure, on average, per tech level.
RESEARCH_AVERAGE = {
    1: 0,
    2: 2_500,
    3: 8_500,
    4: 18_000,
    5: 31_000,
    6: 47_500,
}
MAX_TECH = 6  # the book's tables stop at Tech Level 6

SCRAP_PERCENT = 80  # SCRAP: "80% of the ship's original value (less one PI per SSD of damage)"

MAX_DESIGNS = 50  # "a maximum of 50 designs per player"
BUILD_MAX = 3  # BUILD: "up to three new ships of the same type"

NAME_LENGTH = 15  # names of systems, ships and designs
EMPIRE_NAME_LENGTH = 30  # NAME Empire: "a maximum size of 30 characters"
CODE_LENGTH = 4  # design codes: 1 to 4 characters, A-Z and 0-9

FORTNIGHTS_PER_YEAR = 16
FIRST_YEAR = 3500  # "At the beginning of the game the date is 3500-01 AM"

MASTERS_RETURN = (85, 95)  # "usually around turn 85-95": drawn once per galaxy, secret

# --- House rules: where the book is silent ----------------------------------------

RESEARCH_SPREAD_PERCENT = 20  # each galaxy's step between thresholds: average +-20 %
RESEARCH_ROUNDING = 100  # thresholds are whole hundreds of PI

STARS = 600  # star systems on the map, homes included (setting `stars`)
STARS_RANGE = (100, 2000)
# Base PV of a star system other than a home: value -> weight in the draw.
STAR_PV_WEIGHTS = {1: 6, 2: 8, 3: 10, 4: 10, 5: 9, 6: 8, 7: 6, 8: 5, 9: 3, 10: 2, 11: 1, 12: 1}
HOME_SPACING = 15  # homes are at least this many moves apart
HOME_MARGIN = 5  # and this many squares inside the edge of the map
NEAR_STARS = 4  # stars placed within NEAR_RADIUS of every home, so no home starts alone
NEAR_RADIUS = 6

PLAYERS_RANGE = (2, 30)  # the settings `min_players` and `max_players` may go this far
MIN_PLAYERS = 10  # "There are usually between 10 and 15 players in a game"
MAX_PLAYERS = 15

STARTING_PI = 100  # PI in the home stockpile at the start: one fortnight's conversion
# The starting fleet, as the book's 3500-01 SHIPYARD REPORT sample shows it built ("Total
# number of ships in empire: 29", each design's "# Built" and "# Active"): code -> ships.
# The sample names no ship, so the house numbers them, each empire from FIRST_SHIP_ID, in
# the order of the sample's rows (SSD, ascending): SC1 1001-1010, FX 1011-1020, SK1
# 1021-1022, FT1 1023-1026, CV1J 1027, ST1 1028-1029. All start in service at the Home
# System (the sample's two ST1 are built and active, none in the dry dock); the four FT1
# fighters (inertia drives only) start assigned to the CV1J's four hangars.
STARTING_FLEET = {
    "SC1": 10,
    "FX": 10,
    "SK1": 2,
    "FT1": 4,
    "CV1J": 1,
    "ST1": 2,
}
FIRST_SHIP_ID = 1001  # an empire's ships are numbered from here, each empire on its own

# SCRAP of a ship under construction: the PI of the fortnights not yet built comes
# back in full, the built part like a finished ship (SCRAP_PERCENT).

# TOW: "one half of its current movement rating", rounded down, but at least one move
# for a tower with any star drive.
TOW_MINIMUM_SPEED = 1

# EMPIRE VALUATION: what each thing is worth, in PI.
VALUATION = {
    "pi": 1,  # each PI in a stockpile or a cargo bay
    "pv": 1,  # each PV in a cargo bay or waiting for conversion
    "missile": 1,  # each missile in a stockpile or a cargo bay or a rack
    "ship": 1,  # each PI a ship cost to build (its original value)
    "research": 1,  # each PI spent on research
    "output_fortnights": 10,  # a system is worth this many fortnights of its output
}

# --- House rules of war and of the end of the game --------------------------------
# The rule book's numbers are marked "book"; the others are the house's reading of
# what it leaves open. Every number the combat step and scouting use is here.
WAR = {
    # SCOUTING: "1% per Inertia drive on board the patrolling ship" (book).
    "patrol_percent_per_inertia": 1,
    # "For every SSD your SCOUT ship has it increases your chance of being caught by an
    # extra 1% for any given PATROLLING ship" (book).
    "percent_per_scout_ssd": 1,
    # Each searching ship (the patrol, its joined ships and its hangared ships) rolls
    # on its own, with its own chance: the book's "for any given PATROLLING ship".
    # A platform (no inertia drive) gets no chance at all: the scout's SSD is not
    # added to a chance it does not have (1 to add it anyway).
    "platform_adds_scout_ssd": 0,
    # A SENTRY has "somewhat less chance than a dedicated PATROL": its patrol chance
    # less this many percent, less 1 % per inertia drive ("impulse engine") of the
    # scout, which uses them "to try to remain hidden from Sentries".
    "sentry_penalty_percent": 5,
    "sentry_percent_per_scout_inertia": 1,
    # A caught SCOUT escapes at 1 % per inertia drive ("impulse engine") (book).
    "escape_percent_per_inertia": 1,
    # An escaped scout's "very rough size of the fleet": the total SSD to the nearest
    # multiple of this.
    "rough_ssd": 50,
    # ATTACK with Max SSD: the enemy's total SSD is estimated with an error drawn
    # evenly from -25 % to +25 % of the true total ("may not be estimated accurately").
    "attack_estimate_error_percent": 25,
}
# A cease fire: "Ships already engaged in COLONIZE, DEVELOP, or SHUTTLE activities will
# continue with their current tasks and only the intruder's action will be cancelled"
# (book). Every other order, CHART included, is cancelled to NONE. An intruder is a
# ship that arrived in the system this fortnight: its order is cancelled whatever it
# is, but a SHUTTLE's (CEASE_FIRE_EN_ROUTE): a shuttle's work is its run from stop to
# stop, so one arriving at a stop is still engaged in it, whereas COLONIZE and DEVELOP
# work only at their site (they land no PI on the turn they arrive).
# A cease fire is reported only when it is news: an order was cancelled, a ship
# arrived or two of the empires had not met before; ships of two empires sitting
# together are not told of it every fortnight.
CEASE_FIRE_KEEPS = ("COLONIZE", "DEVELOP", "SHUTTLE")
CEASE_FIRE_EN_ROUTE = ("SHUTTLE",)
# A scout carrying hangared ships is seen as big as it and its riders together: their
# SSDs add up for the +1 % per SSD.
# Encounters (a cease fire or a combat) happen only in star systems: ships passing
# each other in deep space under star drive do not meet. ATTACK, SECURE and DESTROY
# make combat only at their goal: a fleet that ends its move in another system on its
# way is not hostile there. A scout is looked for only in a star system.
# A scout that escapes is detected: it stays out of the combat and the cease fire but
# counts as an enemy present (it aborts a DESTROY); an undetected one never does.
# The Masters' return: the highest valuation wins; on a tie, the lower empire number.
