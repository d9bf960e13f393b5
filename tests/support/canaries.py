"""Canaries: values planted in what must never leave for Temporal (secrets, URLs' paths and
queries, header values, credentials, payloads), and the scan of everything a Temporal
server holds (histories and visibility alike: its SQLite file and WAL, or a dump of its
PostgreSQL databases) for any of them. Each canary holds MARK, so the scan needs no list."""

from __future__ import annotations

import secrets
import subprocess
from pathlib import Path

from sqlalchemy.engine import make_url

from tests.support.postgres import pg_bin

MARK = "hlcanary"


def planted(name: str) -> str:
    return f"{MARK}-{name}-{secrets.token_hex(4)}"


def sqlite_bytes(db_file: Path) -> bytes:
    return b"".join(path.read_bytes() for path in (
        db_file, db_file.with_name(db_file.name + "-wal")) if path.exists())


def postgres_bytes(url: str, databases: list[str]) -> bytes:
    parsed = make_url(url)
    return b"".join(subprocess.run(
        [pg_bin("pg_dump"), "-h", str(parsed.host), "-p", str(parsed.port),
         "-U", str(parsed.username), name], capture_output=True, check=True).stdout
        for name in databases)


def found(held: bytes, mark: str = MARK) -> list[str]:
    """Each place `mark` occurs in `held`, with the bytes around it."""
    places, start = [], 0
    while (at := held.find(mark.encode(), start)) >= 0:
        places.append(held[max(0, at - 40):at + 60].decode("utf-8", "replace"))
        start = at + 1
    return places
