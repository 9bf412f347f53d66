"""Galaktikos's galaxy generator and its setup placement: a spiral for the players, legal homes."""

from __future__ import annotations

import math
import random

import pytest

from galbatch.rules.galaktikos.galaxy import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    SIZES,
    Galaxy,
    arm_profile,
    centre_point,
    make_galaxy,
)
from galbatch.rules.galaktikos.hexes import Hex, distance
from galbatch.rules.galaktikos.placement import (
    HOME,
    SINGLE,
    automatic_placement,
    automatic_setup,
    legal_home_sites,
    near_core,
    place,
    placement_error,
    setup_steps,
)
from galbatch.rules.galaktikos.tables import HexType

PLAYERS = range(MIN_PLAYERS, MAX_PLAYERS + 1)
SEEDS = range(6)


def galaxy(seed: int, players: int) -> Galaxy:
    """The galaxy of a seed."""
    return make_galaxy(random.Random(seed), players)


def test_the_same_seed_makes_the_same_galaxy() -> None:
    assert galaxy(7, 4) == galaxy(7, 4)
    assert dict(galaxy(7, 4)) == dict(galaxy(7, 4))
    assert dict(galaxy(7, 4)) != dict(galaxy(8, 4))


@pytest.mark.parametrize("players", PLAYERS)
def test_every_hex_type_is_on_every_map(players: int) -> None:
    for seed in SEEDS:
        g = galaxy(seed, players)
        assert {g[h] for h in g} == set(HexType)
        assert len(g) == g.width * g.height == SIZES[players].cols * SIZES[players].rows


def test_maps_grow_with_the_players_and_fit_a_132_column_grid() -> None:
    areas = [SIZES[p].cols * SIZES[p].rows for p in PLAYERS]
    assert areas == sorted(areas) and len(set(areas)) == len(areas)
    for p in PLAYERS:
        assert SIZES[p].cols * SIZES[p].rows >= 85 * p
        assert 3 + 4 * SIZES[p].cols <= 132
        assert SIZES[p].arms >= 2
    with pytest.raises(ValueError):
        make_galaxy(random.Random(1), MAX_PLAYERS + 1)
    with pytest.raises(ValueError):
        make_galaxy(random.Random(1), 1)


@pytest.mark.parametrize("players", PLAYERS)
def test_the_core_is_at_the_centre_and_in_one_piece(players: int) -> None:
    for seed in SEEDS:
        g = galaxy(seed, players)
        core = {h for h in g if g[h] is HexType.CORE}
        assert g.centre in core
        assert max(distance(h, g.centre) for h in core) <= max(2, g.width // 8)
        assert _component(g, g.centre, {HexType.CORE}) == core


@pytest.mark.parametrize("players", PLAYERS)
def test_the_dense_arms_reach_out_from_the_core_in_one_piece(players: int) -> None:
    for seed in SEEDS:
        g = galaxy(seed, players)
        dense = {h for h in g if g[h] is HexType.DENSE}
        reached = _component(g, g.centre, {HexType.CORE, HexType.DENSE})
        assert len(reached & dense) >= 0.8 * len(dense)
        # the arms reach most of the way to the rim
        assert max(distance(h, g.centre) for h in reached) >= 0.7 * min(g.width, g.height) / 2


@pytest.mark.parametrize("players", PLAYERS)
def test_dense_hexes_lie_along_spirals_not_in_a_smear(players: int) -> None:
    """Folded along a winding spiral, dense hexes bunch at the arms' phases."""
    for seed in SEEDS:
        g = galaxy(seed, players)
        arms = SIZES[players].arms
        winding = max(_spiral_bunching(g, arms, s * w) for s in (1, -1) for w in (1.8, 2.2, 2.6))
        radial = _spiral_bunching(g, arms, 0.0)
        assert winding >= 0.45
        assert winding > radial
        shares = arm_profile(g)
        assert max(shares) - min(shares) >= 0.1  # sectors crossed by arms and between them


@pytest.mark.parametrize("players", PLAYERS)
def test_the_disc_is_mostly_arms_and_space(players: int) -> None:
    g = galaxy(3, players)
    share = {t: g.count(t) / len(g) for t in HexType}
    assert 0.1 <= share[HexType.DENSE] <= 0.3
    assert 0.1 <= share[HexType.SPARSE] <= 0.3
    assert share[HexType.EMPTY] >= 0.4
    assert share[HexType.CORE] <= 0.05


def test_the_galaxy_is_a_mapping_of_every_hex_of_its_sheet() -> None:
    g = galaxy(1, 2)
    assert sorted(g.neighbours(Hex(0, 0))) == [Hex(0, 1), Hex(1, 0)]
    assert len(g.neighbours(Hex(5, 5))) == 6
    assert Hex(g.width, 0) not in g and Hex(0, -1) not in g
    assert g.centre.name == "0908"
    kinds = g.kinds()
    assert all(kinds.get(h, HexType.EMPTY) is g[h] for h in g)


@pytest.mark.parametrize("players", PLAYERS)
def test_there_is_room_for_every_home_and_population(players: int) -> None:
    for seed in SEEDS:
        g = galaxy(seed, players)
        sites = legal_home_sites(g, set())
        dense_sites = [h for h in sites if g[h] is HexType.DENSE]
        assert len(dense_sites) >= 3 * players
        assert all(not near_core(g, h) for h in sites)


def test_no_setup_token_in_or_next_to_a_core_hex() -> None:
    g = galaxy(2, 3)
    core = next(h for h in g if g[h] is HexType.CORE)
    beside = next(n for n in g.neighbours(core) if g[n] is not HexType.CORE)
    assert placement_error(g, core, set()) == "is a core hex"
    assert placement_error(g, beside, set()) == "is next to a core hex"
    space = next(h for h in g if g[h] is HexType.EMPTY)
    assert placement_error(g, space, set()) == "is empty space, where no population lives"
    site = legal_home_sites(g, set())[0]
    assert placement_error(g, site, set()) == ""
    assert placement_error(g, site, {site}) == "already has a token"
    assert placement_error(g, Hex(-1, 0), set()) == "is not on the map"
    assert site not in legal_home_sites(g, {site})


def test_setup_goes_homes_first_then_singles_in_seat_order() -> None:
    steps = setup_steps(3)
    assert [(s.seat, s.kind) for s in steps] == [
        (1, HOME), (2, HOME), (3, HOME),
        (1, SINGLE), (2, SINGLE), (3, SINGLE),
        (1, SINGLE), (2, SINGLE), (3, SINGLE),
    ]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
def test_automatic_setup_is_legal_reasonable_and_deterministic(players: int) -> None:
    for seed in SEEDS[:3]:
        g = galaxy(seed, players)
        taken = automatic_setup(g, players, random.Random(seed))
        assert taken == automatic_setup(g, players, random.Random(seed))
        assert len(taken) == 3 * players
        assert sorted(taken.values()) == sorted(list(range(1, players + 1)) * 3)
        assert all(not near_core(g, h) and g[h] is not HexType.EMPTY for h in taken)
        homes = list(taken)[:players]
        assert [taken[h] for h in homes] == list(range(1, players + 1))
        assert all(g[h] is HexType.DENSE for h in homes)
        # homes spread out: no two homes closer than a fifth of the map's width
        gaps = [distance(a, b) for i, a in enumerate(homes) for b in homes[i + 1 :]]
        assert min(gaps) >= 3
        # singles settle near their own home
        for h, seat in list(taken.items())[players:]:
            home = homes[seat - 1]
            assert distance(h, home) <= 3


def test_automatic_placement_places_a_home_then_a_single_beside_it() -> None:
    g = galaxy(4, 2)
    rng = random.Random(4)
    taken: dict[Hex, int] = {}
    home = automatic_placement(g, 1, taken, rng)
    taken[home] = 1
    other = automatic_placement(g, 2, taken, rng)
    assert distance(home, other) >= 4
    taken[other] = 2
    single = automatic_placement(g, 1, taken, rng)
    assert distance(single, home) == 1
    assert single not in taken


def _component(g: Galaxy, start: Hex, kinds: set[HexType]) -> set[Hex]:
    """The hexes of `kinds` reached from `start` through hexes of `kinds`."""
    seen = {start}
    todo = [start]
    while todo:
        h = todo.pop()
        for n in g.neighbours(h):
            if n not in seen and g[n] in kinds:
                seen.add(n)
                todo.append(n)
    return seen


def _spiral_bunching(g: Galaxy, arms: int, wind: float) -> float:
    """How tightly dense hexes outside the bulge bunch in phase along a spiral winding `wind`.

    Each dense hex's angle, less the spiral's turn at its radius, times the arms:
    the mean resultant length of those phases (1 all at one phase, near 0 spread).
    """
    cx, cy = centre_point(g.centre)
    radius = min(cx, cy) + 0.5
    k = wind / math.log(1 / 0.32)
    sx = sy = 0.0
    n = 0
    for h in g:
        if g[h] is not HexType.DENSE:
            continue
        x, y = centre_point(h)
        rho = math.hypot(x - cx, y - cy) / radius
        if rho < 0.4:
            continue
        phase = arms * (math.atan2(y - cy, x - cx) - k * math.log(rho / 0.32))
        sx += math.cos(phase)
        sy += math.sin(phase)
        n += 1
    return math.hypot(sx, sy) / n if n else 0.0


def test_the_first_legal_hex_named_is_placed_and_the_rest_are_alternates() -> None:
    g = galaxy(5, 3)
    sites = legal_home_sites(g, set())
    core = next(h for h in g if g[h] is HexType.CORE)
    taken = {sites[0]: 2}
    assert place(g, 1, [core, sites[0], sites[1], sites[2]], taken, random.Random(1)) == (
        sites[1],
        False,
    )
    h, automatic = place(g, 1, [core, sites[0]], taken, random.Random(1))
    assert automatic and h not in taken and not placement_error(g, h, set(taken))
