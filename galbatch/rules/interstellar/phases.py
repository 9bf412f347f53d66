"""The phases of a player's turn (the book's Play 1-11), and who owes each.

How a batch run moves through them. The state is a position in the turn
sequence (`GameState.phase`, `.active`, `.attack`, `.encounter`). A run first
takes in the order files (each replaces its player's pending orders; standing
orders are added and cancelled), then resolves phases one after another, as
long as every player who owes the next phase has an order for it:

- AUTOMATIC phases (DRAW, NEXT) need no one and always resolve.
- DEFAULTED phases (RECLAIM, INVITE_ATTACKER, OUTCOME) use an order if the player
  has one (pending or standing) and the house default otherwise; they never stop
  a run, except RECLAIM without a RECLAIM order, which the active player decides
  together with his attack: it waits until he has an order for DECLARE (so that his
  file, when it comes, still chooses the ship); a RECLAIM order resolves it at once
  (house.RECLAIM_ORDER_RESOLVES_AT_ONCE).
- DECISION phases (DECLARE, INVITE_DEFENDER, ALLIANCE, COINS, DRUWAITH, DEAL,
  SECOND_ATTACK) resolve when every player in `owes` has an answering order: a
  pending one first (used up), else the first standing order that answers and
  whose condition holds (kept). A phase nobody owes is skipped.

The run stops at the first phase where a decision is missing and records in
`GameState.waiting` the players of `owes` who have no order for it: they, and
only they, are told that they owe orders (the engine's `owing`); everyone else
may still send orders ahead (the engine's `accepting`). When every
player pre-committed (orders sent ahead or standing), a whole encounter, or
several turns, resolve in one run; the engine's `turn` counts runs. Secrets:
hands, and a coin played, are in no one else's view until both coins of the
combat are in (`Encounter.revealed`); the Druwaith then plays in the open.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from galbatch.rules.interstellar import house
from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar.tables import DIPLOMACY, Outcome, Power

if TYPE_CHECKING:
    from galbatch.rules.interstellar.state import Encounter, GameState

# What a printout is headed with: one engine turn is one batch run, which takes the game
# through as many phases as the orders in allow; the book's turn is a player's turn.
PERIOD = "RUN"


class Phase(Enum):
    """The turn sequence in the book's order (Play 1-11)."""

    DRAW = "draw"  # 1: draw three coins if none (Hirilorn: up to four); automatic
    RECLAIM = "reclaim"  # 2: one ship from the void onto a home world
    DECLARE = "declare"  # 3: the first attack's target and fleet
    INVITE_ATTACKER = "invite-attacker"  # 4: the attacker asks for allies
    INVITE_DEFENDER = "invite-defender"  # 5: the defender asks for allies
    ALLIANCE = "alliance"  # 6: invited players ally with one side, or decline
    COINS = "coins"  # 7: both main combatants choose a coin in secret; revealed
    DRUWAITH = "druwaith"  # 7: the Druwaith combatant plays after the reveal
    DEAL = "deal"  # 8: Diplomacy / Diplomacy, the two combatants' DEAL orders
    OUTCOME = "outcome"  # 8-9: the chart, rewards, coin powers, healing, discards, victory
    SECOND_ATTACK = "second-attack"  # 10: after a first attack's win, attack again or pass
    NEXT = "next"  # 11: the next player clockwise


PHASES: tuple[Phase, ...] = tuple(Phase)
BOOK_STEP: dict[Phase, int] = {
    Phase.DRAW: 1,
    Phase.RECLAIM: 2,
    Phase.DECLARE: 3,
    Phase.INVITE_ATTACKER: 4,
    Phase.INVITE_DEFENDER: 5,
    Phase.ALLIANCE: 6,
    Phase.COINS: 7,
    Phase.DRUWAITH: 7,
    Phase.DEAL: 8,
    Phase.OUTCOME: 8,
    Phase.SECOND_ATTACK: 10,
    Phase.NEXT: 11,
}
AUTOMATIC: tuple[Phase, ...] = (Phase.DRAW, Phase.NEXT)
DEFAULTED: tuple[Phase, ...] = (Phase.RECLAIM, Phase.INVITE_ATTACKER, Phase.OUTCOME)
DECISIONS: tuple[Phase, ...] = tuple(p for p in Phase if p not in AUTOMATIC + DEFAULTED)
# A defaulted phase that, without its own order, waits for the order of a later decision
# phase of the same player.
WAITS_WITH: dict[Phase, Phase] = {Phase.RECLAIM: Phase.DECLARE}


def answers(order: o.Order) -> tuple[Phase, ...]:
    """The phases an order (or a standing order's action) can answer. Which of them it
    answers in a given encounter depends on the player's role (INVITE: attacker or
    defender; PLAY: COINS, or DRUWAITH for the Druwaith) and, standing, its condition."""
    if isinstance(order, o.Standing):
        return answers(order.action)
    if isinstance(order, o.Attack):
        return (Phase.SECOND_ATTACK,) if order.again else (Phase.DECLARE,)
    table: dict[type, tuple[Phase, ...]] = {
        o.Reclaim: (Phase.RECLAIM,),
        o.Pass: (Phase.SECOND_ATTACK,),
        o.Invite: (Phase.INVITE_ATTACKER, Phase.INVITE_DEFENDER),
        o.Ally: (Phase.ALLIANCE,),
        o.Decline: (Phase.ALLIANCE,),
        o.Play: (Phase.COINS, Phase.DRUWAITH),
        o.Deal: (Phase.DEAL,),
        o.NoDeal: (Phase.DEAL,),
        o.Reward: (Phase.OUTCOME,),
        o.TakeCoin: (Phase.OUTCOME,),
        o.Heal: (Phase.OUTCOME,),
    }
    return table.get(type(order), ())


def owes(state: GameState, phase: Phase | None = None) -> tuple[str, ...]:
    """The players who owe an order for a phase (the state's own by default), in seat
    order within each role; for DEFAULTED phases, those who may choose."""
    from galbatch.rules.interstellar.state import has_power  # state imports Phase

    phase = state.phase if phase is None else phase
    e = state.encounter
    if phase is Phase.RECLAIM:
        return (state.active,) if state.in_void(state.active).total else ()
    if phase is Phase.DECLARE:
        return () if state.finished else (state.active,)
    if e is None:
        return ()
    combatants = (e.attacker, e.defender)
    if phase is Phase.INVITE_ATTACKER:
        return (e.attacker,)
    if phase is Phase.INVITE_DEFENDER:
        return (e.defender,)
    if phase is Phase.ALLIANCE:
        done = e.answered()
        invited = e.invited()
        return tuple(
            p for p in state.players() if p in invited and p not in combatants and p not in done
        )
    if phase in (Phase.COINS, Phase.DRUWAITH):
        late = phase is Phase.DRUWAITH
        return tuple(
            p
            for p in combatants
            if e.coin(p) is None and has_power(state, p, Power.PLAY_AFTER_REVEAL) == late
        )
    if phase is Phase.DEAL:
        both = e.attacker_coin == DIPLOMACY and e.defender_coin == DIPLOMACY
        return combatants if both and e.outcome is None and e.deal is None else ()
    if phase is Phase.OUTCOME:
        return _choosing(state)
    if phase is Phase.SECOND_ATTACK:
        return (state.active,) if e.attack == 1 and succeeded(e) else ()
    return ()


def succeeded(e: Encounter) -> bool:
    """Whether an attack was "successful" (Play 10, the second attack): a win by the outcome
    chart (or Pelantiri's power); a tie or a deal too unless house.SECOND_ATTACK_NEEDS_WIN."""
    if e.winner == "ATTACKER":
        return True
    return not house.SECOND_ATTACK_NEEDS_WIN and e.outcome in (Outcome.TIE, Outcome.DEAL)


def _choosing(state: GameState) -> tuple[str, ...]:
    """Who may choose something at the outcome: defending allies after a defender's win,
    Celegorm and Mormegil in the combat, a Nirnaeth while others have ships in the void."""
    from galbatch.rules.interstellar.state import has_power  # state imports Phase

    e = state.encounter
    if e is None:
        return ()
    who: list[str] = []
    if e.winner == "DEFENDER":
        who += [a.player for a in e.allies if a.side == "DEFENDER"]
    for p in (e.attacker, e.defender):
        if has_power(state, p, Power.RECLAIM_COIN) or has_power(state, p, Power.CLAIM_COIN):
            who.append(p)
    for p in state.players():
        others_lost = any(state.in_void(q).total for q in state.players() if q != p)
        if others_lost and has_power(state, p, Power.HEAL):
            who.append(p)
    return tuple(p for p in state.players() if p in who)
