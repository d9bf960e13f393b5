"""The payload schemas' format checks (`hookline/payload_schemas.py`): jsonschema's own, with
the two IRI checks loading rfc3987-syntax on first use instead of in every process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from hookline import payload_schemas

SAMPLES = ["http://example.com/ü", "not an iri ::", "/a b", "mailto:x@y", "", " ",
           "http://[::1]/", "a:b", 5, "%zz", "http://example.com/%41", "urn:isbn:123",
           "//host/path?q#f"]
STOCK = """
import json, sys
from jsonschema import Draft202012Validator
check = Draft202012Validator.FORMAT_CHECKER
print(json.dumps([[check.conforms(s, f) for f in ("iri", "iri-reference")]
                  for s in json.loads(sys.argv[1])]))
"""


def _python(code: str, *args: str) -> str:
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          check=True).stdout


def test_the_iri_formats_answer_as_jsonschemas_own() -> None:
    stock = json.loads(_python(STOCK, json.dumps(SAMPLES)))
    ours = [[payload_schemas.FORMATS.conforms(s, f) for f in ("iri", "iri-reference")]
            for s in SAMPLES]
    assert ours == stock
    assert [False, False] in ours and [True, True] in ours


def test_a_payload_is_checked_against_an_iri_format() -> None:
    schema = {"type": "object", "properties": {"home": {"type": "string", "format": "iri"}}}
    assert payload_schemas.violations_of(schema, {"home": "https://例え.jp/ü"}) == []
    assert [v.pointer for v in payload_schemas.violations_of(schema, {"home": "not an iri"})] \
        == ["/home"]


def test_the_api_and_the_worker_start_without_building_the_iri_parser() -> None:
    loaded = _python("import sys, api.main, worker; print('rfc3987_syntax' in sys.modules)")
    assert loaded.strip() == "False"


WARMED = """
import asyncio, sys, threading
from api.main import create_app

async def main() -> None:
    app = create_app()
    async with app.router.lifespan_context(app):
        for thread in threading.enumerate():
            if thread.name == "iri-parser":
                thread.join(30)
        print("rfc3987_syntax" in sys.modules)

asyncio.run(main())
"""


def test_the_api_builds_the_iri_parser_as_it_starts_not_on_a_tenants_first_check(
        tmp_path: Path) -> None:
    """A tenant's first IRI check would otherwise stall, for about 2 s, every publish
    batched with it."""
    env = {**os.environ, "HOOKLINE_DATABASE_URL": f"sqlite:///{tmp_path / 'h.db'}",
           "HOOKLINE_TEMPORAL_ADDRESS": "127.0.0.1:9"}
    started = subprocess.run([sys.executable, "-c", WARMED], capture_output=True, text=True,
                             check=True, env=env, cwd=Path(__file__).resolve().parent.parent)
    assert started.stdout.strip().splitlines()[-1] == "True"
