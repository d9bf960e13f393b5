"""Schemathesis against the running API: every operation of /openapi.json, with generated
valid and invalid input, must answer no 5xx, only statuses and media types it declares, and
bodies that match its schemas. Run on SQLite and on PostgreSQL (which refuses NUL in text
where SQLite stores it).

The fuzzer registers endpoints and destinations at whatever URLs it makes up, so it talks
to an API of its own: its own database and a task queue no worker polls, so nothing it
creates is ever sent. The endpoint test operation is left out: it sends at once, from the
API itself (its input is covered by tests/test_endpoints.py and tests/test_bad_input.py).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlmodel import Session

from hookline.persistence.db import committed, make_engine
from hookline.persistence.migrations import upgrade
from hookline.services import accounts
from tests.support.procs import stop
from tests.support.stack import Stack, own_database

# PostgreSQL refuses NUL in text where SQLite stores it: each database meets hostile input.
pytestmark = pytest.mark.both_databases

CHECKS = ("not_a_server_error,status_code_conformance,content_type_conformance,"
          "response_schema_conformance")
SEED = "20261123"  # a fixed seed: a CI run fails for the code, not for the draw


@pytest.fixture
def fuzz_api(stack: Stack, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """(base URL, API key) of an API no worker delivers for."""
    db_url = own_database(stack.db_url, tmp_path)
    upgrade(db_url)
    engine = make_engine(db_url)
    with Session(engine, expire_on_commit=False) as session:
        org = committed(session, accounts.create_org, "fuzz")
        env = committed(session, accounts.create_env, org.id, "development", "development")
        _record, key = committed(session, accounts.create_key, env.id)
    engine.dispose()
    proc, base_url = stack.start_api(HOOKLINE_DATABASE_URL=db_url,
                                     HOOKLINE_TASK_QUEUE="fuzz-no-worker",
                                     HOOKLINE_DEFAULT_RPS="100000")
    yield base_url, key
    stop(proc)


def test_schemathesis_finds_no_failure(fuzz_api: tuple[str, str], tmp_path: Path) -> None:
    base_url, key = fuzz_api
    st = Path(sys.executable).parent / "st"
    run = subprocess.run(
        [str(st), "run", f"{base_url}/openapi.json", "--header", f"Authorization: Bearer {key}",
         "--checks", CHECKS, "--max-examples", "25", "--seed", SEED,
         # One worker: with two, CPython 3.11's ast.parse (Hypothesis describing a filter)
         # can fail with "AST constructor recursion depth mismatch" in a thread, a fuzzer
         # error that says nothing of the API (seen in two runs of four).
         "--generation-database", "none", "--workers", "1", "--no-color",
         "--exclude-path-regex", r"^/v1/endpoints/\{[^}]+\}/test$",
         "--report-dir", str(tmp_path / "report")],
        capture_output=True, text=True, timeout=600, check=False)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output[-12000:]
    assert " passed" in output and "API Operations" in output, output[-4000:]
