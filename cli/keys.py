"""`hookline keys`: the keys that seal credentials at rest (HOOKLINE_ENCRYPTION_KEYS).

To change the key: put a new one first in HOOKLINE_ENCRYPTION_KEYS, keep the old ones after
it, restart every process, run `hookline keys rotate`, then remove the old keys."""

from __future__ import annotations

import json
from typing import Annotated

import sqlalchemy as sa
import typer

from cli import database
from cli.usage import Typer
from hookline.encryption.keys import SETTING, new_key
from hookline.persistence.db import get_engine
from hookline.persistence.sealed import keyring_of
from hookline.settings import get_settings
from hookline.usecases import sealing

keys_app = Typer(help="The keys that seal credentials at rest (HOOKLINE_ENCRYPTION_KEYS).",
                 no_args_is_help=True)


@keys_app.command("new")
def new() -> None:
    """Print a fresh key (the base64 of 32 random bytes) for HOOKLINE_ENCRYPTION_KEYS."""
    typer.echo(new_key())


@keys_app.command("rotate")
def rotate(as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")
                              ] = False) -> None:
    """Reseal every stored credential under the first key of HOOKLINE_ENCRYPTION_KEYS, a
    batch at a time while the service runs. Interrupted, run it again: it goes on with what
    is left. When it reports nothing left, the other keys can be removed."""
    url = get_settings().database_url
    try:
        database.check(url)
        engine = get_engine()
        sealing.check_readable(engine)
        rotation = sealing.rotate(engine, None if as_json else _progress)
    except database.NoDatabase as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    except sa.exc.DBAPIError as exc:
        typer.echo(f"error: database {database.shown(url)}: "
                   f"{str(exc.orig).strip().splitlines()[0]}", err=True)
        raise typer.Exit(1) from None
    keyring = keyring_of(engine.dialect)
    old = [kid for kid in keyring.ids if kid != keyring.newest]
    if as_json:
        typer.echo(json.dumps({"key": keyring.newest, "resealed": rotation.resealed,
                               "remaining": rotation.remaining}))
    elif rotation.remaining:
        left = ", ".join(f"{count} under {kid or 'no key'}"
                         for kid, count in sorted(rotation.remaining.items()))
        typer.echo(f"{left}: written meanwhile by a process whose first key is another. "
                   f"Restart it with key {keyring.newest} first and run this again.")
    else:
        typer.echo(f"Every credential is sealed with key {keyring.newest}."
                   + (f" Key {', '.join(old)} may now be removed from {SETTING}." if old
                      else ""))
    if rotation.remaining:
        raise typer.Exit(2)


def _progress(column: str, resealed: int) -> None:
    typer.echo(f"{column}: {resealed} resealed")
