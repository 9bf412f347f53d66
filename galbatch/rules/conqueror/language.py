"""Galactic Conqueror's command language: a parsed line becomes a command dataclass.

The grammar (grammars/conqueror.lark) reads each of the 14 commands of section 3
exactly as the rule book writes them; ranges are checked later by `check.py`, so
this only turns tokens into numbers and upper-cases the S/T unit letter.
"""

from __future__ import annotations

from typing import cast

from lark import Token, Transformer

from galbatch.rules.conqueror import orders as o


def _unit(token: Token) -> o.Unit:
    """S (a ship) or T (a task force); the grammar allows nothing else."""
    return cast(o.Unit, str(token).upper())


class CommandBuilder(Transformer[Token, o.Order]):
    """Turns a parsed line into a command dataclass (used inline by the LALR parser)."""

    def start(self, items: list[o.Order]) -> o.Order:
        return items[0]

    def move(self, t: list[Token]) -> o.Move:
        return o.Move(_unit(t[0]), int(t[1]), int(t[2]))

    def load(self, t: list[Token]) -> o.Load:
        return o.Load(_unit(t[0]), int(t[1]), int(t[2]), int(t[3]))

    def unload(self, t: list[Token]) -> o.Unload:
        return o.Unload(_unit(t[0]), int(t[1]), int(t[2]), int(t[3]))

    def set_class(self, t: list[Token]) -> o.SetClass:
        return o.SetClass(int(t[0]), int(t[1]), int(t[2]))

    def invest(self, t: list[Token]) -> o.Invest:
        return o.Invest(int(t[0]), int(t[1]), int(t[2]))

    def scrap(self, t: list[Token]) -> o.Scrap:
        return o.Scrap(int(t[0]))

    def attach(self, t: list[Token]) -> o.Attach:
        return o.Attach(int(t[0]), int(t[1]))

    def transfer(self, t: list[Token]) -> o.TransferShip:
        return o.TransferShip(int(t[0]), int(t[1]))

    def produce(self, t: list[Token]) -> o.Produce:
        return o.Produce(int(t[0]), int(t[1]), int(t[2]))

    def espionage(self, t: list[Token]) -> o.Espionage:
        return o.Espionage(int(t[0]), int(t[1]), int(t[2]))

    def corruption(self, t: list[Token]) -> o.Corruption:
        return o.Corruption(int(t[0]), int(t[1]), int(t[2]))

    def research(self, t: list[Token]) -> o.Research:
        return o.Research(int(t[0]), int(t[1]), int(t[2]))

    def install(self, t: list[Token]) -> o.Install:
        return o.Install(int(t[0]), int(t[1]), int(t[2]))

    def reward(self, t: list[Token]) -> o.Reward:
        return o.Reward(int(t[0]), int(t[1]))
