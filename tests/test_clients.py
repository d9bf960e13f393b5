"""Issue 37: the committed OpenAPI document and both generated clients are what the code and
the generators make of it now (a route cannot change without `make clients`), and each
client drives a real API: a consumer, an event type and an endpoint, a publish with an
idempotency key, the Deliveries, and a 409 and a 422 read as typed problems. Issue 50: the
TypeScript client's built dist/ is committed (a checkout installs as it is) and compared
too, and both clients' versions are the API's."""

from __future__ import annotations

import filecmp
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from hookline_client import AuthenticatedClient
from hookline_client.api.consumers import create_consumer
from hookline_client.api.deliveries import get_delivery, list_deliveries
from hookline_client.api.endpoints import create_endpoint
from hookline_client.api.event_types import create_event_type
from hookline_client.api.events import list_event_deliveries, publish_event
from hookline_client.models import (
    ConsumerIn,
    EndpointCreated,
    EndpointIn,
    EventOut,
    EventTypeIn,
    PageDeliveryOut,
    Problem,
    PublishIn,
    PublishInData,
)

from api.main import create_app
from hookline import __version__
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant

ROOT = Path(__file__).resolve().parent.parent
CLIENTS = ROOT / "clients"
GENERATOR = ROOT / ".tools" / "codegen" / "bin" / "openapi-python-client"
TYPESCRIPT = CLIENTS / "typescript"


def test_committed_openapi_document_is_the_apps() -> None:
    committed = json.loads((ROOT / "openapi.json").read_text())
    assert committed == create_app().openapi(), "run `make openapi` (or `make clients`)"


def _differences(left: Path, right: Path) -> list[str]:
    """Files that differ, or exist on one side only, between two trees (caches aside, and
    LICENSE, which `make clients` copies and tests/test_license.py compares)."""
    compared = filecmp.dircmp(left, right, ignore=["__pycache__", ".DS_Store", "LICENSE"])
    found = [
        str(Path(compared.left) / name)
        for name in (*compared.diff_files, *compared.left_only, *compared.right_only)
    ]
    for sub in compared.subdirs.values():
        found += _differences(Path(sub.left), Path(sub.right))
    return found


@pytest.mark.usefixtures("tool_codegen")
def test_python_client_is_generated_from_the_document(tmp_path: Path) -> None:
    assert GENERATOR.exists(), "the generator is installed by `make codegen`"
    out = tmp_path / "python"
    subprocess.run(
        [
            str(GENERATOR),
            "generate",
            "--path",
            str(ROOT / "openapi.json"),
            "--output-path",
            str(out),
            "--meta",
            "setup",
            "--config",
            str(CLIENTS / "python-client.yaml"),
            "--custom-template-path",
            str(CLIENTS / "python-templates"),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    committed = tmp_path / "committed"
    shutil.copytree(
        CLIENTS / "python", committed, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
    )
    assert _differences(committed, out) == [], "run `make clients` and commit the result"


@pytest.mark.usefixtures("tool_codegen")
def test_typescript_client_is_generated_and_built_from_the_document(tmp_path: Path) -> None:
    """dist/ as `make clients` makes it, in a copy: the schema's types, then the bundles
    (build.mjs, which type-checks first)."""
    shutil.copy(ROOT / "openapi.json", tmp_path / "openapi.json")
    package = tmp_path / "clients" / "typescript"
    shutil.copytree(
        TYPESCRIPT, package, ignore=shutil.ignore_patterns("node_modules", "dist", "schema.d.ts")
    )
    (package / "node_modules").symlink_to(TYPESCRIPT / "node_modules")
    done = subprocess.run(
        ["npm", "run", "--silent", "build"],
        cwd=package,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert _differences(TYPESCRIPT / "dist", package / "dist") == [], (
        "run `make clients` and commit the result"
    )


def test_each_clients_version_is_the_apis() -> None:
    """The generator takes the Python client's from openapi.json, `make clients` sets the
    TypeScript one's from it, and the document's is hookline.__version__; so is the image's
    that the Helm chart runs (appVersion; the chart's own `version` is its own)."""
    chart = yaml.safe_load((ROOT / "deploy" / "helm" / "hookline" / "Chart.yaml").read_text())
    assert chart["appVersion"] == __version__
    document = json.loads((ROOT / "openapi.json").read_text())
    setup = (CLIENTS / "python" / "setup.py").read_text()
    package = json.loads((TYPESCRIPT / "package.json").read_text())
    lock = json.loads((TYPESCRIPT / "package-lock.json").read_text())
    assert document["info"]["version"] == __version__
    assert re.findall(r'^    version="(.*)",$', setup, re.M) == [__version__]
    assert package["version"] == lock["version"] == lock["packages"][""]["version"] == __version__


def test_python_client_drives_the_api(stack: Stack, tenant: Tenant, receiver: Receiver) -> None:
    client = AuthenticatedClient(base_url=stack.base_url, token=tenant.key)
    consumer = create_consumer.sync(client=client, body=ConsumerIn(external_id="acme", name="Acme"))
    assert not isinstance(consumer, Problem) and consumer is not None
    assert create_event_type.sync(client=client, body=EventTypeIn(name="invoice.paid"))
    endpoint = create_endpoint.sync(
        client=client,
        body=EndpointIn(
            consumer="acme", url=receiver.url("/ok/python-client"), events=["invoice.paid"]
        ),
    )
    assert isinstance(endpoint, EndpointCreated) and endpoint.secret.startswith("whsec_")

    body = PublishIn(
        type_="invoice.paid",
        consumer="acme",
        data=PublishInData.from_dict({"invoice": "in_1", "amount": 420}),
    )
    event = publish_event.sync(client=client, body=body, idempotency_key="in_1-paid")
    assert isinstance(event, EventOut) and event.deliveries == 1
    again = publish_event.sync(client=client, body=body, idempotency_key="in_1-paid")
    assert isinstance(again, EventOut) and again.id == event.id

    page = list_event_deliveries.sync(client=client, event_id=event.id)
    assert isinstance(page, PageDeliveryOut) and len(page.items) == 1
    delivery = page.items[0]
    assert delivery.endpoint_id == endpoint.id
    assert get_delivery.sync(client=client, delivery_id=delivery.id).id == delivery.id
    receiver.wait(1, "/ok/python-client")
    listed = list_deliveries.sync(client=client, endpoint=endpoint.id)
    assert isinstance(listed, PageDeliveryOut) and [d.id for d in listed.items] == [delivery.id]

    conflict = create_consumer.sync(
        client=client, body=ConsumerIn(external_id="acme", name="Again")
    )
    assert isinstance(conflict, Problem)
    assert (conflict.status, conflict.title) == (409, "Conflict") and conflict.detail
    invalid = create_event_type.sync(client=client, body=EventTypeIn(name="not valid!"))
    assert isinstance(invalid, Problem) and invalid.status == 422 and invalid.type_


def test_typescript_client_drives_the_api(stack: Stack, tenant: Tenant, receiver: Receiver) -> None:
    """The committed dist/, as a checkout installs it: nothing in node_modules is needed."""
    env = {
        **os.environ,
        "HOOKLINE_API_URL": stack.base_url,
        "HOOKLINE_API_KEY": tenant.key,
        "HOOKLINE_RECEIVER_URL": receiver.url("/ok/typescript-client"),
    }
    done = subprocess.run(
        ["node", "--test", "test/"],
        cwd=TYPESCRIPT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "# pass 2" in done.stdout and "# fail 0" in done.stdout
