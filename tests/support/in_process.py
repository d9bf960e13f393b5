"""The API in-process: the FastAPI app served by uvicorn on a thread of the test process, on
the session's database, with no worker and no Temporal server behind it (its client
connects lazily, and nothing these tests ask needs it). For what only checks the API's
answers and rows: CRUD, validation, ingestion, auth. Real HTTP still reaches it, so a test
reads the same whether it runs here or on the full stack."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from hookline.persistence import db
from hookline.persistence.db import make_engine
from hookline.settings import get_settings
from tests.support.procs import free_port, wait_http
from tests.support.stack import Stack


def _forget_settings() -> None:
    get_settings.cache_clear()
    db.get_read_engine.cache_clear()
    db.get_engine.cache_clear()


class InProcess:
    """The app on a free port, with the settings the shared stack gives its processes.
    `stack` is what a test module sees."""

    def __init__(self, name: str, db_url: str, folder: Path, env: dict[str, str]) -> None:
        port = free_port()
        nowhere = f"127.0.0.1:{free_port()}"  # no Temporal: a request that needs it fails
        self.stack = Stack(name=f"{name}-in-process", db_url=db_url, engine=make_engine(db_url),
                           temporal_address=nowhere, folder=folder, env=env,
                           base_url=f"http://127.0.0.1:{port}")
        self.stack.api_urls = [self.stack.base_url]
        # The settings are read once and cached (`get_settings`): the environment holds
        # them only until the app has started, so no process a later test spawns sees them.
        with pytest.MonkeyPatch.context() as environment:
            for key, value in self.stack.settings_env(HOOKLINE_API_PORT=str(port)).items():
                environment.setenv(key, value)
            _forget_settings()
            from api.main import create_app

            self.server = uvicorn.Server(uvicorn.Config(
                create_app(), host="127.0.0.1", port=port, log_level="warning",
                access_log=False, lifespan="on"))
            self.thread = threading.Thread(target=self.server.run, name="api", daemon=True)
            self.thread.start()
            wait_http(self.stack.base_url + "/healthz", 30)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(30)
        db.get_engine().dispose()
        _forget_settings()
        self.stack.engine.dispose()


def in_process_stack() -> Any:
    """A test module's `stack` (and so its `tenant`s) when it only checks the API's answers
    and rows: the API in-process, on each database (`make test-api`)."""

    @pytest.fixture(name="stack")
    def own(in_process: InProcess) -> Stack:
        return in_process.stack

    return own
