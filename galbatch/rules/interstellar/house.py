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
