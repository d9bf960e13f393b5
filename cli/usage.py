"""How every `hookline` command's --help reads: real names in the usage line (`NAME`, not
typer's `{name}`), no type shown for a flag (`--json`, not `--json <bool>`), docstrings as
paragraphs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption
from typer.models import CommandFunctionType


def _plain(params: list[Any]) -> list[Any]:
    for param in params:
        if isinstance(param, TyperOption) and param.is_flag and param.metavar is None:
            param.metavar = ""  # a flag takes no value: nothing to show after it
    return params


def _arguments(params: list[Any]) -> list[str]:
    names = [(param.metavar or str(param.name).upper(), param.required)
             for param in params if isinstance(param, TyperArgument)]
    return [name if required else f"[{name}]" for name, required in names]


class Command(TyperCommand):
    def get_params(self, ctx: Any) -> list[Any]:
        return _plain(super().get_params(ctx))

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        options = [self.options_metavar] if self.options_metavar else []
        return options + _arguments(self.get_params(ctx))


class Group(TyperGroup):
    def get_params(self, ctx: Any) -> list[Any]:
        return _plain(super().get_params(ctx))


class Typer(typer.Typer):
    """typer.Typer whose groups and commands read as above."""

    def __init__(self, **kwargs: Any) -> None:
        # Markdown: a docstring's lines join into paragraphs wherever help shows them.
        super().__init__(cls=Group, rich_markup_mode="markdown", **kwargs)

    def command(self, name: str | None = None, *, cls: type[TyperCommand] | None = None,
                **kwargs: Any) -> Callable[[CommandFunctionType], CommandFunctionType]:
        return super().command(name, cls=cls or Command, **kwargs)
