"""A whole service for one benchmark: a throwaway PostgreSQL of its own (which a benchmark
may crash), the Temporal dev server, and the API and worker on the product's defaults,
their retry schedule and attempt timeout too (not the tests' shortened ones)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hookline.persistence.db import make_engine
from hookline.persistence.migrations import upgrade
from hookline.settings import Settings
from tests.conftest import start_temporal
from tests.support.postgres import crashable_postgres
from tests.support.procs import stop
from tests.support.stack import Stack

DEFAULTS = Settings()


@contextmanager
def defaults_stack(name: str) -> Iterator[tuple[Stack, Any]]:
    """The started stack, and its PostgreSQL server (`crashable_postgres`)."""
    folder = Path(tempfile.mkdtemp(prefix=f"hookline-{name}-"))
    temporal, address = start_temporal(folder)
    try:
        with crashable_postgres() as server:
            upgrade(server.url)
            stack = Stack(name=name, db_url=server.url, engine=make_engine(server.url),
                          temporal_address=address, folder=folder, env={
                              "HOOKLINE_RETRY_SCHEDULE": DEFAULTS.retry_schedule,
                              "HOOKLINE_ATTEMPT_TIMEOUT": DEFAULTS.attempt_timeout})
            stack.start()
            try:
                yield stack, server
            finally:
                stack.stop_all()
                stack.engine.dispose()
    finally:
        stop(temporal)  # type: ignore[arg-type]
