"""`hookline providers list`: the providers a Source can name, as GET /v1/ingest/providers
lists them (no database or server needed), or as the docs catalogue with --markdown."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.manage import JsonOpt, emit_list
from cli.usage import Typer
from hookline.providers import catalogue

providers_app = Typer(help="Providers a Source can verify.", no_args_is_help=True)
COLUMNS = ["code", "name", "verification", "eventIdLocation", "handshake"]


@providers_app.command("list")
def list_providers(
    as_json: JsonOpt = False,
    markdown: Annotated[bool, typer.Option(
        "--markdown", help="Print docs/PROVIDERS.md (what `make providers-doc` writes).")] = False,
) -> None:
    """Every provider: its code (a Source's `provider`), how it is verified, where its event
    id lives and its handshake."""
    if markdown:
        typer.echo(catalogue.markdown(), nl=False)
        return
    emit_list(as_json, catalogue.rows(), COLUMNS)
