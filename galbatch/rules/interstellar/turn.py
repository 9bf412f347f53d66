"""The phase machine: one batch run takes in the order files, then resolves phases one
after another while the players who owe the next one have an order for it, and stops
where a decision is missing (phases.py tells how; orders.py which order answers).

Each `_step` function resolves the state's phase and moves it on, or returns the
players it waits for, having done what it could (an ally who answered has allied;
a coin played is in, still secret).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from galbatch.rules.interstellar import house, reports
from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar.answers import (
    all_answers,
    answer,
    use,
    use_all,
)
from galbatch.rules.interstellar.board import Run, one, return_from_void, ships_text
from galbatch.rules.interstellar.coins import choose, draw, draw_up, hand_size, remove
from galbatch.rules.interstellar.combat import (
    WINNER,
    outcome,
    result_for,
    values_text,
    won_by_pelantiri,
)
from galbatch.rules.interstellar.fleets import (
    Refusal,
    ally,
    can_help,
    could_attack,
    declare,
    decline,
    invited,
    side_named,
    sides_inviting,
    total,
)
from galbatch.rules.interstellar.outcome import carry_out
from galbatch.rules.interstellar.phases import Phase, owes, succeeded
from galbatch.rules.interstellar.powers import heal, settle_coins
from galbatch.rules.interstellar.state import Encounter, GameState, has_power, planet_text
from galbatch.rules.interstellar.tables import (
    NO_COIN,
    CoinPlayed,
    Outcome,
    Power,
    coin_text,
    outcome_row,
    race_named,
)
from galbatch.rules.interstellar.victory import winners

Waiting = tuple[str, ...]
Step = Callable[[GameState, Run], tuple[GameState, Waiting]]
RUN_STREAM = "interstellar"


def _round(state: GameState) -> int:
    """The most player turns a run begins (house.RUN_PLAYS_AT_MOST_ONE_ROUND)."""
    return len(state.seats) if house.RUN_PLAYS_AT_MOST_ONE_ROUND else 10**9


def advance(state: GameState, run: Run) -> GameState:
    """The phases resolved from the state's own until one waits or the game is won; the
    players waited for in `waiting`."""
    first_turn = state.player_turn
    while not state.finished:
        played = state.player_turn - first_turn
        if state.phase is Phase.DRAW and played and played >= _round(state):
            run.say("stop", f"The run stops after {played} turns, at the start of the next.")
            return replace(state, waiting=())
        state, waiting = STEPS[state.phase](state, run)
        if waiting:
            for p in waiting:
                state = _owed(state, p, waited_for=True)
            return replace(state, waiting=waiting)
    return replace(state, waiting=())


def _owed(state: GameState, p: str, waited_for: bool = False, sent: bool = False) -> GameState:
    """The state with `p` counted as owing a decision in the turn under way, if the house
    rule says he does (house.owed_a_decision)."""
    if p in state.involved or not house.owed_a_decision(waited_for, sent):
        return state
    return replace(state, involved=(*state.involved, p))


def _answered(state: GameState, p: str, order: o.Action) -> GameState:
    """A pending order of `p` answers a phase he owes: used up, and he owed a decision."""
    return _owed(use(state, p, order), p, sent=True)


def colour(state: GameState, player: str) -> str:
    """A player's colour, as printouts name players."""
    return state.seat(player).colour


def _encounter(state: GameState) -> Encounter:
    assert state.encounter is not None
    return state.encounter


# ---- Play 1, 2, 11 ---------------------------------------------------------------------------


def _draw(state: GameState, run: Run) -> tuple[GameState, Waiting]:
    turn = f"Turn {state.player_turn}: {colour(state, state.active)} to play."
    run.say("turn", turn)
    state = draw_up(state, state.active, run)
    return replace(state, phase=Phase.RECLAIM), ()


def _reclaimed(state: GameState, player: str, order: o.Reclaim | None) -> GameState:
    void = state.in_void(player)
    if order is not None and void.get(order.size):
        size = order.size
    else:
        size = next(s for s in house.RECLAIM_DEFAULT_SIZES if void.get(s))
    world = state.home(player)[0]
    if order is not None and order.to is not None:
        to = (order.to.colour, order.to.tile)
        if to in state.home(player):
            world = to
    return return_from_void(state, player, one(size), world)


def _has_attack(state: GameState, player: str, phase: Phase) -> bool:
    found, _ = answer(state, player, phase)
    return isinstance(found, o.Attack)


def _reclaim_waits(state: GameState, p: str) -> bool:
    """Whether the reclaim, made by default, waits for the player's ATTACK (so that his
    file, when it comes, can still choose the ship): house.RECLAIM_WAITS_ONLY_IF_ATTACK_POSSIBLE."""
    void = state.in_void(p)
    could = any(
        could_attack(_reclaimed(state, p, o.Reclaim(s)), p)
        for s in house.RECLAIM_DEFAULT_SIZES
        if void.get(s)
    )
    waits = could or not house.RECLAIM_WAITS_ONLY_IF_ATTACK_POSSIBLE
    return waits and not _has_attack(state, p, Phase.DECLARE)


def _reclaim(state: GameState, run: Run) -> tuple[GameState, Waiting]:
    p = state.active
    if not state.in_void(p).total:
        return replace(state, phase=Phase.DECLARE), ()
    order, pending = answer(state, p, Phase.RECLAIM)
    at_once = order is not None and house.RECLAIM_ORDER_RESOLVES_AT_ONCE
    if not at_once and _reclaim_waits(state, p):
        return state, (p,)  # the reclaim waits for the attack (phases.WAITS_WITH)
    start, before = reports.mark(run), state
    if pending and order is not None:
        state = _answered(state, p, order)
    reclaim = order if isinstance(order, o.Reclaim) else None
    after = _reclaimed(state, p, reclaim)
    back = state.in_void(p).minus(after.in_void(p))
    where = next(w for w in after.home(p) if after.at(w, p) != state.at(w, p))
    how = "as ordered" if reclaim is not None else "by default"
    run.say(
        "reclaim",
        f"{colour(state, p)} reclaims {ships_text(back)} from the void to"
        f" {planet_text(where)} ({how}).",
    )
    if order is not None:
        reports.used(run, before, p, order, pending, Phase.RECLAIM, start)
    return replace(after, phase=Phase.DECLARE), ()


def _next(state: GameState, run: Run) -> tuple[GameState, Waiting]:
    """The turn ends: pending orders of the players who owed a decision in it are dropped
    (house.PENDING_KEPT_ONLY_BY_BYSTANDERS), each told to its player."""
    pending: dict[str, tuple[o.Action, ...]] = {}
    for p in state.players():
        kept = state.pending.get(p, ())
        if kept and p in state.involved and house.PENDING_KEPT_ONLY_BY_BYSTANDERS:
            reports.dropped(run, state, p, kept, reports.turn_ended(state, p))
        elif kept:
            pending[p] = kept
    return replace(
        state,
        pending=pending,
        involved=(),
        active=state.next_player(state.active),
        player_turn=state.player_turn + 1,
        phase=Phase.DRAW,
        attack=1,
        encounter=None,
    ), ()


# ---- Play 3, 10: the attacks ----------------------------------------------------------------


def _attack(state: GameState, run: Run, again: bool) -> tuple[GameState, Waiting]:
    p = state.active
    phase = Phase.SECOND_ATTACK if again else Phase.DECLARE
    if house.NO_POSSIBLE_ATTACK_PASSES and not could_attack(state, p):
        run.say(
            "attack",
            f"{colour(state, p)} has no attack the ship chart allows (a Warship,"
            " and a Transport to leave a system).",
        )
        return replace(state, phase=Phase.NEXT), ()
    tried: set[o.Action] = set()
    while True:
        order, pending = answer(state, p, phase, lambda x: x not in tried)
        if order is None:
            return state, (p,)
        tried.add(order)
        start, before = reports.mark(run), state
        if pending and (house.REFUSED_ATTACK_USED_UP or isinstance(order, o.Pass)):
            state = _answered(state, p, order)
        if isinstance(order, o.Pass):
            run.say("attack", f"{colour(state, p)} makes no second attack.")
            reports.used(run, before, p, order, pending, phase, start)
            return replace(state, phase=Phase.NEXT), ()
        assert isinstance(order, o.Attack)
        try:
            after, note = declare(state, p, order, 2 if again else 1)
        except Refusal as refusal:
            gone = "; the order is used up (house rule)" if pending else ""
            run.say("refused", f"{order.text()}: not carried out: {refusal}{gone}.", (p,))
            continue
        if pending and not house.REFUSED_ATTACK_USED_UP:
            after = _answered(after, p, order)
        if note:
            run.say("reduced", f"{order.text()}: {note}.", (p,))
        e = _encounter(after)
        fleet = ships_text(total(e.fleet))
        which = "second attack" if again else "attack"
        run.say(
            "attack",
            f"{colour(state, p)} makes the {which}: {fleet} against"
            f" {colour(state, e.defender)} at {planet_text(e.target)}.",
        )
        reports.used(run, before, p, order, pending, phase, start)
        return replace(after, phase=Phase.INVITE_ATTACKER), ()


def _declare(state: GameState, run: Run) -> tuple[GameState, Waiting]:
    return _attack(state, run, again=False)


def _second_attack(state: GameState, run: Run) -> tuple[GameState, Waiting]:
    if not owes(state, Phase.SECOND_ATTACK):
        return replace(state, phase=Phase.NEXT), ()
    return _attack(state, run, again=True)


# ---- Play 4-6: invitations and alliances -----------------------------------------------------


def _alone(state: GameState) -> bool:
    e = _encounter(state)
    return all(p in (e.attacker, e.defender) for p in state.players())


def _invite(state: GameState, run: Run, attacker: bool) -> tuple[GameState, Waiting]:
    e = _encounter(state)
    p = e.attacker if attacker else e.defender
    phase = Phase.INVITE_ATTACKER if attacker else Phase.INVITE_DEFENDER
    after = Phase.INVITE_DEFENDER if attacker else Phase.ALLIANCE
    if house.NO_INVITATIONS_FOR_TWO and _alone(state):
        return replace(state, phase=after), ()  # no one else to invite
    order, pending = answer(state, p, phase)
    if order is None and not attacker:
        return state, (p,)
    start, before = reports.mark(run), state
    if pending and order is not None:
        state = _answered(state, p, order)
    names = invited(state, e, order) if isinstance(order, o.Invite) else ()
    e = replace(e, invited_by_attacker=names) if attacker else replace(e, invited_by_defender=names)
    whom = " ".join(colour(state, q) for q in names) or "nobody"
    run.say("invite", f"{colour(state, p)} invites {whom}.")
    if order is not None:
        reports.used(run, before, p, order, pending, phase, start)
    return replace(state, encounter=e, phase=after), ()


def _invite_attacker(state: GameState, run: Run) -> tuple[GameState, Waiting]:
    return _invite(state, run, attacker=True)


def _invite_defender(state: GameState, run: Run) -> tuple[GameState, Waiting]:
    return _invite(state, run, attacker=False)


def _fits_alliance(state: GameState, e: Encounter, p: str) -> Callable[[o.Action], bool]:
    """Whether an order answers a player's invitations: DECLINE, or ALLY with a side that
    invited him."""

    def fits(x: o.Action) -> bool:
        if not isinstance(x, o.Ally):
            return isinstance(x, o.Decline)
        side = side_named(state, e, x.side)
        return side is not None and (
            side in sides_inviting(e, p) or not house.ALLY_ANSWERS_INVITING_SIDE
        )

    return fits


def _alliance(state: GameState, run: Run) -> tuple[GameState, Waiting]:
    waiting: list[str] = []
    for p in owes(state, Phase.ALLIANCE):
        e = _encounter(state)
        sides = sides_inviting(e, p)
        if house.UNABLE_ALLY_DECLINES and not any(can_help(state, e, p, s) for s in sides):
            state = _unable(state, run, p, _fits_alliance(state, e, p))
            continue

        order, pending = answer(state, p, Phase.ALLIANCE, _fits_alliance(state, e, p))
        if order is None:
            waiting.append(p)
            continue
        start, before = reports.mark(run), state
        if pending:
            state = _answered(state, p, order)
        if isinstance(order, o.Ally):
            try:
                state, note = ally(state, p, order)
            except Refusal as refusal:
                if not house.EMPTY_ALLY_DECLINES:
                    run.say("refused", f"{order.text()}: not carried out: {refusal}.", (p,))
                    waiting.append(p)
                    continue
                _refused_ally(run, state, p, order, refusal)
                run.say("alliance", f"{colour(state, p)} declines.")
                state = decline(state, p)
                continue
            if note:
                run.say("reduced", f"{order.text()}: {note}.", (p,))
            a = _encounter(state).allies[-1]
            side = colour(state, e.attacker if a.side == "ATTACKER" else e.defender)
            ships = ships_text(total(a.ships))
            run.say("alliance", f"{colour(state, p)} allies with {side} with {ships}.")
        else:
            run.say("alliance", f"{colour(state, p)} declines.")
            state = decline(state, p)
        reports.used(run, before, p, order, pending, Phase.ALLIANCE, start)
    if waiting:
        return state, tuple(waiting)
    return replace(state, phase=Phase.COINS), ()


def _unable(state: GameState, run: Run, p: str, fits: Callable[[o.Action], bool]) -> GameState:
    """An invited player who cannot help declines without being waited for
    (house.UNABLE_ALLY_DECLINES); an answer he sent is used up, an ALLY told as refused."""
    order, pending = answer(state, p, Phase.ALLIANCE, fits)
    if pending and order is not None:
        state = use(state, p, order)
    why = "no colony ship or warship where an ally's ships may come from (Play 6b-6d)"
    if isinstance(order, o.Ally):
        _refused_ally(run, state, p, order, Refusal(why))
    start = reports.mark(run)
    run.say("alliance", f"{colour(state, p)} has {why}, and declines.")
    if isinstance(order, o.Decline):
        reports.used(run, state, p, order, pending, Phase.ALLIANCE, start)
    return decline(state, p)


def _refused_ally(run: Run, state: GameState, p: str, order: o.Ally, refusal: Refusal) -> None:
    """Tell the invited player why his ALLY was refused and that he declines instead
    (house.EMPTY_ALLY_DECLINES)."""
    rule = "an ALLY the rules refuse counts as declining (house rule)"
    who = colour(state, p)
    run.say(
        "refused",
        f"{order.text()}: not carried out: {refusal}; you decline: {rule}.",
        (p,),
        f"{who}'s {order.text()}: not carried out: {refusal}; {who} declines: {rule}.",
    )


# ---- Play 7: coins ---------------------------------------------------------------------------


def _play(state: GameState, p: str, run: Run, late: bool) -> tuple[GameState, bool]:
    """A main combatant's coin chosen, if he has a PLAY order: (state, done)."""
    phase = Phase.DRUWAITH if late else Phase.COINS
    order, pending = answer(state, p, phase)
    if not isinstance(order, o.Play):
        return state, False
    start, before = reports.mark(run), state
    if pending:
        state = _answered(state, p, order)
    e = _encounter(state)
    hand = state.hand(p)
    if not hand:
        coin: CoinPlayed = NO_COIN
        run.say("coin", f"{colour(state, p)} has no coin to play and plays none (Diplomacy).")
    else:
        wins = None
        if late:
            wins = {c: result_for(state, e, p, c) for c in hand}
        coin = choose(hand, order.coin, wins)
        state = remove(state, p, coin)
    e = replace(e, attacker_coin=coin) if p == e.attacker else replace(e, defender_coin=coin)
    who = colour(state, p)
    if late:
        run.say("coin", f"{who} plays {coin_text(coin)} after the reveal (Druwaith).")
    else:
        run.say("coin", f"{who} has chosen a coin.")
        druwaith = race_named(state.seat(p).race).key is Power.PLAY_AFTER_REVEAL
        if order.coin.upper() == "BEST" and druwaith:
            _best_without_power(run, who, p)
        played = coin_text(coin)
        run.say("coin-secret", f"You play {played}.", (p,), f"{who} plays {played}.")
    reports.used(run, before, p, order, pending, phase, start)
    return replace(state, encounter=e), True


def _best_without_power(run: Run, who: str, p: str) -> None:
    """Tell a Druwaith who lost his power that his PLAY BEST was played in secret, with the
    other combatant's coin, as house.BEST_WITHOUT_POWER."""
    why = "fewer than 2 colony ships on {} home worlds (race chart)"
    rule = f"BEST plays as {house.BEST_WITHOUT_POWER} (house rule)"
    run.say(
        "lost-power",
        f"Your Druwaith power is lost, {why.format('your')}: you choose your coin in secret"
        f" with the other combatant, not after the reveal, and {rule}.",
        (p,),
        f"{who}'s Druwaith power is lost, {why.format('his')}: {who} chooses his coin in"
        f" secret with the other combatant, not after the reveal, and {rule}.",
    )


def _coins(state: GameState, run: Run) -> tuple[GameState, Waiting]:
    e = _encounter(state)
    if house.DRAW_WHEN_EMPTY_IN_COMBAT:
        for p in (e.attacker, e.defender):
            before = e.coin(p) is None or not house.DRAW_ONLY_BEFORE_COIN_IN
            if before and not state.hand(p):
                state = draw(state, p, hand_size(state, p), run)
    waiting: list[str] = []
    for p in owes(state, Phase.COINS):
        state, done = _play(state, p, run, late=False)
        if not done:
            waiting.append(p)
    if waiting:
        return state, tuple(waiting)
    e = replace(_encounter(state), revealed=True)
    state = replace(state, encounter=e)
    shown = [
        f"{colour(state, p)} {coin_text(c)}"
        for p, c in ((e.attacker, e.attacker_coin), (e.defender, e.defender_coin))
        if c is not None
    ]
    # house.DRUWAITH_AFTER_PUBLIC_REVEAL: the coin in is shown to all before he plays
    seen = () if house.DRUWAITH_AFTER_PUBLIC_REVEAL else (e.attacker, e.defender)
    run.say("reveal", "Coins revealed: " + ", ".join(shown) + ".", seen)
    if owes(state, Phase.DRUWAITH):
        return replace(state, phase=Phase.DRUWAITH), ()
    return _decided(state, run), ()


def _druwaith(state: GameState, run: Run) -> tuple[GameState, Waiting]:
    for p in owes(state, Phase.DRUWAITH):
        state, done = _play(state, p, run, late=True)
        if not done:
            return state, (p,)
    return _decided(state, run), ()


def _decided(state: GameState, run: Run) -> GameState:
    """Both coins in: the outcome chart's row, or the deal to make."""
    e = _encounter(state)
    a = e.attacker_coin if e.attacker_coin is not None else NO_COIN
    d = e.defender_coin if e.defender_coin is not None else NO_COIN  # never: both are in
    row = outcome(state, e, a, d)
    if row is None:
        run.say("deal", "Diplomacy against Diplomacy: the players attempt a deal.")
        return replace(state, phase=Phase.DEAL)
    return _decide(state, row, run)


def _decide(state: GameState, row: Outcome, run: Run) -> GameState:
    e = _encounter(state)
    values = values_text(state, e, row)
    # The Pelantiri's win is no higher combat value: the line says who won and why.
    victory = outcome_row(row).victory
    if won_by_pelantiri(e, row):
        victory = "Attacker wins." if row is Outcome.ATTACKER_WINS else "Defender wins."
    e = replace(e, outcome=row, winner=WINNER[row])
    run.say("outcome", f"Outcome: {victory}" + (f" {values}" if values else ""))
    return replace(state, encounter=e, phase=Phase.OUTCOME)


# ---- Play 8: the deal, the outcome ------------------------------------------------------------

DEAL_ORDERS = (o.Deal, o.NoDeal)


def _deal(state: GameState, run: Run) -> tuple[GameState, Waiting]:
    e = _encounter(state)
    offers: dict[str, tuple[Any, ...]] = {}
    waiting: list[str] = []
    for p in (e.attacker, e.defender):
        found, _ = all_answers(state, p, Phase.DEAL, DEAL_ORDERS)
        if not house.ALL_DEAL_LINES_ARE_OFFERS:
            found = found[:1]
        if not found:
            waiting.append(p)
        offers[p] = found
    if waiting:
        return state, tuple(waiting)
    before = state
    for p in (e.attacker, e.defender):
        sent = all_answers(state, p, Phase.DEAL, DEAL_ORDERS)[1]
        state = _owed(use_all(state, p, DEAL_ORDERS, Phase.DEAL), p, sent=sent)
    theirs = [d for d in offers[e.defender] if isinstance(d, o.Deal)]
    made = next(
        (
            mine
            for mine in offers[e.attacker]
            if isinstance(mine, o.Deal) and any(o.matches(mine, d) for d in theirs)
        ),
        None,
    )
    result = "no deal is reached" if made is None else f"the deal reached is {made.text()}"
    for p in (e.attacker, e.defender):
        _, pending = all_answers(before, p, Phase.DEAL, DEAL_ORDERS)
        for offer in offers[p]:
            same = isinstance(offer, o.Deal) and made is not None and o.matches(offer, made)
            fate = "this deal is made" if same else result
            what = f"offered; {fate}."
            reports.used(run, before, p, offer, pending, Phase.DEAL, 0, (what, what))
    if made is None:
        run.say("deal", "No deal is reached.")
        return _decide(state, Outcome.NO_DEAL, run), ()
    run.say("deal", f"Deal reached: {made.text()}.")
    state = replace(state, encounter=replace(e, deal=made))
    return _decide(state, Outcome.DEAL, run), ()


def _choice(state: GameState, p: str, kind: type[Any]) -> Any:
    """A player's pending (used up) or standing order of a kind for the outcome."""
    order, pending = answer(state, p, Phase.OUTCOME, lambda x: isinstance(x, kind))
    return order, pending


def _outcome(state: GameState, run: Run) -> tuple[GameState, Waiting]:
    e = _encounter(state)
    rewards: dict[str, o.Reward | None] = {}
    takes: dict[str, bool] = {}
    chosen: list[tuple[str, o.Action, bool]] = []  # (player, order, pending), to report
    before = state
    for p in owes(state, Phase.OUTCOME):
        reward, pending = _choice(state, p, o.Reward)
        if reward is not None:
            rewards[p] = reward
            chosen.append((p, reward, pending))
            if pending:
                state = use(state, p, reward)
        take, pending = _choice(state, p, o.TakeCoin)
        if take is not None:
            takes[p] = take.take
            chosen.append((p, take, pending))
            if pending:
                state = use(state, p, take)
    start = reports.mark(run)
    state = carry_out(state, rewards, run)
    if house.COIN_POWERS_AFTER_EVERY_ENCOUNTER or e.outcome not in (Outcome.TIE, Outcome.DEAL):
        state = settle_coins(state, takes, run)
    else:
        state = settle_coins(state, {p: False for p in state.players()}, run)
    for p, order, pending in chosen:
        kinds = ("reward",) if isinstance(order, o.Reward) else ("power",)
        what = reports.effect(run, before, p, start, kinds)
        if not what[0] and isinstance(order, o.TakeCoin) and not order.take:
            what = ("you leave the coin: you take none.", f"{colour(state, p)} takes none.")
        what = what if what[0] else ("nothing came of it.", "nothing came of it.")
        reports.used(run, before, p, order, pending, Phase.OUTCOME, start, what)
    for p in state.players():
        if not has_power(state, p, Power.HEAL):
            continue
        heals, pending = all_answers(state, p, Phase.OUTCOME, o.Heal)
        before = state
        if pending:
            state = use_all(state, p, o.Heal, Phase.OUTCOME)
        for h in heals if house.HEAL_USES_EVERY_PENDING_LINE else heals[:1]:
            start = reports.mark(run)
            state = heal(state, p, h, run)
            reports.used(run, before, p, h, pending, Phase.OUTCOME, start)
    won = winners(state)
    if won:
        names = " and ".join(colour(state, p) for p in won)
        joint = " (a joint victory)" if len(won) > 1 else ""
        run.say(
            "victory",
            f"{names} win{'s' if len(won) == 1 else ''} with four colonies in"
            f" other systems{joint}.",
        )
        return replace(state, winners=won, phase=Phase.NEXT), ()
    after = Phase.SECOND_ATTACK if e.attack == 1 and succeeded(e) else Phase.NEXT
    return replace(state, phase=after), ()


STEPS: dict[Phase, Step] = {
    Phase.DRAW: _draw,
    Phase.RECLAIM: _reclaim,
    Phase.DECLARE: _declare,
    Phase.INVITE_ATTACKER: _invite_attacker,
    Phase.INVITE_DEFENDER: _invite_defender,
    Phase.ALLIANCE: _alliance,
    Phase.COINS: _coins,
    Phase.DRUWAITH: _druwaith,
    Phase.DEAL: _deal,
    Phase.OUTCOME: _outcome,
    Phase.SECOND_ATTACK: _second_attack,
    Phase.NEXT: _next,
}
