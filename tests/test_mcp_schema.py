"""The MCP servers' tools take the API's own Literals: `typing` caches `X | None` by
equality, which a Literal's is whatever its order, so a tool declaring a copy in another
order, made first in a process (the API's lifespan builds the servers), reordered the
API's OpenAPI enums in that process (a `test_clients` failure that came and went)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = """
import json
from api.main import create_app
from api import mcp
mcp._built(create_app())  # the servers and their tools, as the API's lifespan makes them
committed = json.loads(open("openapi.json").read())
print("same" if create_app().openapi() == committed else "changed")
"""


def test_building_the_mcp_servers_leaves_the_apis_openapi_as_it_is() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "same"
