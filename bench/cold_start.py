"""Issue 68's first target: a cold clone to the first verified webhook, as a new user does it
from the README, timed by phase:

  python -m bench.cold_start                 # clones this repository's HEAD

- `clone`: `git clone` of HEAD into a new folder;
- `make_run_up`: `make run` (with loopback allowed, as the README's first session says)
  until it prints "Hookline is up", with empty pip, Go and npm caches of its own and no
  Temporal CLI on PATH, so that everything the README lists as set-up happens;
- `first_webhook`: the README's first session through the API (a consumer, an event type,
  an endpoint at a loopback receiver, one event) until the webhook arrives and verifies
  with Standard Webhooks' own verifier;
- `warm_restart`: Ctrl-C, then `make run` again until "Hookline is up".

What the machine already had counts as it would for a user who followed the README's list
(Python, Go, Node.js, g++, make). Figures print as one JSON object."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from standardwebhooks.webhooks import Webhook

from tests.support.receiver import Receiver

REPO = Path(__file__).resolve().parents[1]
UP = "Hookline is up."


def main() -> None:
    root = Path(tempfile.mkdtemp(prefix="hookline-cold-"))
    figures: dict[str, Any] = {}
    started = time.monotonic()
    subprocess.run(["git", "clone", "-q", str(REPO), str(root / "hookline")], check=True)
    figures["clone_s"] = round(time.monotonic() - started, 1)
    clone = root / "hookline"
    env = _cold_env(root)
    receiver = Receiver()
    run, output = _make_run(clone, env, root / "run.log")
    try:
        figures["make_run_up_s"] = round(_wait_up(run, root / "run.log") - started, 1)
        key = re.search(r"API key \(shown once\): (hk_\S+)", output.read_text()).group(1)  # type: ignore[union-attr]
        figures["first_webhook_s"] = round(_first_webhook(key, receiver) - started, 1)
    finally:
        _stop(run)
    restarted = time.monotonic()
    run, _ = _make_run(clone, env, root / "restart.log")
    try:
        figures["warm_restart_s"] = round(_wait_up(run, root / "restart.log") - restarted, 1)
    finally:
        _stop(run)
        receiver.close()
    print(json.dumps(figures, indent=2))
    print(f"logs: {root}")


def _cold_env(root: Path) -> dict[str, str]:
    """The user's environment, with caches of its own (empty) and no Temporal CLI on PATH."""
    path = [p for p in os.environ["PATH"].split(os.pathsep)
            if not (Path(p) / "temporal").exists() and ".venv" not in p]
    return {**{k: v for k, v in os.environ.items() if not k.startswith("HOOKLINE_")},
            "PATH": os.pathsep.join(path), "PIP_CACHE_DIR": str(root / "pip-cache"),
            "GOCACHE": str(root / "go-cache"), "GOMODCACHE": str(root / "go-mod"),
            "npm_config_cache": str(root / "npm-cache"),
            "HOOKLINE_ALLOWED_SUBNETS": "127.0.0.0/8,::1/128", "HOOKLINE_ALLOWED_PORTS": "*"}


def _make_run(clone: Path, env: dict[str, str], log: Path
              ) -> tuple[subprocess.Popen[bytes], Path]:
    out = log.open("wb")
    return subprocess.Popen(["make", "run"], cwd=clone, env=env, stdout=out,
                            stderr=subprocess.STDOUT, start_new_session=True), log


def _wait_up(run: subprocess.Popen[bytes], log: Path, timeout: float = 1800) -> float:
    deadline = time.monotonic() + timeout
    while UP not in log.read_text(errors="replace"):
        if run.poll() is not None:
            raise RuntimeError(f"make run ended: {log.read_text(errors='replace')[-2000:]}")
        if time.monotonic() > deadline:
            raise TimeoutError("make run never said it was up")
        time.sleep(0.2)
    return time.monotonic()


def _first_webhook(key: str, receiver: Receiver) -> float:
    api = httpx.Client(base_url="http://127.0.0.1:8000", timeout=30,
                       headers={"Authorization": f"Bearer {key}"})
    api.post("/v1/consumers", json={"externalId": "acme", "name": "Acme Inc."})
    api.post("/v1/event-types", json={"name": "invoice.paid"})
    endpoint = api.post("/v1/endpoints", json={"consumer": "acme",
                                               "url": receiver.url("/ok/first")}).json()
    api.post("/v1/events", json={"type": "invoice.paid", "consumer": "acme",
                                 "data": {"invoice": "in_1"}})
    deadline = time.monotonic() + 120
    while not receiver.at("/ok/first"):
        assert time.monotonic() < deadline, "the first webhook never arrived"
        time.sleep(0.05)
    arrived = time.monotonic()
    [request] = receiver.at("/ok/first")
    Webhook(endpoint["secret"]).verify(request.body, request.headers)
    return arrived


def _stop(run: subprocess.Popen[bytes]) -> None:
    if run.poll() is None:
        os.killpg(run.pid, signal.SIGINT)
        try:
            run.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()


if __name__ == "__main__":
    main()
