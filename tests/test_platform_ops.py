"""Issue 2: the operator's side: CLI commands, the shared rate limit, readiness and recovery."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from hookline.persistence.migrations import upgrade
from hookline.settings import Settings
from tests.conftest import start_temporal
from tests.support.postgres import throwaway_postgres
from tests.support.procs import free_port, hookline, stop
from tests.support.stack import Stack
from tests.test_platform_http import assert_problem


def cli(stack: Stack, *args: str) -> dict:
    done = subprocess.run(hookline(*args, "--json"), capture_output=True, text=True,
                          env={**os.environ, **stack.settings_env()}, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_cli_creates_org_env_key_and_plan(stack: Stack) -> None:
    name = f"acme-{free_port()}"
    org = cli(stack, "org", "create", name)
    assert org["id"].startswith("org_")
    env = cli(stack, "env", "create", "--org", name, "live", "--kind", "production")
    assert env["id"].startswith("env_") and env["kind"] == "production"
    key = cli(stack, "key", "create", "--env", env["id"])
    assert key["id"].startswith("key_") and key["key"].startswith("hk_")
    plan = cli(stack, "plan", "set", "--org", org["id"], "--rps", "7", "--monthly-events", "9",
               "--max-sources", "3")
    assert (plan["rps"], plan["monthlyEvents"], plan["maxSources"]) == (7, 9, 3)
    client = httpx.Client(base_url=stack.base_url,
                          headers={"Authorization": f"Bearer {key['key']}"})
    assert client.get("/v1/consumers").status_code == 200
    assert client.get("/v1/consumers").headers["ratelimit-limit"] == "7"
    bad = subprocess.run(hookline("env", "create", "--org", name, "x", "--kind", "staging"),
                         capture_output=True, text=True, env=stack.settings_env(), check=False)
    assert bad.returncode == 1 and "production or development" in bad.stderr


def test_cli_lists_orgs_envs_keys_and_shows_plans(stack: Stack) -> None:
    """Issue 23: what `plan set --org` and `key revoke` need, without SQL; never a key."""
    name = f"lister-{free_port()}"
    org = cli(stack, "org", "create", name)
    assert {"id": org["id"], "name": name}.items() <= next(
        o for o in cli(stack, "org", "list")["items"] if o["id"] == org["id"]).items()
    live = cli(stack, "env", "create", "--org", name, "live", "--kind", "production")
    test = cli(stack, "env", "create", "--org", org["id"], "test")
    envs = cli(stack, "env", "list", "--org", name)["items"]
    assert [(e["id"], e["name"], e["kind"]) for e in envs] == [
        (live["id"], "live", "production"), (test["id"], "test", "development")]
    assert {live["id"], test["id"]} <= {e["id"] for e in cli(stack, "env", "list")["items"]}
    key = cli(stack, "key", "create", "--env", live["id"])
    other = cli(stack, "key", "create", "--env", live["id"])
    subprocess.run(hookline("key", "revoke", other["id"]), env=stack.settings_env(),
                   check=True, capture_output=True)
    keys = cli(stack, "key", "list", "--env", live["id"])["items"]
    assert [k["id"] for k in keys] == [key["id"], other["id"]]
    assert keys[0]["hint"] == key["key"][:10] and keys[0]["lastUsedAt"] is None
    assert keys[0]["revokedAt"] is None and keys[1]["revokedAt"] is not None
    listed = subprocess.run(hookline("key", "list", "--env", live["id"]), text=True,
                            capture_output=True, env=stack.settings_env(), check=True).stdout
    assert key["id"] in listed and key["key"] not in listed
    assert key["key"] not in json.dumps(keys)
    client = httpx.Client(base_url=stack.base_url,
                          headers={"Authorization": f"Bearer {key['key']}"})
    assert client.get("/v1/consumers").status_code == 200
    used = cli(stack, "key", "list", "--env", live["id"])["items"][0]["lastUsedAt"]
    assert used is not None and used >= keys[0]["createdAt"]
    # The operational endpoints' hidden environment is not one to list.
    assert client.post("/v1/operational-endpoints", json={
        "url": "https://127.0.0.1:9/hooks"}).status_code == 201
    assert [e["id"] for e in cli(stack, "env", "list", "--org", name)["items"]] == [
        live["id"], test["id"]]
    defaults = Settings.model_fields
    assert cli(stack, "plan", "show", "--org", name) == {
        "org": org["id"], "rps": defaults["default_rps"].default,
        "monthlyEvents": defaults["default_monthly_events"].default,
        "maxSources": defaults["default_max_sources"].default, "weight": 1}
    cli(stack, "plan", "set", "--org", name, "--rps", "9")
    assert cli(stack, "plan", "show", "--org", org["id"])["rps"] == 9
    missing = subprocess.run(hookline("plan", "show", "--org", "no-such-org"), text=True,
                             capture_output=True, env=stack.settings_env(), check=False)
    assert missing.returncode == 1 and "not found" in missing.stderr


def test_the_cli_widens_an_environments_kinds_and_grants_the_instances_aws_identity(
        stack: Stack) -> None:
    """Issue 65: what a tenant's key cannot do (widen `targetKinds`, sign with the
    instance's AWS identity) the operator does with `hookline env update`."""
    every = ["http", "kafka", "amqp", "sqs", "sns", "eventbridge", "kinesis", "s3"]
    tenant = stack.tenant()
    sqs = {"consumer": "acme", "url": "sqs://us-east-1/orders"}
    try:
        tenant.client.post("/v1/consumers", json={"externalId": "acme", "name": "acme"})
        assert tenant.client.patch("/v1/environment", json={"targetKinds": ["http"]}
                                   ).json()["targetKinds"] == ["http"]
        assert_problem(tenant.client.patch("/v1/environment", json={"targetKinds": None}),
                       403)
        env = cli(stack, "env", "update", tenant.environment_id, "--every-target-kind",
                  "--instance-aws")
        assert (env["targetKinds"], env["instanceAws"]) == (every, True)
        assert tenant.client.get("/v1/environment").json()["targetKinds"] == every
        assert tenant.client.post("/v1/endpoints", json=sqs).status_code == 201
        env = cli(stack, "env", "update", tenant.environment_id, "--no-instance-aws",
                  "--target-kinds", "sqs,http")
        assert (env["targetKinds"], env["instanceAws"]) == (["http", "sqs"], False)
        assert_problem(tenant.client.post("/v1/endpoints", json=sqs), 422)
        for args in (["--target-kinds", "ftp"], ["--target-kinds", "http",
                                                  "--every-target-kind"]):
            refused = subprocess.run(hookline("env", "update", tenant.environment_id, *args),
                                     capture_output=True, text=True,
                                     env={**os.environ, **stack.settings_env()}, check=False)
            assert refused.returncode != 0 and refused.stderr, args
    finally:
        tenant.client.close()


def _burst(clients: list[httpx.Client], count: int) -> tuple[list[httpx.Response], bool]:
    """`count` requests alternating between API processes inside one wall-clock second."""
    while time.time() % 1 > 0.2:
        time.sleep(0.01)
    start = time.time()
    answers = [clients[i % len(clients)].get("/v1/consumers") for i in range(count)]
    return answers, int(time.time()) == int(start)


@pytest.mark.cluster
def test_rate_limit_is_shared_by_two_api_processes(stack: Stack) -> None:
    tenant = stack.tenant(base_url=stack.base_url)
    cli(stack, "plan", "set", "--org", tenant.org_id, "--rps", "4")
    # The cluster's stack runs two APIs already; on one machine, start a second.
    proc, second_url = (None, stack.api_urls[1]) if len(stack.api_urls) > 1 \
        else stack.start_api()
    second = httpx.Client(base_url=second_url, headers=tenant.client.headers)
    try:
        for _ in range(3):
            answers, one_window = _burst([tenant.client, second], 12)
            if one_window:
                break
        assert one_window, "could not fit the burst in one second"
        allowed = [r for r in answers if r.status_code == 200]
        limited = [r for r in answers if r.status_code == 429]
        assert len(allowed) == 4 and len(limited) == 8
        assert {r.request.url.port for r in allowed} == {tenant.client.base_url.port,
                                                         second.base_url.port}
        body = assert_problem(limited[0], 429)
        assert "4 requests per second" in body["detail"]
        retry_after = limited[0].headers["retry-after"]
        assert retry_after == "1"  # integer seconds to the next one-second window
        assert allowed[-1].headers["ratelimit-remaining"] == "0"
        assert limited[0].headers["ratelimit-limit"] == "4"
    finally:
        if proc is not None:
            stop(proc)


def _spawned_workers(pid: int) -> list[int]:
    found = []
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        with contextlib.suppress(FileNotFoundError):
            if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                found.append(int(child))
    return found


def _serving(url: str) -> bool:
    try:
        httpx.get(url + "/healthz", timeout=2)
    except httpx.TransportError:
        return False
    return True


def test_api_workers_share_one_port_and_die_with_their_parent(stack: Stack) -> None:
    tenant = stack.tenant()
    proc, url = stack.start_api(HOOKLINE_API_WORKERS="2")
    try:
        deadline = time.monotonic() + 30
        while len(workers := _spawned_workers(proc.pid)) < 2:
            assert time.monotonic() < deadline, workers
            time.sleep(0.2)
        assert len(workers) == 2
        with httpx.Client(base_url=url, headers=tenant.client.headers) as client:
            assert {client.get("/v1/consumers").status_code for _ in range(20)} == {200}
        proc.kill()  # no chance to stop its workers: they must stop themselves
        proc.wait()
        deadline = time.monotonic() + 20
        while _serving(url):
            assert time.monotonic() < deadline, "the workers outlived their parent"
            time.sleep(0.2)
    finally:
        stop(proc)


def _ready(url: str) -> httpx.Response:
    return httpx.get(url + "/readyz", timeout=10)


def _wait_ready(url: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while _ready(url).status_code != 200:
        assert time.monotonic() < deadline, _ready(url).text
        time.sleep(0.3)


def test_temporal_down_is_reported_and_recovered(stack: Stack, tmp_path) -> None:
    """Issue 48: the API is ready while its database answers (publishes never need
    Temporal); Temporal's state is a check in the body, and 503 only when asked for."""
    port = free_port()
    proc, url = stack.start_api(HOOKLINE_TEMPORAL_ADDRESS=f"127.0.0.1:{port}")
    strict, strict_url = stack.start_api(HOOKLINE_TEMPORAL_ADDRESS=f"127.0.0.1:{port}",
                                         HOOKLINE_READY_REQUIRES_TEMPORAL="true")
    try:
        down = _ready(url)
        assert down.status_code == 200
        assert down.json()["checks"] == {"database": "ok", "temporal": "unavailable"}
        body = assert_problem(_ready(strict_url), 503)
        assert body["checks"] == {"database": "ok", "temporal": "unavailable"}
        assert "temporal" in body["detail"]
        temporal, _ = start_temporal(tmp_path, port=port)
        try:
            _wait_ready(strict_url)
            assert _ready(url).json()["checks"] == {"database": "ok", "temporal": "ok"}
        finally:
            stop(temporal)  # type: ignore[arg-type]
    finally:
        stop(proc)
        stop(strict)


def test_database_down_is_503_and_recovered(temporal: str, tmp_path: Path) -> None:
    port = free_port()
    dead = f"postgresql+psycopg://hookline@127.0.0.1:{port}/hookline"
    # Its own API on a database that is not there yet; no shared stack needed.
    lone = Stack(name="dbdown", db_url=dead, engine=None, temporal_address=temporal,  # type: ignore[arg-type]
                 folder=tmp_path)
    proc, url = lone.start_api()
    try:
        body = assert_problem(_ready(url), 503)
        assert body["checks"]["database"] == "unavailable"
        answer = httpx.get(url + "/v1/consumers", headers={"Authorization": "Bearer hk_x"})
        assert_problem(answer, 503)
        with throwaway_postgres(port) as live:
            upgrade(live)
            _wait_ready(url)
            assert_problem(httpx.get(url + "/v1/consumers",
                                     headers={"Authorization": "Bearer hk_x"}), 401)
    finally:
        stop(proc)


def test_a_plan_weighs_an_organization_beside_others(stack: Stack) -> None:
    """Issue 64: `plan set --weight N` (1 by default, 1 to 1000) is the organization's share
    of the delivery engine beside others with work waiting; a bad weight changes nothing."""
    org = cli(stack, "org", "create", f"weighed-{free_port()}")
    assert cli(stack, "plan", "show", "--org", org["id"])["weight"] == 1
    assert cli(stack, "plan", "set", "--org", org["id"], "--weight", "3")["weight"] == 3
    for bad in ("0", "1001"):
        done = subprocess.run(hookline("plan", "set", "--org", org["id"], "--weight", bad),
                              capture_output=True, text=True, env=stack.settings_env(),
                              check=False)
        assert done.returncode == 1 and "weight: must be from 1 to 1000" in done.stderr
    assert cli(stack, "plan", "show", "--org", org["id"])["weight"] == 3
