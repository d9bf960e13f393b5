"""The database the operator commands (`org`, `env`, `key`, `plan`) work on. One that has
no schema yet is refused in one line before anything connects to it: connecting would
create an empty SQLite file in the current folder (the default URL is relative to it)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.engine import URL, make_url
from sqlalchemy.pool import NullPool

MIGRATE = "run `hookline migrate` to create it, or set HOOKLINE_DATABASE_URL"
# Where `make run` starts `hookline up`, and so where its hookline.db is.
REPO = Path(__file__).resolve().parents[1]


class NoDatabase(Exception):
    """The database is missing, unreachable or not migrated; the message says which."""


def sqlite_file(url: URL) -> Path | None:
    """The file a SQLite URL names, resolved against the current folder; None for any
    other database or an in-memory one."""
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    if str(url.database).startswith("file:"):
        return None
    return Path(str(url.database)).resolve()


def shown(url: str) -> str:
    """The URL as it may be printed: its password masked, and a SQLite file's full path."""
    parsed = make_url(url)
    text = parsed.render_as_string(hide_password=True)
    path = sqlite_file(parsed)
    return f"{text} ({path})" if path is not None and str(path) not in text else text


def check(url: str) -> None:
    """Raises NoDatabase unless the database exists and `hookline migrate` has run on it.
    Never creates a file."""
    path = sqlite_file(make_url(url))
    if path is not None:
        if not path.is_file():
            raise NoDatabase(f"no database at {shown(url)}: {elsewhere(path, REPO)}")
        migrated = _sqlite_migrated(path, url)
    else:
        migrated = _migrated(url)
    if not migrated:
        raise NoDatabase(f"the database at {shown(url)} has no Hookline schema: {MIGRATE}")


def elsewhere(path: Path, repo: Path) -> str:
    """What to do when the SQLite file is not here: most often the command runs outside the
    folder `hookline up` started in, and a migrate here would make a second, empty database."""
    made = repo / path.name
    where = (f" (`make run`'s is {made})" if made != path and made.is_file()
             else "")
    return (f"`hookline up` keeps its database in the folder it starts in{where}. Run this "
            "command there or set HOOKLINE_DATABASE_URL; to start an empty one here instead, "
            "run `hookline migrate`")


def _sqlite_migrated(path: Path, url: str) -> bool:
    try:
        # mode=rw: the file must exist; SQLite creates nothing when it does not.
        with closing(sqlite3.connect(f"{path.as_uri()}?mode=rw", uri=True)) as db:
            return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' "
                              "AND name = 'alembic_version'").fetchone() is not None
    except sqlite3.Error as exc:
        raise NoDatabase(f"cannot open the database at {shown(url)}: {exc}") from None


def _migrated(url: str) -> bool:
    engine = sa.create_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            return sa.inspect(connection).has_table("alembic_version")
    except sa.exc.SQLAlchemyError as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        raise NoDatabase(f"cannot reach the database at {shown(url)}: {reason}") from None
    finally:
        engine.dispose()
