"""Checks Interstellar Conquest orders against the table: the checker's layer 3, the
player's situation as his view shows it (view.py's keys).

The table is public but for the hands: the view shows every planet's ships, the void,
the encounter so far, and the reader's own coins and standing orders. Each order is
checked for what the table says now: colours that are in the game, ships that are on
the planets named or, without FROM, where the turn would take them (allot.py: too many
are reduced to those there, a size not there to none; a fleet left with no warship,
or no transport to travel, is a rejection), allies' ships from the systems Play 6c and
6d allow, coins held (a coin not held is a warning naming the coin the turn would
play), race powers owned, a deal's terms within what its parties have (its colony in
the other party's system), CANCEL numbers that exist.

Orders may be sent long before their phase; what changes before then (ships lost or
reclaimed, coins drawn) is the resolution's business, and an order accepted here may
still find less there. Standing orders are checked for their names and powers only:
their ships and coins are counted when they are used. An order for a phase the reader
cannot owe in the encounter or turn under way is accepted with a warning (IC401).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from galbatch.engine.checker.situation import Refusal, Situation, refuse, run
from galbatch.engine.language.diagnostics import Diagnostic
from galbatch.engine.language.located import Located
from galbatch.engine.text.suggest import did_you_mean
from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar.allot import allot, ally_systems, fleet_refusal, pool
from galbatch.rules.interstellar.codes import (
    IC204,
    IC230,
    IC231,
    IC232,
    IC233,
    IC234,
    IC235,
    IC236,
    IC237,
    IC239,
    IC240,
    IC241,
    IC242,
    IC243,
    IC244,
    IC301,
    IC302,
    IC303,
    IC401,
    IC402,
    IC403,
    IC404,
)
from galbatch.rules.interstellar.facts import opposed, planets, rejected, words
from galbatch.rules.interstellar.hand import choose
from galbatch.rules.interstellar.house import colony_refusal
from galbatch.rules.interstellar.ships import Ships
from galbatch.rules.interstellar.tables import ALLY_SIZES, DIPLOMACY, TRANSPORT, Power, Size

SIZES = (Size.S, Size.M, Size.L)
# The race power each order that needs one belongs to.
POWER_OF: dict[type, tuple[Power, ...]] = {
    o.Heal: (Power.HEAL,),
    o.TakeCoin: (Power.RECLAIM_COIN, Power.CLAIM_COIN),
}
# The orders each part in an encounter can answer in it (phases.answers by role).
ROLE_ORDERS: dict[str, tuple[type, ...]] = {
    "active": (o.Reclaim, o.Attack, o.Invite, o.Play, o.Deal, o.NoDeal, o.TakeCoin, o.Heal, o.Pass),
    "attacker": (o.Invite, o.Play, o.Deal, o.NoDeal, o.TakeCoin, o.Heal, o.Attack, o.Pass),
    "defender": (o.Invite, o.Play, o.Deal, o.NoDeal, o.TakeCoin, o.Heal),
    "invited": (o.Ally, o.Decline, o.Reward, o.Heal),
}
BEFORE_ALLIANCE = ("draw", "reclaim", "declare", "invite-attacker", "invite-defender")
DROPPED = (
    "pending orders are dropped at the end of a turn in which the run waits for you or an"
    " order you sent answers a phase of yours"
)
KEPT = f"the order is kept for a later encounter of this turn only ({DROPPED})"
OWN_TURN = (
    "an order for your own turn, dropped at the end of this one if, after this file is read,"
    " the run waits for you in it or another order you sent answers a phase of yours"
    " (send it once you owe nothing more here, or as ALWAYS)"
)
# The orders of a player's own turn: sent by a defender or an invited player, they wait
# beyond the turn under way only if he owes nothing more in it.
OWN_TURN_ORDERS = (o.Reclaim, o.Attack, o.Pass)
UNUSED = f"the order is not used in this turn ({DROPPED})"
ROLE_WORDS = {
    "active": "the player whose turn it is, who attacks,",
    "attacker": "the attacker",
    "defender": "the defender",
    "invited": "invited, not a main combatant,",
}


def counts(data: Mapping[str, Any] | None) -> dict[Size, int]:
    """{"S": n, "M": n, "L": n} as counts by size (missing: 0)."""
    data = data or {}
    return {s: int(data.get(s.value, 0)) for s in SIZES}


def total(ships: Mapping[Size, int]) -> int:
    """Ships of every size."""
    return sum(ships[s] for s in SIZES)


def coin_word(coin: int) -> str:
    return "DIPLOMACY" if coin == DIPLOMACY else str(coin)


class Table:
    """The table as the reader's view shows it, and what the checker asks of it."""

    def __init__(self, view: Mapping[str, Any], player: str) -> None:
        self.view = view
        self.player = player
        self.seats: list[Mapping[str, Any]] = list(view.get("seats") or [])
        self.colour_of = {str(s["id"]): str(s["colour"]) for s in self.seats}
        self.id_of = {c: p for p, c in self.colour_of.items()}
        self.colour = self.colour_of.get(player, "")
        self.planets: dict[tuple[str, int], Mapping[str, Any]] = {}
        for system in view.get("systems") or []:
            for planet in system.get("planets") or []:
                self.planets[(str(system["colour"]), int(planet["tile"]))] = (
                    planet.get("ships") or {}
                )
        self.void: Mapping[str, Any] = view.get("void") or {}
        self.hand: list[int] = [int(c) for c in view.get("hand") or []]
        self.standing = len(view.get("standing") or [])
        encounter = view.get("encounter")
        self.encounter: Mapping[str, Any] | None = encounter if encounter else None

    # -- looking things up --------------------------------------------------------------

    def seat(self, player: str) -> Mapping[str, Any]:
        return next((s for s in self.seats if str(s["id"]) == player), {})

    def ships_at(self, planet: o.Planet, player: str) -> dict[Size, int]:
        """A player's ships on a planet."""
        return counts(self.planets.get((planet.colour, planet.tile), {}).get(player))

    def committed(self, planet: o.Planet) -> dict[Size, int]:
        """The reader's ships committed from a planet to the encounter under way: off the
        planet now, back on it after the outcome unless lost."""
        found = dict.fromkeys(SIZES, 0)
        e = self.under_way()
        if e is None:
            return found
        lists = [e.get("fleet") or []] + [a.get("ships") or [] for a in e.get("allies") or []]
        for c in (c for group in lists for c in group):
            if str(c.get("player")) == self.player and str(c.get("origin")) == planet.text():
                for size, n in counts(c.get("ships")).items():
                    found[size] += n
        return found

    def in_void(self, player: str) -> dict[Size, int]:
        return counts(self.void.get(player))

    def hand_size(self, player: str) -> int:
        if player == self.player:
            return len(self.hand)
        return int(self.seat(player).get("hand_size", 0))

    def has_race_power(self, power: Power) -> bool:
        """Whether the reader's race has the power (kept or not: it may come back)."""
        return str(self.seat(self.player).get("power", "")) == power.value

    def under_way(self) -> Mapping[str, Any] | None:
        """The encounter, while its outcome is not known."""
        e = self.encounter
        return e if e is not None and e.get("outcome") is None else None

    def role(self) -> str:
        """The reader's part in the encounter under way (attacker, defender, invited), or
        "active" before his own attack, or ""."""
        e = self.under_way()
        if e is None:
            starting = str(self.view.get("phase")) in ("draw", "reclaim", "declare")
            return "active" if starting and str(self.view.get("active")) == self.player else ""
        if self.player == str(e["attacker"]):
            return "attacker"
        if self.player == str(e["defender"]):
            return "defender"
        invited = list(e.get("invited_by_attacker") or []) + list(
            e.get("invited_by_defender") or []
        )
        return "invited" if self.player in [str(p) for p in invited] else ""

    # -- names --------------------------------------------------------------------------

    def known(self, colour: str) -> str:
        """The id of the player of a colour in the game (IC230)."""
        found = self.id_of.get(colour)
        if found is None:
            hint = did_you_mean(colour, self.id_of)
            known = ", ".join(self.id_of)
            raise Refusal(
                IC230,
                f"no player is {colour} in this game{hint} (Setup 2: a player's colour is that"
                f" of his ships; the game: {known})",
            )
        return found

    def other(self, colour: str, meant: str, rule: str) -> str:
        """The id of the player of a colour, not the reader (IC230, IC231); the message
        names the rule that makes him another player."""
        found = self.known(colour)
        if found == self.player:
            raise Refusal(IC231, f"{colour} is your own colour; {meant} is another player ({rule})")
        return found

    def system(self, planet: o.Planet) -> None:
        """A planet of a system in the game (IC230)."""
        if planet.colour not in self.id_of:
            hint = did_you_mean(planet.colour, self.id_of)
            known = ", ".join(self.id_of)
            raise Refusal(
                IC230,
                f"no system is {planet.colour} in this game{hint} (Setup 1: each player's"
                f" tiles form his system, named by his colour; the game: {known})",
            )


def names(order: o.Order, table: Table) -> None:
    """Every colour an order names is in the game; players meant as others are not the
    reader (IC230, IC231)."""
    inner = order.action if isinstance(order, o.Standing) else order
    if isinstance(order, o.Standing) and order.condition is not None:
        c = order.condition
        if c.planet:
            table.system(c.planet)
        whom = "the opponent" if c.situation != "INVITED" else "who invites"
        if c.player:
            table.other(c.player, whom, "Play 3-5")
        if c.against:
            table.other(c.against, "the opponent", "Play 3")
    for planet in planets(inner):
        table.system(planet)
    if isinstance(inner, o.Attack) and inner.defender:
        table.other(inner.defender, "the defender", "Play 3: another race's planet")
    elif isinstance(inner, o.Invite):
        for colour in inner.players:
            table.other(colour, "whom you invite", "Play 4: other players")
    elif isinstance(inner, o.Ally) and inner.side not in ("ATTACKER", "DEFENDER"):
        table.other(inner.side, "the side you join", "Play 6a")
    elif isinstance(inner, o.Heal):
        table.other(inner.player, "whom you heal", "Race chart, Nirnaeth: another race")
    elif isinstance(inner, o.Deal):
        for term in inner.terms:
            table.known(term.player)


class Check(Situation[o.Order]):
    """The reader's orders checked one by one against the table."""

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self.joined = ""  # the side an accepted ALLY joins in the encounter under way
        self.joined_as = ""  # that ALLY's side as written (a colour, ATTACKER, DEFENDER)
        # the file's first ATTACK accepted: its target and the ships it takes, by planet
        self.first: tuple[tuple[str, int], tuple[tuple[tuple[str, int], Ships], ...]] | None
        self.first = None

    # -- the driver's hooks -------------------------------------------------------------

    def rejected(self, at: Located) -> str:
        return rejected(at)

    def remark(self, at: Located, text: str) -> str:
        return f"{words(at.text)}: {text}"

    def whose(self, order: o.Order) -> None:
        """What the table says of an order layer 2 refused: the colours it names are in the
        game and the players meant as others are (IC230, IC231), a ship reclaimed goes to
        one of the reader's home worlds (IC236). Nothing is used."""
        names(order, self.table)
        if isinstance(order, o.Reclaim):
            self.home_world(order)

    # -- ships --------------------------------------------------------------------------

    def have(self, again: bool) -> dict[tuple[str, int], Ships]:
        """The reader's ships an order may take, planet by planet (`ready`)."""
        found = {p: self.ready(o.Planet(*p), again) for p in self.table.planets}
        return {p: Ships(n[Size.S], n[Size.M], n[Size.L]) for p, n in found.items()}

    def sources(self, have: Mapping[tuple[str, int], Ships]) -> tuple[tuple[str, int], ...]:
        """The reader's planets in the order a group without FROM takes from them."""
        colours = tuple(str(s["colour"]) for s in self.table.seats)
        return pool(self.table.colour, colours, have)

    def groups(
        self,
        groups: tuple[o.Group, ...],
        have: Mapping[tuple[str, int], Ships],
        sources: tuple[tuple[str, int], ...],
        where: str,
        sizes: tuple[Size, ...] = SIZES,
    ) -> tuple[tuple[o.Group, ...], tuple[tuple[tuple[str, int], Ships], ...]]:
        """The groups as far as the ships are there (allot.allot, as the turn takes them):
        every size reduced is a warning (IC301), reduced to none it is left out. The groups
        and the ships taken, by planet."""
        taken, short = allot(have, groups, sources, sizes)
        cut = {(s.group, s.size): s for s in short}
        kept: list[o.Group] = []
        for i, group in enumerate(groups):
            place = f"on {group.origin.text()}" if group.origin else where
            ships: list[o.ShipCount] = []
            for ship in group.ships:
                found = cut.get((i, ship.size))
                if found is None:
                    ships.append(ship)
                    continue
                there = f"you have {found.got or 'no'} {ship.size.value} {place}"
                self.warn(IC301, f"{found.wanted} reduced to {found.got}: {there}")
                if found.got:
                    ships.append(replace(ship, count=found.got))
            if ships:
                kept.append(replace(group, ships=tuple(ships)))
        return tuple(kept), taken

    def attack(self, order: o.Attack) -> o.Attack:
        """ATTACK (Play 3): a defender on the target, the fleet's ships on their planets."""
        t = self.table
        target = order.target
        owner = t.id_of[target.colour]
        defender = t.id_of[order.defender] if order.defender else owner
        there = t.planets.get((target.colour, target.tile), {})
        others = [
            c for p, c in t.colour_of.items() if p != t.player and total(counts(there.get(p)))
        ]
        if defender == t.player and not others:
            raise Refusal(
                IC232,
                f"no other player has ships on {target.text()}: on your own home worlds you"
                " attack only another's colony (Play 3a)",
            )
        if defender != owner and not total(counts(there.get(defender))):
            colour = t.colour_of[defender]
            raise Refusal(IC232, f"{colour} has no ships on {target.text()} to attack")
        have = self.have(order.again)
        # while his first attack is under way, `ready` already counts its fleet there
        first = self.first if order.again and self.table.role() != "attacker" else None
        if first is not None:
            have = after_win(have, *first)
        key = (target.colour, target.tile)
        sources = tuple(p for p in self.sources(have) if p != key)
        fleet, taken = self.groups(order.fleet, have, sources, "on your planets")
        ships = Ships()
        for _, n in taken:
            ships = ships.plus(n)
        code, why = fleet_refusal(ships, tuple(p[0] for p, _ in taken), target.colour)
        origin = next((g.origin for g in order.fleet if g.origin is not None), None)
        if code == IC233 and order.again and first is None and origin is not None:
            why += (
                "; a second attack may take the fleet from the first attack's target when sent"
                " in the file of that ATTACK, while it is under way, or as a standing order"
                f" (IF ATTACKING AT {origin.text()} {order.text()})"
            )
        if code:
            raise Refusal(code, why)
        if first is not None and first[0] in (p for p, _ in taken):
            won = o.Planet(*first[0]).text()
            self.warn(
                IC404,
                f"ships on {won} are yours there only if your attack on it wins (Play 10: a"
                " second attack only after a successful first); else the order is not used",
            )
        if not order.again and self.first is None:
            self.first = (key, taken)
        return replace(order, fleet=fleet)

    def ready(self, origin: o.Planet, again: bool) -> dict[Size, int]:
        """The reader's ships an order may take from a planet: those there, and those
        committed from it to the encounter under way (back after the outcome unless lost);
        for the attacker's second attack, his fleet on the first's target instead, where
        it stands after a win (the only way to a second attack, Play 10)."""
        t = self.table
        have = t.ships_at(origin, t.player)
        e = t.under_way()
        if again and e is not None and t.role() == "attacker":
            if str(e["target"]) == origin.text():
                for c in e.get("fleet") or []:
                    for size, n in counts(c.get("ships")).items():
                        have[size] += n
            return have
        for size, n in t.committed(origin).items():
            have[size] += n
        return have

    def ally_side(self, order: o.Ally) -> str:
        """The side (ATTACKER or DEFENDER) the ALLY joins in the encounter under way, or ""
        when it joins a player who is not in it (it waits for another encounter)."""
        e = self.table.under_way()
        if e is None:
            return ""
        if order.side in ("ATTACKER", "DEFENDER"):
            return order.side
        joined = self.table.id_of[order.side]
        if joined == str(e["attacker"]):
            return "ATTACKER"
        if joined == str(e["defender"]):
            return "DEFENDER"
        return ""

    def allowed_systems(self, side: str) -> tuple[str, ...]:
        """The systems an ally's ships may come from (allot.ally_systems)."""
        e = self.table.under_way()
        assert e is not None
        fleet = list(e.get("fleet") or [])
        origins = tuple(dict.fromkeys(str(c["origin"]).split()[0] for c in fleet))
        transport = any(counts(c.get("ships"))[TRANSPORT] for c in fleet)
        return ally_systems(str(e["target"]).split()[0], origins, transport, side)

    def ally(self, order: o.Ally) -> o.Ally:
        """ALLY (Play 6): a side that invited the reader, ships he has where 6c/6d allow."""
        t = self.table
        systems: tuple[str, ...] = tuple(t.id_of)
        e = t.under_way()
        side = ""
        failed: list[Refusal] = []
        if e is not None and t.role() == "invited":
            side = self.ally_side(order)
        both = self.joined and side and side != self.joined
        written = self.joined_as and opposed(self.joined_as, order.side)
        if both or (not (side and self.joined) and written):
            joins = f"the {self.joined.lower()}" if both else self.joined_as
            failed.append(
                Refusal(
                    IC204,
                    "a player may only ally with the attacker or defender, not both (Play 6a):"
                    f" an earlier ALLY joins {joins}",
                )
            )
        if e is not None and t.role() == "invited":
            if not side:
                self.warn(
                    IC401,
                    f"{order.side} is not a main combatant of the encounter under way: {KEPT}",
                )
            else:
                asked = e.get("invited_by_" + side.lower()) or []
                done = str(t.view.get("phase")) not in BEFORE_ALLIANCE
                if done and t.player not in [str(p) for p in asked]:
                    whose = t.colour_of.get(str(e[side.lower()]), side)
                    failed.append(Refusal(IC234, f"{whose} has not invited you (Play 4, 5, 6)"))
                systems = self.allowed_systems(side)
        for g in order.ships:
            if g.origin is not None and g.origin.colour not in systems:
                allowed = " or ".join(systems)
                failed.append(
                    Refusal(
                        IC235,
                        "allies' ships come from the system attacked unless the attacker uses"
                        f" a Transport (Play 6c, 6d): {g.origin.text()} is not in {allowed}",
                    )
                )
        have = self.have(again=False)
        sources = tuple(p for p in self.sources(have) if p[0] in systems)
        where = "in " + " or ".join(systems) if side else "on any planet"
        groups, taken = self.groups(order.ships, have, sources, where, ALLY_SIZES)
        if not taken:
            told = "; ".join(text for _, _, text in self.notes)
            self.notes = []
            failed.append(
                Refusal(
                    IC233,
                    f"{told}: no colony ship or warship named is where allies' ships may come"
                    " from (Play 6b-6d), and an ALLY with no ships counts as declining"
                    " (house rule)",
                )
            )
        refuse(failed)
        self.joined = self.joined or side
        self.joined_as = self.joined_as or order.side
        return replace(order, ships=groups)

    def reclaim(self, order: o.Reclaim) -> o.Reclaim:
        """RECLAIM (Play 2): one of the reader's ships in the void, to a home world of his."""
        t = self.table
        self.home_world(order)
        if t.in_void(t.player)[order.size] < 1:
            now = t.view.get("active") == t.player and t.view.get("phase") in (
                "draw",
                "reclaim",
                "declare",
            )
            text = f"you have no {order.size.value} in the void"
            rule = " (Play 2: reclaim one of your lost ships from the void)"
            if now:
                raise Refusal(IC237, text + rule)
            self.warn(IC402, f"{text} now{rule}")
        return order

    def home_world(self, order: o.Reclaim) -> None:
        """A reclaimed ship goes to a home world of the reader's (IC236)."""
        t = self.table
        if order.to is not None and order.to.colour != t.colour:
            raise Refusal(
                IC236,
                f"a reclaimed ship goes to one of your home worlds (Play 2), {t.colour} 1-5;"
                f" {order.to.text()} is not",
            )

    def play(self, order: o.Play) -> o.Play:
        """PLAY (Play 7): BEST is the Druwaith's; a coin not held is warned of with the coin
        played instead if the hand does not change (coins.choose, as the turn plays it)."""
        t = self.table
        if order.coin == "BEST" and not t.has_race_power(Power.PLAY_AFTER_REVEAL):
            raise Refusal(
                IC239,
                "PLAY BEST is for the Druwaith, who play after the opponent's coin is"
                " revealed (race chart)",
            )
        if order.coin.isdigit() or order.coin == "DIPLOMACY":
            coin = DIPLOMACY if order.coin == "DIPLOMACY" else int(order.coin)
            if not t.hand:
                self.warn(
                    IC403,
                    "you hold no coins now: you draw three before you play (Play 1), and the"
                    f" {coin_word(coin)} if you draw it, else the nearest (house rule)",
                )
            elif coin not in t.hand:
                held = ", ".join(coin_word(c) for c in sorted(t.hand))
                played = coin_word(choose(tuple(t.hand), order.coin))
                self.warn(
                    IC403,
                    f"you hold no {coin_word(coin)} coin now (your coins: {held}): if your hand"
                    f" is unchanged when the coins are chosen you play {played}, the nearest"
                    " (house rule)",
                )
        return order

    def power(self, order: o.Order) -> None:
        """HEAL is the Nirnaeth's, TAKE COIN and LEAVE COIN the Celegorm's and Mormegil's."""
        needs = POWER_OF.get(type(order))
        if needs and not any(self.table.has_race_power(p) for p in needs):
            races = {
                Power.HEAL: "the Nirnaeth's",
                Power.RECLAIM_COIN: "the Celegorm's",
                Power.CLAIM_COIN: "the Mormegil's",
            }
            whose = " and ".join(races[p] for p in needs)
            word = order.text() if isinstance(order, o.TakeCoin) else order.text().split()[0]
            raise Refusal(
                IC239, f"{word} is {whose} power (race chart); your race does not have it"
            )

    def invite(self, order: o.Invite) -> o.Invite:
        """INVITE (Play 4, 5): not the opponent of the encounter under way."""
        t = self.table
        e = t.under_way()
        role = t.role()
        if e is not None and role in ("attacker", "defender"):
            opponent = str(e["defender" if role == "attacker" else "attacker"])
            colour = t.colour_of.get(opponent, "")
            if colour in order.players:
                raise Refusal(
                    IC240, f"{colour} is your opponent: one invites others to ally (Play 4, 5)"
                )
        return order

    def deal(self, order: o.Deal) -> o.Deal:
        """DEAL (Play 8): between the two main combatants, within what each party has."""
        t = self.table
        e = t.under_way()
        if e is not None and t.role() in ("attacker", "defender"):
            sides = [t.colour_of.get(str(e[k]), "") for k in ("attacker", "defender")]
            for term in order.terms:
                if term.player not in sides:
                    raise Refusal(
                        IC241,
                        f"a deal is between the main combatants {sides[0]} and {sides[1]}"
                        f" (Play 8); {term.player} is not one",
                    )
                if isinstance(term, o.AllowColony):
                    other = sides[1] if term.player == sides[0] else sides[0]
                    why = colony_refusal(term.planet.colour, term.player, other)
                    if why:
                        raise Refusal(IC243, f"{term.text()}: {why}")
        terms: list[o.Term] = []
        for term in order.terms:
            if isinstance(term, o.GiveCoins):
                who = t.id_of[term.player]
                held = t.hand_size(who)
                if held < 1:
                    raise Refusal(
                        IC242,
                        f"{term.text()}: {term.player} holds no coins (Play 8: a deal's terms)",
                    )
                n = self.reduce(IC302, term.count, held, f"{term.player} holds {held} coins")
                terms.append(replace(term, count=n))
            elif isinstance(term, o.ReturnShips):
                who = t.id_of[term.player]
                void = t.in_void(who)
                there = void[term.size] if term.size else sum(void.values())
                what = term.size.value if term.size else "ships"
                if there < 1:
                    raise Refusal(
                        IC242,
                        f"{term.text()}: {term.player} has no {what} in the void"
                        " (Play 8: a deal's terms)",
                    )
                n = self.reduce(
                    IC303, term.count, there, f"{term.player} has {there} {what} in the void"
                )
                terms.append(replace(term, count=n))
            else:
                terms.append(term)
        return replace(order, terms=tuple(terms))

    def cancel(self, order: o.Cancel) -> o.Cancel:
        """CANCEL n: one of the standing orders the last printout numbered."""
        have = self.table.standing
        if order.number is not None and order.number > have:
            listed = f"1 to {have}" if have else "none"
            raise Refusal(
                IC244,
                f"there is no standing order {order.number} (yours are numbered {listed}):"
                " CANCEL n cancels standing order n as your last printout numbers them"
                " (the order language)",
            )
        return order

    def waits(self, order: o.Order) -> None:
        """Warn of an order for a phase the reader cannot owe in the encounter under way."""
        role = self.table.role()
        if not role or isinstance(order, o.Cancel):
            return
        first = isinstance(order, o.Attack) and not order.again
        if isinstance(order, ROLE_ORDERS[role]) and not (first and role == "attacker"):
            return
        word = order.text().split()[0]
        where = "this turn" if role == "active" else "the encounter under way"
        fate = UNUSED if role in ("active", "attacker") else KEPT
        if role in ("defender", "invited") and isinstance(order, OWN_TURN_ORDERS):
            fate = OWN_TURN
        self.warn(
            IC401,
            f"you are {ROLE_WORDS[role]} in {where}, where {word} is not yours to send: {fate}",
        )

    def check(self, order: o.Order) -> o.Order:
        """Check one order; the order as accepted (quantities reduced)."""
        names(order, self.table)
        if isinstance(order, o.Standing):  # its ships and coins are counted when used
            self.power(order.action)
            if isinstance(order.action, o.Play):
                self.play(order.action)
            return order
        self.power(order)
        doers: dict[type, Callable[[Any], o.Order]] = {
            o.Attack: self.attack,
            o.Ally: self.ally,
            o.Reclaim: self.reclaim,
            o.Play: self.play,
            o.Invite: self.invite,
            o.Deal: self.deal,
            o.Cancel: self.cancel,
        }
        doer = doers.get(type(order))
        done = order if doer is None else doer(order)
        self.waits(order)
        return done


def after_win(
    have: Mapping[tuple[str, int], Ships],
    target: tuple[str, int],
    fleet: tuple[tuple[tuple[str, int], Ships], ...],
) -> dict[tuple[str, int], Ships]:
    """The reader's ships by planet after a first attack on `target` with `fleet` (ships by
    planet of origin) wins: the fleet has moved onto the target (Play 9, Attack / Attack)."""
    moved = dict(have)
    for planet, ships in fleet:
        there = moved.get(planet, Ships())
        left = Ships(*(max(there.get(s) - ships.get(s), 0) for s in SIZES))
        moved[planet] = left
        moved[target] = moved.get(target, Ships()).plus(ships)
    return moved


def check_orders(
    orders: Sequence[Located], view: Mapping[str, Any], player: str
) -> tuple[list[Any], list[Diagnostic]]:
    """The orders accepted (quantities reduced where the table clamps them) and the
    diagnostics."""
    accepted, diagnostics = run(orders, Check(Table(view, player)))
    return accepted + declined(orders, accepted, diagnostics, view), diagnostics


def declined(
    orders: Sequence[Located],
    accepted: Sequence[Any],
    diagnostics: Sequence[Diagnostic],
    view: Mapping[str, Any],
) -> list[Any]:
    """An ALLY rejected (IC233, IC235) while the game waits for the reader's alliance
    answer counts as declining (house rule, Alliances): a DECLINE, unless the file
    answers otherwise."""
    owes = view.get("owes") or {}
    if owes.get("phase") != "alliance":
        return []
    if any(isinstance(x, o.Ally | o.Decline) for x in accepted):
        return []
    allies = {at.line for at in orders if isinstance(at.order, o.Ally)}
    if not any(d.code in (IC233, IC235) and d.line in allies for d in diagnostics):
        return []
    return [o.Decline()]


__all__ = ["check_orders"]
