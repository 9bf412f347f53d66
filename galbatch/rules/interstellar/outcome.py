"""The outcome chart carried out (Play 8): where the ships go, compensation, defending
allies' rewards, the deal's terms, the losses of no deal; Gelmir's losses go home.
"""

from __future__ import annotations

from dataclasses import replace

from galbatch.rules.interstellar import house
from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar.board import (
    Run,
    largest_first,
    planets_of,
    put,
    return_from_void,
    ships_text,
    take,
    to_void,
)
from galbatch.rules.interstellar.coins import count_text, from_bag, give_random
from galbatch.rules.interstellar.fleets import land, total
from galbatch.rules.interstellar.state import (
    Commitment,
    Encounter,
    GameState,
    PlanetKey,
    Ships,
    has_power,
    planet_text,
)
from galbatch.rules.interstellar.tables import (
    HOME_WORLDS,
    NO_DEAL_SHIPS_LOST,
    Outcome,
    Power,
    Size,
)


def colour(state: GameState, player: str) -> str:
    """A player's colour, as printouts name players."""
    return state.seat(player).colour


def gelmir_home(state: GameState, player: str) -> tuple[str, int]:
    """The Gelmir's home world his lost ships go to: house.GELMIR_HOME_WORLD, or, if that
    is the planet fought over, his next home world, so the winner can clear it."""
    mine = state.seat(player).colour
    fought = state.encounter.target if state.encounter is not None else None
    worlds = (house.GELMIR_HOME_WORLD, *HOME_WORLDS)
    return next((mine, n) for n in worlds if (mine, n) != fought)


def lose(state: GameState, player: str, ships: Ships, run: Run, combat: bool = True) -> GameState:
    """Ships lost at the outcome (already off their planets): to the void, or, for the
    Gelmir while he keeps his power, back to his home world house.GELMIR_HOME_WORLD (the
    losses of no deal, `combat` False, too if house.GELMIR_COVERS_NO_DEAL)."""
    if not ships.total:
        return state
    who = colour(state, player)
    gelmir = combat or house.GELMIR_COVERS_NO_DEAL
    if gelmir and has_power(state, player, Power.LOSSES_GO_HOME):
        home = gelmir_home(state, player)
        run.say(
            "lost",
            f"{who} loses {ships_text(ships)}: they go home to {planet_text(home)} (Gelmir).",
        )
        return put(state, home, player, ships)
    run.say("lost", f"{who} loses {ships_text(ships)} to the void.")
    return to_void(state, player, ships)


def lose_all(state: GameState, commitments: tuple[Commitment, ...], run: Run) -> GameState:
    """Every committed ship lost, player by player (in the order committed)."""
    owners: list[str] = []
    for c in commitments:
        if c.player not in owners:
            owners.append(c.player)
    for p in owners:
        state = lose(state, p, total(tuple(c for c in commitments if c.player == p)), run)
    return state


def _reward(
    state: GameState, player: str, ships: int, order: o.Reward | None, run: Run
) -> GameState:
    """A defending ally's reward: one coin or one ship from the void per ship committed;
    REWARD orders choose, ships first by default (house.REWARD_SHIPS_FIRST)."""
    if order is not None and order.coins:
        want = 0
    elif order is not None and order.ships is not None:
        want = order.ships
    else:
        want = ships if house.REWARD_SHIPS_FIRST else 0
    back = largest_first(state.in_void(player), min(want, ships))
    if back.total:
        state = return_from_void(state, player, back)
        run.say(
            "reward",
            f"{colour(state, player)} takes back {ships_text(back)} from the void"
            " (defending ally's reward).",
        )
    return from_bag(state, player, ships - back.total, run, "defending ally's reward")


def _no_deal_losses(
    state: GameState, e: Encounter, player: str, run: Run
) -> tuple[GameState, Encounter]:
    """A main combatant's two ships lost with no deal (house.NO_DEAL_LOSS_ORDER): those in
    the encounter, then his home worlds, then his colonies; the smallest first."""
    need = NO_DEAL_SHIPS_LOST
    lost = Ships()
    for source in house.NO_DEAL_LOSS_ORDER:
        if source == "encounter" and player == e.attacker:
            fleet = []
            for c in e.fleet:
                take_here = Ships()
                for size in house.NO_DEAL_LOSS_SIZES:
                    n = min(need - take_here.total, c.ships.get(size))
                    take_here = take_here.add(size, n)
                need -= take_here.total
                lost = lost.plus(take_here)
                fleet.append(replace(c, ships=c.ships.minus(take_here)))
            e = replace(e, fleet=tuple(c for c in fleet if c.ships.total))
            continue
        places: tuple[PlanetKey, ...]
        if source == "encounter":
            places = (e.target,)
        elif source == "home":
            places = state.home(player)
        else:
            places = tuple(p for p in planets_of(state, player) if p not in state.home(player))
        for planet in places:
            for size in house.NO_DEAL_LOSS_SIZES:
                n = min(need, state.at(planet, player).get(size))
                if n:
                    state = take(state, planet, player, Ships().add(size, n))
                    lost = lost.add(size, n)
                    need -= n
    return lose(state, player, lost, run, combat=False), e


def _colonize(
    state: GameState, e: Encounter, player: str, planet: PlanetKey, run: Run
) -> tuple[GameState, Encounter]:
    """A deal's colony: a colony ship of the encounter's (the fleet's), else from the
    party's home worlds, onto the planet."""
    who = colour(state, player)
    if player == e.attacker and house.COLONY_SHIP_FROM_FLEET_FIRST:
        for i, c in enumerate(e.fleet):
            if c.ships.get(Size.S):
                fleet = list(e.fleet)
                fleet[i] = replace(c, ships=c.ships.add(Size.S, -1))
                e = replace(e, fleet=tuple(x for x in fleet if x.ships.total))
                run.say("deal", f"{who} places a colony ship on {planet_text(planet)}.")
                return put(state, planet, player, Ships(1, 0, 0)), e
    for world in state.home(player):
        if state.at(world, player).get(Size.S) and world != planet:
            state = take(state, world, player, Ships(1, 0, 0))
            run.say("deal", f"{who} places a colony ship on {planet_text(planet)}.")
            return put(state, planet, player, Ships(1, 0, 0)), e
    run.say("deal", f"{who} has no colony ship to place on {planet_text(planet)}.")
    return state, e


def _within(state: GameState, party: str, term: o.GiveCoins | o.ReturnShips) -> bool:
    """Whether a deal's quantity may be carried out: always when quantities are limited to
    what the party has (house.DEAL_QUANTITIES_LIMITED), else only if he has as many."""
    if house.DEAL_QUANTITIES_LIMITED:
        return True
    if isinstance(term, o.GiveCoins):
        return len(state.hand(party)) >= term.count
    void = state.in_void(party)
    return (void.get(term.size) if term.size else void.total) >= term.count


def _terms(state: GameState, e: Encounter, deal: o.Deal, run: Run) -> tuple[GameState, Encounter]:
    """A deal's terms carried out, in the order written; terms naming neither party, or
    more than a party has, are carried out as far as they can be."""
    parties = {colour(state, e.attacker): e.attacker, colour(state, e.defender): e.defender}
    for term in deal.terms:
        party = parties.get(term.player)
        if party is None:
            run.say("deal", f"{term.text()}: {term.player} is not a party to the deal.")
            if not house.DEAL_SKIPS_OTHERS_TERMS:  # the whole deal falls with that term
                return state, e
            continue
        other = e.defender if party == e.attacker else e.attacker
        if isinstance(term, o.GiveCoins | o.ReturnShips) and not _within(state, party, term):
            run.say("deal", f"{term.text()}: not carried out: {term.player} has not so many.")
            continue
        if isinstance(term, o.GiveCoins):
            state, _ = give_random(state, party, other, term.count, run, "the deal")
        elif isinstance(term, o.ReturnShips):
            void = state.in_void(party)
            if term.size is None:
                back = largest_first(void, term.count)
            else:
                back = Ships().add(term.size, min(term.count, void.get(term.size)))
            state = return_from_void(state, party, back)
            run.say("deal", f"{term.player} takes back {ships_text(back)} from the void.")
        else:
            planet = (term.planet.colour, term.planet.tile)
            if state.player_of(planet[0]) is None or planet[1] not in range(1, 6):
                run.say("deal", f"{term.text()}: there is no such planet.")
                continue
            why = house.colony_refusal(planet[0], term.player, colour(state, other))
            if why:
                run.say("deal", f"{term.text()}: not carried out: {why}.")
                continue
            state, e = _colonize(state, e, party, planet, run)
    return state, e


def compensate(
    state: GameState, payer: str, paid: str, own: int, allies: int, run: Run
) -> GameState:
    """Attack / Diplomacy: "one coin per ship lost" from the winner to the main combatant who
    played Diplomacy, for his own ships lost (`own`) and, if house.COMPENSATION_COUNTS_ALLIES,
    his allies' (`allies`); from the winner's hand, drawn at random, and only as far as it
    goes if house.COMPENSATION_LIMITED_TO_HAND, else the rest from the bag."""
    owed = own + (allies if house.COMPENSATION_COUNTS_ALLIES else 0)
    held = len(state.hand(payer))
    if house.COMPENSATION_LIMITED_TO_HAND and held < owed:
        a, b = colour(state, payer), colour(state, paid)
        short = (
            "holds none: nothing is paid"
            if not held
            else f"holds only {held}: {held} paid, {owed - held} not"
        )
        run.say(
            "coins",
            f"{a} owes {b} {count_text(owed)} (one per ship lost) and {short}"
            " (house rule: never more than he holds).",
        )
    state, given = give_random(state, payer, paid, owed, run, "one per ship lost")
    if not house.COMPENSATION_LIMITED_TO_HAND:
        state = from_bag(state, paid, owed - given, run, "one per ship lost, beyond the hand")
    return state


def carry_out(state: GameState, rewards: dict[str, o.Reward | None], run: Run) -> GameState:
    """The encounter's outcome row carried out; the encounter then holds no ships."""
    e = state.encounter
    assert e is not None and e.outcome is not None
    row = e.outcome
    attacking = e.fleet + tuple(c for a in e.allies if a.side == "ATTACKER" for c in a.ships)
    defending = tuple(c for a in e.allies if a.side == "DEFENDER" for c in a.ships)
    cleared = replace(e, fleet=(), allies=tuple(replace(a, ships=()) for a in e.allies))
    if row in (Outcome.ATTACKER_WINS, Outcome.ATTACK_COIN_ATTACKER_WINS):
        here = state.at(e.target, e.defender)
        state = take(state, e.target, e.defender, here)
        state = replace(state, encounter=cleared)
        state = lose(state, e.defender, here, run)
        state = lose_all(state, defending, run)
        for c in attacking:
            state = put(state, e.target, c.player, c.ships)
        run.say("move", f"The attacking ships move onto {planet_text(e.target)}.")
        if row is Outcome.ATTACK_COIN_ATTACKER_WINS:
            helpers = total(defending).total
            state = compensate(state, e.attacker, e.defender, here.total, helpers, run)
        return state
    if row in (Outcome.DEFENDER_WINS, Outcome.ATTACK_COIN_DEFENDER_WINS):
        state = replace(state, encounter=cleared)
        literal = row is Outcome.ATTACK_COIN_DEFENDER_WINS
        if literal and not house.DEFENDER_WIN_SENDS_ATTACKERS_TO_VOID:
            # the chart's row as printed: "All attacking ships move onto planet"
            for c in attacking:
                state = put(state, e.target, c.player, c.ships)
            run.say("move", f"The attacking ships move onto {planet_text(e.target)}.")
            own = helpers = 0
        else:
            state = lose_all(state, attacking, run)
            own = total(e.fleet).total
            helpers = total(attacking).total - own
        state = land(state, defending)
        if row is Outcome.ATTACK_COIN_DEFENDER_WINS:
            state = compensate(state, e.defender, e.attacker, own, helpers, run)
        for a in e.allies:
            if a.side == "DEFENDER":
                state = _reward(state, a.player, total(a.ships).total, rewards.get(a.player), run)
        return state
    if row is Outcome.NO_DEAL:
        state, e = _no_deal_losses(state, e, e.attacker, run)
        state, e = _no_deal_losses(state, e, e.defender, run)
    elif row is Outcome.DEAL and e.deal is not None:
        state, e = _terms(state, e, e.deal, run)
    state = replace(state, encounter=cleared)
    state = land(state, e.fleet + tuple(c for a in e.allies for c in a.ships))
    run.say("move", "All committed ships return to the planets they came from.")
    return state
