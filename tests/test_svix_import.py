"""`hookline import svix` (issue 51): what a Svix server holds, copied through Svix's API
into another environment's. The source here is Hookline's own /api/v1 in one environment
(no Svix server runs on this machine; the command reads only what Svix's openapi.json
documents), the target another environment of the same API. The CLI runs as a user runs it;
the API in-process on each database (api tier)."""

from __future__ import annotations

import base64
import subprocess
import sys
from pathlib import Path

from svix.api import (
    ApplicationIn,
    EndpointIn,
    EventTypeIn,
    Svix,
)

from tests.support import svix_sdk
from tests.support.in_process import in_process_stack
from tests.support.signatures import SVIX_KEY, SVIX_PUBLIC_KEY
from tests.support.stack import Stack, Tenant
from tests.support.svix_sdk import sdk

stack = in_process_stack()
seen, ledger, svix, http = svix_sdk.fixtures()
ROOT = Path(__file__).resolve().parent.parent
URL = "http://127.0.0.1:9/hooks"
SECRET = "whsec_" + base64.b64encode(b"k" * 32).decode()
SCHEMA = {"type": "object", "properties": {"email": {"type": "string"}}}


def _import(stack: Stack, source: Tenant, target: Tenant) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cli", "import", "svix", "--from", stack.base_url,
         "--from-token", source.key, "--to", stack.base_url, "--to-key", target.key],
        cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_import_copies_types_applications_and_endpoints_once(
        svix: Svix, stack: Stack, tenant: Tenant, seen: set[tuple[str, str]]) -> None:
    svix.event_type.create(EventTypeIn(name="user.signup", description="signed up",
                                       schemas={"1": SCHEMA}))
    svix.event_type.create(EventTypeIn(name="invoice.paid", description="paid"))
    named = svix.application.create(ApplicationIn(name="Acme", uid="acme",
                                                  metadata={"tier": "gold"}))
    unnamed = svix.application.create(ApplicationIn(name="No uid"))
    svix.endpoint.create("acme", EndpointIn(
        url=URL + "/a", uid="main", secret=SECRET, event_types=["user.signup"],
        channels=["eu"], throttle_rate=5, metadata={"k": "v"},
        headers={"X-Team": "blue", "Authorization": "Bearer hidden"}))
    svix.endpoint.create("acme", EndpointIn(url=URL + "/c"))  # no uid: known by its URL
    svix.endpoint.create("acme", EndpointIn(url=URL + "/d", uid="signed", secret=SVIX_KEY))
    svix.endpoint.create(unnamed.id, EndpointIn(url=URL + "/b", disabled=True))

    target = stack.tenant()
    done = _import(stack, tenant, target)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "header Authorization is not copied" in done.stdout, done.stdout
    ours = sdk(stack, target.key, seen)
    assert sorted(t.name for t in ours.event_type.list().data) == ["invoice.paid",
                                                                   "user.signup"]
    assert ours.event_type.get("user.signup").schemas == {"1": SCHEMA}
    # An application without a uid takes its Svix id (`app_…`) as one, so that code naming
    # it by that id keeps working; a Hookline id (`csm_…`) cannot be a uid: it has none.
    apps = {a.name: a for a in ours.application.list().data}
    assert (apps["Acme"].uid, apps["No uid"].uid) == ("acme", None)
    assert apps["Acme"].metadata == named.metadata and apps["Acme"].id != named.id
    [main] = [e for e in ours.endpoint.list("acme").data if e.uid == "main"]
    assert (main.url, main.uid, main.event_types, main.channels, main.throttle_rate,
            main.metadata) == (URL + "/a", "main", ["user.signup"], ["eu"], 5, {"k": "v"})
    assert ours.endpoint.get_secret("acme", main.id).key == SECRET
    headers = ours.endpoint.get_headers("acme", main.id)
    assert (headers.headers, headers.sensitive) == ({"X-Team": "blue"}, [])
    # An asymmetric endpoint's signing key cannot be read: a new one, named with its
    # public key in the report.
    [signed] = [e for e in ours.endpoint.list("acme").data if e.uid == "signed"]
    public_key = ours.endpoint.get_secret("acme", signed.id).key
    assert public_key.startswith("whpk_") and public_key != SVIX_PUBLIC_KEY
    assert f"signs v1a with a new key (Svix never shows its signing key): give its " \
           f"receivers the public key {public_key}" in done.stdout, done.stdout
    [other] = ours.endpoint.list(apps["No uid"].id).data
    assert other.disabled is True

    again = _import(stack, tenant, target)  # what it has already is left alone
    assert again.returncode == 0, again.stdout + again.stderr
    assert "event type user.signup: exists" in again.stdout, again.stdout
    assert "application acme: exists" in again.stdout
    assert "of acme: exists" in again.stdout
    assert sorted(e.url for e in ours.endpoint.list("acme").data) == [URL + "/a", URL + "/c",
                                                                      URL + "/d"]
    target.client.close()
