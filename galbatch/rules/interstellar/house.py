"""Interstellar Conquest house rules: every point the rule book leaves unclear, decided here.

Each constant says which part of the book it settles and why; the man page
(galbatch-interstellar(7)) repeats them as house rules. The rules code reads
these names and never repeats the decisions.
"""

from __future__ import annotations

from typing import Literal

from galbatch.rules.interstellar.tables import Size

# Outcome chart, Attack / Diplomacy, "Defender wins": the book repeats "All
# attacking ships move onto planet" from the attacker's row. The defender won, so
# the attacking ships (allies' too) go to the void, as in Attack / Attack.
DEFENDER_WIN_SENDS_ATTACKERS_TO_VOID = True

# "One coin per ship lost" (Attack / Diplomacy): the main combatant who played
# Diplomacy counts only his own ships lost, not his allies'; the winner pays from
# his hand, coins drawn at random from it (seeded), and no more than he holds.
COMPENSATION_COUNTS_ALLIES = False
COMPENSATION_LIMITED_TO_HAND = True

# Diplomacy / Diplomacy, no deal: "both players lose 2 ships to the void". Each
# loses his own ships, first those in the encounter (the attacker's fleet, the
# defender's ships on the target planet), then those on his home worlds (world 1
# first), then his colonies; at each place the smallest size first. With fewer
# than 2 ships he loses all he has.
NoDealSource = Literal["encounter", "home", "colonies"]
NO_DEAL_LOSS_ORDER: tuple[NoDealSource, ...] = ("encounter", "home", "colonies")
NO_DEAL_LOSS_SIZES: tuple[Size, ...] = (Size.S, Size.M, Size.L)

# Seregon multiplies only the values of his own ships in the combat, by his own
# coin, attacking or defending; his allies' ships are added after the product.
# As an ally (playing no coin) Seregon's power does nothing.
SEREGON_MULTIPLIES_ALLIES = False
SEREGON_WHEN_DEFENDING = True

# Balchoth's colony ships are worth 2 and warships 4 wherever they fight:
# attacking, defending, or as an ally of either side; other players' ships on
# Balchoth's side keep the chart's values. Transports stay 3.
BALCHOTH_WHEN_DEFENDING = True
BALCHOTH_AS_ALLY = True

# Celegorm (reclaim the coin he used) against Mormegil (claim the opponent's coin)
# after the same combat: a coin goes back to the player who played it.
SameCoin = Literal["owner", "claimer"]
SAME_COIN_GOES_TO: SameCoin = "owner"

# Hirilorn's "4 coins instead of the normal 3": Hirilorn draws 4 where others draw
# 3, and at the start of each of his turns draws up to 4 when he holds fewer. The
# book states no hand limit, so there is none: coins won (compensation, rewards,
# deals, powers) are kept whatever the hand's size.
HIRILORN_HAND = 4
HIRILORN_REPLENISHES = True  # automatic: drawing up to 4 can only help
HAND_LIMIT: int | None = None

# A main combatant with no coin when coins are chosen draws a hand first, as at
# the start of a turn (Play 1), so that every combat has two coins.
DRAW_WHEN_EMPTY_IN_COMBAT = True

# "Four colonies on planets in other systems": four planets of other players'
# systems, each holding at least one of the player's colony ships (two colony
# ships on one planet are one colony).
ColonyCount = Literal["planets", "ships"]
COLONIES_COUNT: ColonyCount = "planets"

# Setup 4: "the last player to choose his race takes the first turn": races are
# chosen in seat order, so the last seat moves first; play continues clockwise,
# which is seat order (after the last seat, the first).
FIRST_PLAYER_IS_LAST_SEAT = True

# Play 2, reclaiming one ship from the void: with no RECLAIM order (sent or
# standing) the largest ship goes to the lowest-numbered home world.
RECLAIM_DEFAULT_SIZES: tuple[Size, ...] = (Size.L, Size.M, Size.S)

# Outcome: a defending ally with no REWARD order takes ships from the void first
# (largest first), and coins for the rest.
REWARD_SHIPS_FIRST = True
# Celegorm and Mormegil take the coin unless they say LEAVE COIN.
TAKE_COIN_BY_DEFAULT = True
# Nirnaeth heals only when ordered; ships healed, or returned by rewards and deals,
# go to the owner's lowest-numbered home world unless the order names one, and the
# largest first. A healed player pays from his hand, coins drawn at random; he
# cannot be healed of more ships than he has coins.
RETURNS_LARGEST_FIRST = True

# Pelantiri: a Diplomacy coin wins the combat with a ship of his own involved, also
# against Diplomacy (no deal is attempted). The combat is then resolved by the
# Attack / Attack row of the side that won (no compensation).
PELANTIRI_BEATS_DIPLOMACY = True

# Attacking a planet with ships of several players: the attack names the defender
# (default: the owner of the system); other players' ships there are not in the
# combat and stay where they are.
OTHER_SHIPS_ON_TARGET_STAY = True

# Play 10, "if you are successful in your first attack": a win by the outcome
# chart (or Pelantiri's power); a deal or a tie is not a success.
SECOND_ATTACK_NEEDS_WIN = True

# Ships committed to an encounter (the attacking fleet, allies' ships) leave their
# planets when committed and are "in the encounter" until the outcome moves them.
COMMITTED_SHIPS_LEAVE_PLANETS = True

# A batch run plays at most one round: once every player has begun a turn in it, it
# stops at the start of the next turn, owing nobody, and the next run goes on from there.
# Standing orders alone could otherwise play the whole game (or for ever) in one run,
# with no printout between.
RUN_PLAYS_AT_MOST_ONE_ROUND = True

# Play 3: a player with no attack the ship chart allows (no Warship on a planet, or no
# Transport and no target in his Warships' systems) makes none: his turn passes.
NO_POSSIBLE_ATTACK_PASSES = True
# A pending ATTACK the rules refuse when its phase comes (its ships gone, its target
# his own) is used up, told to its player alone; the next answering order is tried.
REFUSED_ATTACK_USED_UP = True

# Play 4-6: with only the two main combatants at the table nobody is invited, and an
# invited player with no colony ship or warship where allies' ships may come from
# declines without being waited for.
NO_INVITATIONS_FOR_TWO = True
UNABLE_ALLY_DECLINES = True

# Play 7: PLAY naming a coin not held plays the highest attack coin below it, else the
# lowest above it, else Diplomacy (PLAY DIPLOMACY without one: the lowest attack coin).
# A main combatant with no coin at all, even after drawing, plays none: Diplomacy.
PLAY_NEAREST_BELOW = True
# Play 7, PLAY BEST by a Druwaith who has lost his power (fewer than two colony ships at
# home, race chart): he no longer plays after the reveal, so he chooses with the other
# combatant, in secret, and BEST plays as this word; he is told so.
BestWithoutPower = Literal["HIGHEST", "LOWEST"]
BEST_WITHOUT_POWER: BestWithoutPower = "HIGHEST"

# ---- rules the code once held alone, named here ----------------------------------------------

# Setup 2: "each player randomly chooses a stash": the colours are drawn at random
# (seeded) unless game.yaml's `colours` names them in seat order.
COLOURS_AT_RANDOM = True

# Setup 4: "the color to race combinations suggested are recommended": each colour
# takes the chart's race unless game.yaml's `races` pairs it otherwise, and no race is
# taken twice (a power is a race's own).
RACES_BY_CHART = True
RACE_AT_MOST_ONCE = True

# Play 2 before Play 3: a RECLAIM order (sent or standing) is carried out at once, and the
# run goes on to the attack (and waits there for the ATTACK if there is none). Without a
# RECLAIM order, the reclaim waits for the player's ATTACK (so that his file, when it comes,
# can still choose the ship) only if, after some reclaim, he could attack at all (a
# reclaimed ship may be the Warship or Transport the attack needs); otherwise the default
# reclaim is made at once.
RECLAIM_ORDER_RESOLVES_AT_ONCE = True
RECLAIM_WAITS_ONLY_IF_ATTACK_POSSIBLE = True

# Play 3 and 6: a group of ships without FROM takes them from the player's planets in
# this order, each size as far as there are ships, and is reduced to what is there.
FROMLESS_HOME_FIRST = True


def source_order(own: str, colours: tuple[str, ...], tiles: tuple[int, ...]) -> tuple[str, ...]:
    """The systems a group without FROM takes ships from, in order: the player's own
    (his home worlds, tile order `tiles`) first, then the other systems in seat order
    (`colours`)."""
    if not FROMLESS_HOME_FIRST:
        return colours
    return (own, *(c for c in colours if c != own))


# Play 3b: "a Transport is needed to move ships from one system to another": the fleet
# needs one if any of its groups comes from outside the target's system.
TRANSPORT_IF_ANY_GROUP_TRAVELS = True

# Play 3: the fleet is placed "next to the planet": ships already on the target are not
# part of an attack on it (a group FROM the target is refused; without FROM, the target
# is skipped).
SHIPS_ON_TARGET_CANNOT_ATTACK = True

# Play 6c, "the target system or the origin system": with a Transport in the attacking
# fleet, every system the fleet's ships came from is an origin system.
EVERY_FLEET_SYSTEM_IS_ORIGIN = True

# Play 6: an ALLY answers only the invitation of a side that invited the player (other
# ALLY lines wait for another encounter), and an ALLY whose ships are all gone (none of
# his colony ships or warships where allies' ships may come from) counts as declining.
ALLY_ANSWERS_INVITING_SIDE = True
EMPTY_ALLY_DECLINES = True

# Play 7: the Druwaith plays after the other main combatant's coin is revealed, to
# everyone: the reveal of that coin is public before the Druwaith chooses.
DRUWAITH_AFTER_PUBLIC_REVEAL = True

# Play 8, the deal: all of a main combatant's pending DEAL and NO DEAL lines together
# are his offers (the first of the attacker's matching one of the defender's is made);
# a standing one is used only when he has sent none.
ALL_DEAL_LINES_ARE_OFFERS = True

# Play 8, a deal's terms: a term naming neither party is skipped, and a quantity (coins
# given, ships returned) is limited to what the party has when the deal is carried out.
DEAL_SKIPS_OTHERS_TERMS = True
DEAL_QUANTITIES_LIMITED = True

# Play 8, "a colony allowed on a planet": a colony is a colony ship on an alien planet
# (ship chart), so a deal's COLONIZES names a planet of the other party's system; the
# colony ship comes from the party's attacking fleet if it has one there, else from his
# lowest-numbered home world holding one.
COLONY_IN_OTHER_PARTYS_SYSTEM = True
COLONY_SHIP_FROM_FLEET_FIRST = True


def colony_refusal(planet_colour: str, party: str, other: str | None) -> str:
    """Why a deal may not let `party` place a colony on a planet of `planet_colour`'s
    system (the other party being `other`, None when not known yet), or "" when it may."""
    if planet_colour == party:
        return (
            "a colony is a colony ship on an alien planet (ship chart), not on one's own home world"
        )
    if COLONY_IN_OTHER_PARTYS_SYSTEM and other is not None and planet_colour != other:
        return f"a deal allows a colony only in the other party's system, {other} (Play 8)"
    return ""


# Race chart, Gelmir: "any ships you lose in combat" covers every loss at the outcome,
# the two ships of no deal included; they go to his home world of this tile, or, when
# that is the planet fought over, to his next one: beside the winner they would keep
# that world from ever being cleared (outcome.gelmir_home).
GELMIR_COVERS_NO_DEAL = True
GELMIR_HOME_WORLD = 1

# Race chart, Celegorm and Mormegil: "after combat has finished" is after every
# encounter's outcome, a tie and a deal included.
COIN_POWERS_AFTER_EVERY_ENCOUNTER = True

# Race chart, Nirnaeth: every pending HEAL line of his is carried out at the next
# outcome (each is used up there), in the order written.
HEAL_USES_EVERY_PENDING_LINE = True

# Play 1 in combat (DRAW_WHEN_EMPTY_IN_COMBAT): a main combatant draws only while his hand
# is empty and his coin is not yet in, so a run waiting for the other draws no more.
DRAW_ONLY_BEFORE_COIN_IN = True

# Pending orders: what a player sent for a turn is for that turn. At the end of a player
# turn (NEXT) the pending orders of every player who owed a decision in it since the run
# that read his file are dropped, each told to its player; a player who owed nothing in it
# (a bystander) keeps them for a later turn, such as his own turn's ATTACK.
PENDING_KEPT_ONLY_BY_BYSTANDERS = True


def owed_a_decision(waited_for: bool, answered_by_order_sent: bool) -> bool:
    """Whether a player owed a decision in a turn (PENDING_KEPT_ONLY_BY_BYSTANDERS), since
    the run that read his file: a run stopped waiting for him, or an order he sent (not a
    standing one) answered a phase he owes (attack, invitations, alliance, coin, deal). An
    invited player who declined without being waited for (UNABLE_ALLY_DECLINES), one whose
    answers were all standing orders, and one never asked, were not asked to decide."""
    return waited_for or answered_by_order_sent
