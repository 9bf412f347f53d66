"""A click group whose commands are imported only when asked for: click's documented
pattern (Advanced Patterns, "Lazily Loading Subcommands"), so that `galbatch check`
imports the check command's module and no other command's."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

import click


class LazyGroup(click.Group):
    """A group whose commands are named as "module.attribute" and imported on first use.

    A command loaded is added to the group, as if it had been added at once. A name the
    group lacks (a misspelt command) loads them all first, so that click's "no such
    command" error can name the closest."""

    def __init__(
        self, *args: Any, lazy_subcommands: Mapping[str, str] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_subcommands: dict[str, str] = dict(lazy_subcommands or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy_subcommands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            if cmd_name in self.lazy_subcommands:
                self.add_command(self._lazy_load(cmd_name), cmd_name)
            else:
                for name in self.lazy_subcommands.keys() - self.commands.keys():
                    self.add_command(self._lazy_load(name), name)
        return super().get_command(ctx, cmd_name)

    def _lazy_load(self, cmd_name: str) -> click.Command:
        """Import the module of the command `cmd_name` and return the command."""
        import_path = self.lazy_subcommands[cmd_name]
        module_name, attribute = import_path.rsplit(".", 1)
        command = getattr(importlib.import_module(module_name), attribute)
        if not isinstance(command, click.Command):
            raise ValueError(f"lazy loading of {import_path} gave no click command")
        return command
