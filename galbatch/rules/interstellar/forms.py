"""Interstellar Conquest's orders as galbatch-interstellar(7) writes them: the board
game's decisions (the turn sequence's Plays) in words, for the phase each answers,
and the standing orders that answer a phase each time it comes. A planet is its
system's colour and its tile (BLUE 3); ships are sizes with counts (1 L 2 M)."""

from __future__ import annotations

from galbatch.engine.contract.forms import Argument, OrderForm

PLANET = Argument("colour tile", "world")
COLOUR = Argument("colour", "player")  # a player, by the colour of his pieces
SHIPS = Argument("ships", "ship")  # sizes S, M, L, each with a count before it (1 if none)
FROM = Argument("colour tile", "world", optional=True)  # the planet the ships come from
# What ALWAYS and IF make standing: any order of the phases', to the line's end
ORDER = Argument("order", "text")

FORMS: tuple[OrderForm, ...] = (
    # The turn's start (Play 2)
    OrderForm(
        "RECLAIM",
        (
            Argument("size", "choice", ("S", "M", "L")),
            Argument("colour tile", "world", optional=True),
        ),
        "Take a ship back from the void",
        "RECLAIM L TO RED 2",
        shape="RECLAIM {size} [TO {colour tile}]",
    ),
    # Attacks (Play 3, Play 10)
    OrderForm(
        "ATTACK",
        (Argument("colour", "player", optional=True), PLANET, SHIPS, FROM),
        "Attack a planet with a fleet",
        "ATTACK BLUE 3 WITH 1 L 2 M FROM RED 2 AND 1 S FROM RED 4",
        shape="ATTACK [{colour} ON] {colour tile} WITH {ships} [FROM {colour tile}] [AND ...]",
    ),
    OrderForm(
        "ATTACK",
        (PLANET,),
        "The second attack, as ATTACK",
        "ATTACK AGAIN YELLOW 5 WITH 1 TRANSPORT 2 WARSHIPS FROM RED 3",
        shape="ATTACK AGAIN {colour tile} WITH ...",
    ),
    OrderForm("PASS", (), "No second attack", "PASS"),
    # Invitations (Play 4, Play 5)
    OrderForm(
        "INVITE",
        (COLOUR,),
        "Ask players to ally with you",
        "INVITE GREEN YELLOW",
        shape="INVITE {colour} ...",
    ),
    OrderForm("INVITE", (), "Ask all but the two combatants", "INVITE ALL", shape="INVITE ALL"),
    OrderForm("INVITE", (), "Ask nobody", "INVITE NOBODY", shape="INVITE NOBODY"),
    # Alliances (Play 6)
    OrderForm(
        "ALLY",
        (COLOUR, SHIPS, FROM),
        "Join a side that invited you",
        "ALLY DEFENDER WITH 1 S 1 M FROM GREEN 1 AND 1 M FROM GREEN 2",
        shape="ALLY {colour}|ATTACKER|DEFENDER WITH {ships} [FROM {colour tile}] [AND ...]",
    ),
    OrderForm("DECLINE", (), "No to every invitation", "DECLINE"),
    # Coins (Play 7)
    OrderForm(
        "PLAY",
        (Argument("coin", "number"),),
        "The attack coin you play, 1 to 5",
        "PLAY 3",
    ),
    OrderForm("PLAY", (), "The blank Diplomacy coin", "PLAY DIPLOMACY", shape="PLAY DIPLOMACY"),
    OrderForm("PLAY", (), "Your highest attack coin", "PLAY HIGHEST", shape="PLAY HIGHEST"),
    OrderForm("PLAY", (), "Your lowest attack coin", "PLAY LOWEST", shape="PLAY LOWEST"),
    OrderForm("PLAY", (), "Druwaith: the lowest that wins", "PLAY BEST", shape="PLAY BEST"),
    # Deals (Play 8): each term a player's GIVES, RETURNS or COLONIZES
    OrderForm(
        "DEAL",
        (Argument("term", "text"), Argument("term", "text", optional=True)),
        "The deal you agree to",
        "DEAL RED GIVES 2 COINS, BLUE RETURNS 1 SHIP",
        shape="DEAL {term}[, {term}] ...",
    ),
    OrderForm("DEAL", (), "A deal of no terms", "DEAL NOTHING", shape="DEAL NOTHING"),
    OrderForm("NO", (), "No deal at all", "NO DEAL", shape="NO DEAL"),
    # The outcome
    OrderForm("REWARD", (), "An ally's reward: coins", "REWARD COINS", shape="REWARD COINS"),
    OrderForm("REWARD", (), "... ships, coins for the rest", "REWARD SHIPS", shape="REWARD SHIPS"),
    OrderForm(
        "REWARD",
        (Argument("count", "count"),),
        "... count ships, coins for the rest",
        "REWARD 2 SHIPS",
        shape="REWARD {count} SHIPS",
    ),
    OrderForm("TAKE", (), "Celegorm, Mormegil: take the coin", "TAKE COIN", shape="TAKE COIN"),
    OrderForm("LEAVE", (), "... or leave it", "LEAVE COIN", shape="LEAVE COIN"),
    OrderForm(
        "HEAL",
        (COLOUR, Argument("count", "count")),
        "Nirnaeth: ships back from the void",
        "HEAL GREEN 2",
    ),
    OrderForm(
        "HEAL",
        (COLOUR,),
        "... all of that player's",
        "HEAL GREEN ALL",
        shape="HEAL {colour} ALL",
    ),
    # Standing orders: not orders of their own but a phase's order made standing,
    # always or on a condition (ATTACKED, ATTACKING or INVITED, with the words that
    # narrow it: BY colour, AT colour tile, AGAINST colour); the order is text
    OrderForm("ALWAYS", (ORDER,), "Standing: each time its phase comes", "ALWAYS PLAY BEST"),
    OrderForm(
        "IF",
        (Argument("condition", "choice", ("ATTACKED", "ATTACKING", "INVITED")), ORDER),
        "Standing: when the condition holds",
        "IF ATTACKED BY RED AT BLUE 3 DEAL NOTHING",
    ),
    OrderForm("CANCEL", (Argument("n", "number"),), "Cancel a standing order", "CANCEL 2"),
    OrderForm("CANCEL", (), "Cancel them all", "CANCEL ALL", shape="CANCEL ALL"),
)
