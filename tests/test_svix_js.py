"""Issue 51: Svix's JavaScript SDK (svix 2.5.0 from npm, unchanged) does a Svix user's
everyday flow against a real stack, on SQLite and PostgreSQL: tests/svix_js/flow.mjs
(application, event type, endpoint to its own loopback receiver, secret, messages with one
eventId twice, each request verified with the SDK's Webhook, attempts by message and by
endpoint, rotation, recover, the portal's link opened, pages, a 404 and a 422 as its
ApiException). `make test` installs the SDK (tests/svix_js/package-lock.json)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.support.stack import Stack, Tenant

pytestmark = pytest.mark.both_databases
FLOW = Path(__file__).parent / "svix_js" / "flow.mjs"


def test_the_svix_js_sdk_does_a_users_flow(stack: Stack, tenant: Tenant) -> None:
    if not (FLOW.parent / "node_modules" / ".installed").exists():
        pytest.fail("tests/svix_js/node_modules is not installed: run `make test`")
    done = subprocess.run(["node", str(FLOW)], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "SVIX_SERVER_URL": stack.base_url,
                               "SVIX_TOKEN": tenant.key})
    print(done.stdout)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == "flow done"
