"""`hookline providers list|show`: the providers a Source can name, as GET
/v1/ingest/providers lists them (no database or server needed), or as the docs catalogue
with --markdown. A list read by a person fits their terminal; one read by a program (stdout
not a terminal) stays tab-separated and whole."""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
from typing import Annotated, Any

import typer

from cli.manage import JsonOpt, emit_list
from cli.usage import Typer
from hookline.providers import catalogue

providers_app = Typer(help="Providers a Source can verify.", no_args_is_help=True)
COLUMNS = ["code", "name", "verification", "eventIdLocation", "handshake"]
SHOWN = ["code", "verification", "name"]  # on a terminal: the name, last, is cut to fit
DETAILS = [("code", "code"), ("name", "name"), ("verification", "verification"),
           ("scheme", "scheme"), ("needsSecret", "needs a secret"),
           ("eventIdLocation", "event id"), ("handshake", "handshake"),
           ("strippedHeaders", "headers not forwarded")]


@providers_app.command("list")
def list_providers(
    as_json: JsonOpt = False,
    markdown: Annotated[bool, typer.Option(
        "--markdown", help="Print docs/PROVIDERS.md (what `make providers-doc` writes).")] = False,
) -> None:
    """Every provider: its code (a Source's `provider`), how it is verified, where its event
    id lives and its handshake. `hookline providers show CODE` gives one in full."""
    if markdown:
        typer.echo(catalogue.markdown(), nl=False)
    elif as_json or not sys.stdout.isatty():
        emit_list(as_json, catalogue.rows(), COLUMNS)
    else:
        typer.echo("\n".join(table(catalogue.rows(), shutil.get_terminal_size().columns)))


@providers_app.command("show")
def show_provider(
    code: Annotated[str, typer.Argument(metavar="CODE",
                                        help="The provider's code, from `providers list`.")],
    as_json: JsonOpt = False,
) -> None:
    """One provider in full: how its signature is checked, what a Source needs (secret,
    providerConfig), where its event id lives, its handshake."""
    found = next((row for row in catalogue.rows() if row["code"] == code), None)
    if found is None:
        typer.echo(f"error: no provider {code!r} (`hookline providers list` shows them)",
                   err=True)
        raise typer.Exit(1)
    shown = json.dumps(found) if as_json else "\n".join(
        details(found, shutil.get_terminal_size().columns))
    typer.echo(shown)


def table(rows: list[dict[str, Any]], width: int) -> list[str]:
    """Aligned columns; each line at most `width` characters, the last column cut with …"""
    widths = [max(len(c), *(len(str(r[c])) for r in rows)) for c in SHOWN[:-1]]
    lines = [[c.upper() for c in SHOWN]] + [[str(r[c]) for c in SHOWN] for r in rows]
    out = []
    for cells in lines:
        line = "  ".join(cell.ljust(w) for cell, w in zip(cells, widths, strict=False))
        line = f"{line}  {cells[-1]}"
        out.append(line if len(line) <= width else line[:max(width - 1, 0)] + "…")
    return out


def details(row: dict[str, Any], width: int) -> list[str]:
    """`label: value` lines wrapped to `width`, then providerConfig's fields, if any."""
    pad = max(len(label) for _, label in DETAILS) + 2
    out = []
    for key, label in DETAILS:
        out += _wrapped(f"{label}:".ljust(pad), _text(row.get(key)), width, pad)
    fields = row.get("configFields") or []
    if fields:
        out.append("providerConfig:")
        for field in fields:
            out += _wrapped(f"  {field['name']}".ljust(pad), field["description"], width, pad)
    return out


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(value) or "-"
    return "-" if value is None else str(value)


def _wrapped(head: str, text: str, width: int, pad: int) -> list[str]:
    return textwrap.wrap(text, max(width, pad + 20), initial_indent=head,
                         subsequent_indent=" " * pad, break_on_hyphens=False) or [head.rstrip()]
