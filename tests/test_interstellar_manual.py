"""galbatch-interstellar(7) documents what the ruleset does: every phase with its book
step, every setting, the race chart, every house rule; and it is clean roff. (Its
diagnostic codes: test_man_diagnostics.py.)"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from galbatch.rules.interstellar import house
from galbatch.rules.interstellar.phases import BOOK_STEP, Phase
from galbatch.rules.interstellar.setup import SETTINGS
from galbatch.rules.interstellar.tables import RACE_CHART

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "man" / "galbatch-interstellar.7"


def page() -> str:
    return PAGE.read_text(encoding="utf-8")


def section(name: str) -> str:
    """A section of the page, from its .SH line to the next."""
    text = page()
    return text.split(f"\n.SH {name}\n", 1)[1].split("\n.SH ", 1)[0]


def flat(text: str) -> str:
    """Roff text as one line of words, without font escapes."""
    return " ".join(re.sub(r"\\f[BIRP]", "", text).replace("\\-", "-").split())


def test_every_phase_with_its_book_step() -> None:
    run = section("THE RUN")
    for phase in Phase:
        name = phase.value.replace("-", "\\-")
        assert re.search(rf"^\.B {re.escape(name)} \\fR\(Play {BOOK_STEP[phase]}\b", run, re.M), (
            phase
        )


def test_every_setting_with_its_default() -> None:
    settings = section("SETTINGS")
    for setting in SETTINGS:
        assert f"\n.B {setting.name}\n" in settings, setting.name
        assert f"Default: {setting.default}." in flat(settings.split(f".B {setting.name}\n", 1)[1])


def test_the_race_chart() -> None:
    charts = section("THE CHARTS")
    for row in RACE_CHART:
        assert f".B {row.colour} \\fR{row.race}\\fP" in charts


# Each house rule's constant, and words of the page that state it.
HOUSE_RULES = {
    "DEFENDER_WIN_SENDS_ATTACKERS_TO_VOID": "so the attacking ships, allies' too, go to the void",
    "COMPENSATION_COUNTS_ALLIES": "counts only the main combatant's own ships, not his allies'",
    "COMPENSATION_LIMITED_TO_HAND": "never more than he holds",
    "NO_DEAL_LOSS_ORDER": "first those in the encounter",
    "NO_DEAL_LOSS_SIZES": "at each place the smallest first",
    "SEREGON_MULTIPLIES_ALLIES": "his allies' ships are added after the product",
    "SEREGON_WHEN_DEFENDING": "by his own coin, attacking or defending",
    "BALCHOTH_WHEN_DEFENDING": "attacking, defending, or as an ally of either side",
    "BALCHOTH_AS_ALLY": "or as an ally of either side",
    "SAME_COIN_GOES_TO": "it goes back to the player who played it",
    "HIRILORN_HAND": "Draws 4 where others draw 3",
    "HIRILORN_REPLENISHES": "draws up to 4 when he holds fewer",
    "HAND_LIMIT": "There is no hand limit",
    "DRAW_WHEN_EMPTY_IN_COMBAT": "draws a hand before the coins are chosen",
    "COLONIES_COUNT": "two colony ships on one planet are one colony",
    "FIRST_PLAYER_IS_LAST_SEAT": "the last seat moves first",
    "RECLAIM_DEFAULT_SIZES": "the largest ship goes to the lowest-numbered home world",
    "REWARD_SHIPS_FIRST": "takes ships from the void first",
    "TAKE_COIN_BY_DEFAULT": "take the coin unless they say LEAVE COIN",
    "RETURNS_LARGEST_FIRST": "lowest-numbered home world, largest first",
    "PELANTIRI_BEATS_DIPLOMACY": "also against Diplomacy (no deal is attempted)",
    "OTHER_SHIPS_ON_TARGET_STAY": "other players' ships there are not in the combat and stay",
    "SECOND_ATTACK_NEEDS_WIN": "a deal or a tie is not a success",
    "COMMITTED_SHIPS_LEAVE_PLANETS": "leave their planets when committed",
    "RUN_PLAYS_AT_MOST_ONE_ROUND": "it stops at the start of the next turn, owing nobody",
    "COLOURS_AT_RANDOM": "The colours are drawn at random",
    "RACES_BY_CHART": "each colour takes the chart's race",
    "RACE_AT_MOST_ONCE": "no race is taken twice",
    "RECLAIM_WAITS_ONLY_IF_ATTACK_POSSIBLE": "waits for the player's ATTACK only if",
    "RECLAIM_ORDER_RESOLVES_AT_ONCE": "A RECLAIM order, sent or standing, is carried out at once",
    "PENDING_KEPT_ONLY_BY_BYSTANDERS": "a player who owed nothing in it keeps them",
    "FROMLESS_HOME_FIRST": "home worlds first, in tile order, then from his ships in the other",
    "TRANSPORT_IF_ANY_GROUP_TRAVELS": "if any of its groups comes from outside the target's system",
    "SHIPS_ON_TARGET_CANNOT_ATTACK": "ships already on the target are not part of an attack on it",
    "EVERY_FLEET_SYSTEM_IS_ORIGIN": "every system the fleet's ships came from is an origin system",
    "ALLY_ANSWERS_INVITING_SIDE": "An ALLY answers only the invitation of a side that invited",
    "EMPTY_ALLY_DECLINES": "an ALLY whose ships are all gone counts as declining",
    "DRUWAITH_AFTER_PUBLIC_REVEAL": "revealed to everyone before the Druwaith chooses",
    "ALL_DEAL_LINES_ARE_OFFERS": "lines together are his offers",
    "DEAL_SKIPS_OTHERS_TERMS": "A term naming neither party is skipped",
    "DEAL_QUANTITIES_LIMITED": "limited to what the party has when the deal is carried out",
    "COLONY_IN_OTHER_PARTYS_SYSTEM": "COLONIZES names a planet of the other party's system",
    "COLONY_SHIP_FROM_FLEET_FIRST": "comes from the party's attacking fleet if it has one there",
    "GELMIR_COVERS_NO_DEAL": "the two ships of no deal included",
    "GELMIR_HOME_WORLD": "they go to his home world 1",
    "COIN_POWERS_AFTER_EVERY_ENCOUNTER": "after every encounter's outcome, a tie and a deal",
    "HEAL_USES_EVERY_PENDING_LINE": "Every pending HEAL line of the Nirnaeth is carried out",
    "DRAW_ONLY_BEFORE_COIN_IN": "draws only while his hand is empty and his coin is not yet in",
    "NO_POSSIBLE_ATTACK_PASSES": "makes none: his turn passes",
    "REFUSED_ATTACK_USED_UP": "refuse when its phase comes is used up",
    "NO_INVITATIONS_FOR_TWO": "only the two main combatants at the table nobody is invited",
    "UNABLE_ALLY_DECLINES": "declines without being waited for",
    "PLAY_NEAREST_BELOW": "the highest attack coin below it, else the lowest above it",
    "BEST_WITHOUT_POWER": "plays as HIGHEST; he alone is told so",
}


def test_every_house_rule_is_documented() -> None:
    constants = {n for n in vars(house) if n.isupper() and not n.startswith("_")}
    assert constants == set(HOUSE_RULES)
    rules = flat(section("HOUSE RULES"))
    for name, words in HOUSE_RULES.items():
        assert words in rules, name


def test_house_rules_the_page_states_as_the_code_decides() -> None:
    assert house.HIRILORN_HAND == 4 and house.HAND_LIMIT is None
    assert house.GELMIR_HOME_WORLD == 1
    assert house.SAME_COIN_GOES_TO == "owner" and house.COLONIES_COUNT == "planets"
    assert house.NO_DEAL_LOSS_ORDER == ("encounter", "home", "colonies")
    assert house.RECLAIM_DEFAULT_SIZES[0].value == "L" and house.RETURNS_LARGEST_FIRST


@pytest.mark.skipif(shutil.which("groff") is None, reason="groff is not installed")
def test_the_page_is_clean_roff() -> None:
    result = subprocess.run(
        ["groff", "-man", "-ww", "-z", str(PAGE)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0 and result.stderr == ""
