"""Battles (2.2.2): the space battle in orbit, then the assault on the planet.

At every planet with ships of a player who does not own it, the ships of different
players fight up to 3 rounds; if one player's ships remain and the planet is not his,
they attack its fortresses for up to 3 rounds and conquer it when the last one falls.
House rules: ships destroyed by fortresses score for the planet's owner as if his
ships had destroyed them; each shot on a planet may also destroy a mine, refinery,
farm or factory (`HOUSE_RULES.facility_hit`); unarmed ships that cannot join the
winner's full fleet fight on; at a planet not his, a player's damaged ships are
repaired before the battle and after each combat round from the spares his
transports in that orbit carry (2.1.8, 2.2.1.12); after all battles of the turn,
spares repair the ships in every orbit: the planet's stock its owner's ships, then
the spares the same player carries.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from fractions import Fraction

from galbatch.rules.conqueror.house import HOUSE_RULES
from galbatch.rules.conqueror.rewards import pay_rewards
from galbatch.rules.conqueror.state import NEUTRAL, BattleReport, Planet, Ship
from galbatch.rules.conqueror.tables import (
    ARMAMENT_HIT,
    BASE_HIT,
    DEFENSE_HIT,
    KILL_BONUS,
    MAX_ROUNDS,
    MEDICINE,
    MEDICINE_LOSS_REDUCTION,
    NATURAL_DEFENSE_HIT,
    PLANETARY_DEFENSE,
    POPULATION_LOSS_PER_SHOT,
    SHIELD_HIT,
    SHIP_CLASSES,
    ship_kill_score,
)
from galbatch.rules.conqueror.turn import Turn, owners
from galbatch.rules.conqueror.wording import counted
from galbatch.rules.conqueror.wording import points as points_text

SPARES = 0  # index of spares in a ship's cargo (cargo type 1)
FACILITY_NAMES = ("factories", "mines", "refineries", "farms")


def ship_hit_chance(armament: int, kills: int, shield: int) -> int:
    """A ship firing at a ship: 50 + 5 per armament TL + 2 per kill - 8 per shield TL."""
    return BASE_HIT + ARMAMENT_HIT * armament + KILL_BONUS * kills - SHIELD_HIT * shield


def fortress_hit_chance(defense: int, shield: int) -> int:
    """A fortress firing at a ship: 50 + 5 per planetary defense TL - 8 per shield TL."""
    return BASE_HIT + DEFENSE_HIT * defense - SHIELD_HIT * shield


def planet_hit_chance(armament: int, kills: int, defense: int, natural_defence: int) -> int:
    """A ship firing at the fortresses: 50 + 5 per armament TL + 2 per kill
    - 5 per planetary defense TL - 5 per natural defence point (2.3.1: 1, 0, 3, 7 -> 5)."""
    return (
        BASE_HIT
        + ARMAMENT_HIT * armament
        + KILL_BONUS * kills
        - DEFENSE_HIT * defense
        - NATURAL_DEFENSE_HIT * natural_defence
    )


def population_after_shots(population: int, medicine: int, shots: int) -> int:
    """The population left after shots on a planet, each taking 1 percent less 0.1 percent
    per medicine TL of what is left (2.2.2); the fractions are kept, exactly, and the
    result is rounded once, half up (house rule)."""
    tenths = max(0, POPULATION_LOSS_PER_SHOT - MEDICINE_LOSS_REDUCTION * medicine)
    left = population * Fraction(1000 - tenths, 1000) ** shots
    return math.floor(left + Fraction(1, 2))


def facility_hit_chance(defense: int) -> int:
    """Percent chance that a shot on a planet destroys a facility (house rule)."""
    return max(0, HOUSE_RULES.facility_hit - HOUSE_RULES.facility_hit_per_pdtl * defense)


def current_defence(ship: Ship) -> int:
    """Hits the ship can still take; below 0 it is destroyed (2.2.1.12)."""
    return SHIP_CLASSES[ship.ship_class].defence - ship.damage


def attack(ship: Ship) -> int:
    """Shots the ship fires a round; 0 means unarmed (2.2.1.9)."""
    return SHIP_CLASSES[ship.ship_class].attack


def hits(rng: random.Random, chance: int) -> bool:
    """One shot with a percent chance (below 0 never hits, 100 and more always)."""
    return rng.randrange(100) < chance


def ship_list(ships: list[Ship]) -> str:
    """Ship numbers and classes for a report line."""
    return ", ".join(f"{s.number} (CLASS {s.ship_class})" for s in ships)


@dataclass
class Battle:
    """One planet's battle as it goes: the ships in orbit and the report."""

    turn: Turn
    planet: Planet
    ships: list[Ship]
    rng: random.Random
    lines: list[str] = field(default_factory=list)
    shots: int = 0  # shots on the planet so far, for its population (2.2.2)

    def name(self, player: str | None) -> str:
        return self.turn.name(player)

    def destroy(self, ship: Ship) -> None:
        """Take a destroyed ship out of the battle and the game."""
        self.ships.remove(ship)
        self.turn.remove_ship(ship)
        where = self.planet.number
        self.turn.tell(ship.owner, f"SHIP {ship.number} WAS DESTROYED AT PLANET {where}")

    def score_kill(self, player: str | None, ship: Ship) -> None:
        """Half the destroyed ship's maximum defence to the player who destroyed it (2.4)."""
        if player is not None:
            self.turn.tally[player].ships += ship_kill_score(ship.ship_class)


def fight(turn: Turn) -> None:
    """Fight at every planet with ships of a player who does not own it, by planet number."""
    for number, ships in sorted(turn.in_orbit().items()):
        planet = turn.state.planets[number]
        if any(s.owner != planet.owner for s in ships):
            fight_at(turn, planet, ships)


def fight_at(turn: Turn, planet: Planet, ships: list[Ship]) -> None:
    """The space battle and, if one foreign player is left, the assault on the planet."""
    defender = planet.owner
    players = owners(ships)
    attackers = [p for p in players if p != defender]
    if len(players) == 1 and planet.fortresses == 0 and not any(attack(s) for s in ships):
        return  # unarmed ships at an undefended planet: nothing can happen
    battle = Battle(turn, planet, list(ships), turn.rng(f"battle {planet.number}"))
    battle.lines.append(
        f"BATTLE AT PLANET {planet.number} ({planet.x},{planet.y}), OWNER {battle.name(defender)}"
    )
    battle.lines.append(
        "SHIPS IN ORBIT: "
        + ", ".join(f"{battle.name(p)} {sum(s.owner == p for s in ships)}" for p in players)
    )
    field_repair(battle)  # ships that arrive damaged, before the first shot
    space_battle(battle)
    left = owners(battle.ships)
    if len(left) == 1 and left[0] != defender:
        assault(battle, left[0])
    elif len(left) > 1:
        battle.lines.append("SHIPS OF SEVERAL PLAYERS REMAIN: THE FIGHTING STOPS FOR THIS TURN")
    elif planet.owner is not None:
        battle.lines.append(f"PLANET {planet.number} REMAINS WITH {battle.name(planet.owner)}")
    for player in players:
        turn.explore(player, planet.number)
    sides = (defender if defender is not None else NEUTRAL, *attackers)
    turn.state.battles.append(BattleReport(planet.number, sides, tuple(battle.lines), planet.owner))


def space_battle(battle: Battle) -> None:
    """Up to 3 rounds until one player's ships remain or only one player's can attack."""
    for number in range(1, MAX_ROUNDS + 1):
        if len(owners(battle.ships)) < 2:
            return
        armed = owners(s for s in battle.ships if attack(s))
        if not armed:
            battle.lines.append("NO SHIP IN ORBIT CAN ATTACK")
            return
        if len(armed) == 1:
            surrender(battle, armed[0])
            if len(owners(battle.ships)) < 2:
                return
        space_round(battle, number)
        field_repair(battle)


def surrender(battle: Battle, winner: str) -> None:
    """Unarmed ships surrender to the only armed player and join his fleet while he has room."""
    turn = battle.turn
    for ship in [s for s in battle.ships if s.owner != winner]:
        if not turn.has_room(winner):
            return
        loser, old = ship.owner, ship.number
        turn.change_owner(ship, winner)
        battle.lines.append(
            f"SHIP {old} (CLASS {ship.ship_class}) OF {battle.name(loser)} SURRENDERS TO "
            f"{battle.name(winner)}"
        )
        turn.tell(loser, f"SHIP {old} SURRENDERED AT PLANET {battle.planet.number}")


def space_round(battle: Battle, number: int) -> None:
    """Every armed ship fires once per attack point at a random enemy ship; then the
    ships whose current defence is below 0 are destroyed."""
    fighting = list(battle.ships)
    enemies = {p: [s for s in fighting if s.owner != p] for p in owners(fighting)}
    killer: dict[tuple[str, int], Ship] = {}
    for shooter in fighting:
        for _ in range(attack(shooter)):
            target = battle.rng.choice(enemies[shooter.owner])
            if hits(battle.rng, ship_hit_chance(shooter.armament, shooter.kills, target.shield)):
                target.damage += 1
                if current_defence(target) < 0:
                    killer.setdefault((target.owner, target.number), shooter)
    destroyed = [s for s in fighting if current_defence(s) < 0]
    for ship in destroyed:
        winner = killer[(ship.owner, ship.number)]
        winner.kills += 1
        battle.score_kill(winner.owner, ship)
    for player in owners(destroyed):
        lost = [s for s in destroyed if s.owner == player]
        battle.lines.append(
            f"SPACE BATTLE ROUND {number}: {battle.name(player)} LOSES {ship_list(lost)}"
        )
    if not destroyed:
        battle.lines.append(f"SPACE BATTLE ROUND {number}: NO SHIP DESTROYED")
    for ship in destroyed:
        battle.destroy(ship)


def assault(battle: Battle, attacker: str) -> None:
    """Up to 3 rounds of fortresses against ships; the planet falls with its last fortress,
    or, if it has none, to the armed ships at once, without a shot (house rule)."""
    planet, turn = battle.planet, battle.turn
    defender = planet.owner
    defense = turn.tech(defender, PLANETARY_DEFENSE)
    if planet.fortresses == 0 and any(attack(s) for s in battle.ships):
        # house rule: no fortress, no planetary defense to defeat (2.2.2): it falls at once
        battle.lines.append(f"PLANET {planet.number} HAS NO FORTRESS TO DEFEND IT")
    for number in range(1, MAX_ROUNDS + 1):
        if not battle.ships or planet.fortresses == 0:
            break
        lost = fortresses_fire(battle, defense)
        destroyed = ships_fire(battle, defense)
        battle.lines.append(
            f"ASSAULT ROUND {number}: {counted(destroyed, 'FORTRESS', 'FORTRESSES')} DESTROYED, "
            f"{counted(len(lost), 'SHIP', 'SHIPS')} LOST" + (f": {ship_list(lost)}" if lost else "")
        )
        field_repair(battle)
    planet.population = population_after_shots(
        planet.population, turn.tech(defender, MEDICINE), battle.shots
    )
    if not battle.ships:
        battle.lines.append(f"THE ATTACK ON PLANET {planet.number} FAILED")
    elif not any(attack(s) for s in battle.ships):
        battle.lines.append(f"THE SHIPS OF {battle.name(attacker)} CANNOT ATTACK THE PLANET")
    elif planet.fortresses == 0:
        battle.lines.append(f"PLANET {planet.number} CONQUERED BY {battle.name(attacker)}")
        conquer(turn, planet, attacker)
    else:
        battle.lines.append(
            f"PLANET {planet.number} HOLDS WITH "
            + counted(planet.fortresses, "FORTRESS", "FORTRESSES")
        )


def fortresses_fire(battle: Battle, defense: int) -> list[Ship]:
    """Each fortress fires once at a random ship; a ship below 0 is destroyed at once."""
    lost: list[Ship] = []
    for _ in range(battle.planet.fortresses):
        if not battle.ships:
            break
        target = battle.rng.choice(battle.ships)
        if hits(battle.rng, fortress_hit_chance(defense, target.shield)):
            target.damage += 1
            if current_defence(target) < 0:
                battle.score_kill(battle.planet.owner, target)
                battle.destroy(target)
                lost.append(target)
    return lost


def ships_fire(battle: Battle, defense: int) -> int:
    """Each ship fires once per attack point at the fortresses; every shot costs the
    planet population and maybe a facility. Returns the fortresses destroyed."""
    planet, turn = battle.planet, battle.turn
    destroyed = 0
    for ship in list(battle.ships):
        for _ in range(attack(ship)):
            if planet.fortresses == 0:
                return destroyed
            if planet.number not in turn.attacked:
                turn.attacked.add(planet.number)
                planet.loyalty = max(1, planet.loyalty - 1)
            battle.shots += 1
            if hits(battle.rng, facility_hit_chance(defense)):
                damage_facility(planet, battle.rng)
            chance = planet_hit_chance(ship.armament, ship.kills, defense, planet.natural_defence)
            if hits(battle.rng, chance):
                planet.fortresses -= 1
                destroyed += 1
                turn.tally[ship.owner].fortresses += 1
    return destroyed


def damage_facility(planet: Planet, rng: random.Random) -> None:
    """Destroy one random factory, mine, refinery or farm, if there is any."""
    pool = [name for name in FACILITY_NAMES for _ in range(getattr(planet, name))]
    if pool:
        name = rng.choice(pool)
        setattr(planet, name, getattr(planet, name) - 1)


def conquer(turn: Turn, planet: Planet, conqueror: str) -> None:
    """The planet changes hands: n points in turn n, the same off the loser's score,
    any bonus and rewards; its loyalty starts again at 1."""
    loser = planet.owner
    points = turn.state.turn
    turn.tally[conqueror].conquests += points
    turn.tell(conqueror, f"YOU CONQUERED PLANET {planet.number}")
    if loser is not None:
        turn.tally[loser].lost += points
        turn.tell(loser, f"PLANET {planet.number} WAS CONQUERED BY {turn.name(conqueror)}")
    if planet.bonus:
        turn.tally[conqueror].bonus += planet.bonus
        turn.tell(
            conqueror, f"PLANET {planet.number} WAS A BONUS PLANET: {points_text(planet.bonus)}"
        )
        planet.bonus = 0
    pay_rewards(turn, planet, conqueror, loser)
    planet.owner = conqueror
    planet.loyalty = 1
    planet.pu = 0
    planet.espionage_guard = 0
    turn.conquered.add(planet.number)


def repair_from_transports(ship: Ship, ships: list[Ship]) -> int:
    """Repair a ship with the spares its owner's transports among `ships` carry, in ship
    order; the hits repaired."""
    repaired = 0
    if not ship.damage:
        return 0
    for carrier in ships:
        if carrier.owner == ship.owner and carrier.cargo[SPARES] and ship.damage:
            used = min(ship.damage, carrier.cargo[SPARES])
            carrier.cargo[SPARES] -= used
            ship.damage -= used
            repaired += used
    return repaired


def field_repair(battle: Battle) -> None:
    """Before the battle and after each combat round at a planet not theirs, players repair
    their damaged ships from the spares their transports in orbit carry: spares "can be
    loaded into a transport to repair ships during battle in orbits around enemy planets"
    (2.1.8), "as soon as possible" (2.2.1.12). The planet's owner repairs after the
    battle, from its stock."""
    for player in owners(battle.ships):
        if player == battle.planet.owner:
            continue
        ships = [s for s in battle.ships if s.owner == player]
        repaired = sum(repair_from_transports(ship, ships) for ship in ships)
        if repaired:
            battle.lines.append(
                f"SPARES CARRIED BY {battle.name(player)} REPAIR {counted(repaired, 'HIT', 'HITS')}"
            )


def repair(turn: Turn) -> None:
    """Spares repair damaged ships in orbit after the battles (2.1.8): the planet's own for
    its owner, then those his transports carry."""
    for number, ships in sorted(turn.in_orbit().items()):
        planet = turn.state.planets[number]
        for ship in ships:
            if ship.damage and planet.owner == ship.owner:
                used = min(ship.damage, planet.spares)
                planet.spares -= used
                ship.damage -= used
            repair_from_transports(ship, ships)
