"""`hookline temporal-server`: a real Temporal server (not the dev server) on PostgreSQL.

It is the path past one machine, runnable here: Temporal's own SQL tool creates and migrates
the persistence and visibility schemas, a config file is written (PostgreSQL for both
stores, `numHistoryShards` as asked, every service in one process on consecutive ports),
the server starts, and the namespace, its retention and Hookline's search attributes are
registered. Hookline's API and workers then only need `HOOKLINE_TEMPORAL_ADDRESS`.

The binaries are `temporal-server` and `temporal-sql-tool`, built by `make tools-cluster`
(`go install go.temporal.io/server/cmd/server@v1.30.4` and `.../cmd/tools/sql@v1.30.4`)."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

from sqlalchemy.engine import make_url
from temporalio.api.workflowservice.v1 import (
    DescribeNamespaceRequest,
)
from temporalio.client import Client

from hookline.process import stop_on_signal
from hookline.settings import get_settings
from hookline.temporal import CLUSTER_CONFIG, connect, ensure_namespace, ensure_search_attributes

REPO = Path(__file__).resolve().parents[1]
STORES = {"default": "temporal", "visibility": "temporal_visibility"}


@dataclass(frozen=True)
class ClusterOptions:
    postgres_url: str  # any SQLAlchemy or libpq-style URL; its database is not used
    folder: Path  # where the config, dynamic config and log go
    ip: str = "127.0.0.1"
    # The frontend's gRPC port; the services take the next eight (ten with a JWT
    # authorizer's internal frontend). Temporal stores membership ports as a PostgreSQL
    # smallint, so all must be below 32768.
    port: int = 7233
    shards: int = 4
    namespace: str = "default"
    retention: timedelta = timedelta(days=7)
    metrics_port: int | None = None
    database_prefix: str = ""  # several clusters on one PostgreSQL: temporal_<prefix>...
    security: ServerSecurity | None = None  # TLS on the frontend, and who may call it


@dataclass(frozen=True)
class ServerSecurity:
    """The frontend over TLS with this certificate; with `client_ca`, mTLS: only clients
    whose certificate it signed (requireClientAuth); with `jwks_url`, every call needs a
    JWT signed by one of its keys (Temporal's default authorizer and claim mapper). The
    system worker then reaches the services through the internal frontend, which needs
    neither."""

    cert: Path
    key: Path
    client_ca: Path | None = None
    jwks_url: str | None = None


LAST_PORT = 32767


def binary(name: str) -> str:
    found = shutil.which(name)
    local = REPO / ".tools" / "bin" / name
    if found:
        return found
    if local.exists():
        return str(local)
    raise FileNotFoundError(f"{name} not found: run `make tools-cluster` (needs Go)")


def database_names(options: ClusterOptions) -> dict[str, str]:
    prefix = f"{options.database_prefix}_" if options.database_prefix else ""
    return {store: prefix + name for store, name in STORES.items()}


def migrate(options: ClusterOptions) -> None:
    """Create both databases if missing and bring their schemas to the server's version.
    Safe to run again: an existing database and an up-to-date schema are left as they are."""
    url = make_url(options.postgres_url)
    base = [binary("temporal-sql-tool"), "--plugin", "postgres12",
            "--ep", url.host or "127.0.0.1", "-p", str(url.port or 5432),
            "-u", url.username or "postgres", "--pw", url.password or ""]
    for store, database in database_names(options).items():
        schema = "temporal" if store == "default" else "visibility"
        db = [*base, "--db", database]
        created = subprocess.run([*db, "create-database", "--defaultdb", "postgres"],
                                 capture_output=True, text=True)
        if created.returncode and "already exists" not in created.stdout + created.stderr:
            raise RuntimeError(f"creating {database}: {created.stdout}{created.stderr}")
        if created.returncode == 0:
            _run([*db, "setup-schema", "-v", "0.0"])
        _run([*db, "update-schema", "--schema-name", f"postgresql/v12/{schema}"])


def _run(args: list[str]) -> None:
    done = subprocess.run(args, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"{' '.join(args[:1] + args[-3:])}: {done.stdout}{done.stderr}")


def _store(options: ClusterOptions, database: str, connections: int) -> dict[str, object]:
    url = make_url(options.postgres_url)
    return {"sql": {
        "pluginName": "postgres12", "databaseName": database,
        "connectAddr": f"{url.host or '127.0.0.1'}:{url.port or 5432}",
        "connectProtocol": "tcp", "user": url.username or "postgres",
        "password": url.password or "", "maxConns": connections,
        "maxIdleConns": connections, "maxConnLifetime": "1h"}}


def server_config(options: ClusterOptions, dynamic_config: Path) -> dict[str, object]:
    """The server's config, as Temporal's `config/development-postgres12.yaml` lays it out."""
    names = database_names(options)
    services = {}
    names_in_order = service_names(options)
    for offset, service in enumerate(names_in_order):
        rpc: dict[str, object] = {"grpcPort": options.port + 2 * offset,
                                  "membershipPort": options.port + 2 * offset + 1,
                                  "bindOnIP": options.ip}
        if service == "frontend":  # after every service's two ports
            rpc["httpPort"] = options.port + 2 * len(names_in_order)
        services[service] = {"rpc": rpc}
    global_config: dict[str, object] = {
        "membership": {"maxJoinDuration": "30s", "broadcastAddress": options.ip}}
    if options.security is not None:
        global_config.update(_security(options.security))
    if options.metrics_port:
        global_config["metrics"] = {"prometheus": {
            "framework": "tally", "timerType": "histogram",
            "listenAddress": f"{options.ip}:{options.metrics_port}"}}
    return {
        "log": {"stdout": True, "level": "warn"},
        "persistence": {
            "defaultStore": "postgres-default", "visibilityStore": "postgres-visibility",
            "numHistoryShards": options.shards,
            "datastores": {"postgres-default": _store(options, names["default"], 20),
                           "postgres-visibility": _store(options, names["visibility"], 4)}},
        "global": global_config,
        "services": services,
        "clusterMetadata": {
            "enableGlobalNamespace": False, "failoverVersionIncrement": 10,
            "masterClusterName": "active", "currentClusterName": "active",
            "clusterInformation": {"active": {
                "enabled": True, "initialFailoverVersion": 1, "rpcName": "frontend",
                "rpcAddress": f"{options.ip}:{options.port}"}}},
        "dcRedirectionPolicy": {"policy": "noop"},
        "dynamicConfigClient": {"filepath": str(dynamic_config), "pollInterval": "10s"},
    }


def service_names(options: ClusterOptions) -> tuple[str, ...]:
    """The services, in port order: with a JWT authorizer, an internal frontend too, for
    Temporal's own system worker (it carries no token)."""
    internal = ("internal-frontend",) if options.security and options.security.jwks_url else ()
    return ("frontend", "history", "matching", "worker", *internal)


def _security(security: ServerSecurity) -> dict[str, object]:
    """`global.tls` and `global.authorization` of the server's config."""
    server: dict[str, object] = {"certFile": str(security.cert), "keyFile": str(security.key)}
    trusted = [str(security.client_ca)] if security.client_ca else []
    if security.client_ca:
        server.update(requireClientAuth=True, clientCaFiles=trusted)
    client = {"serverName": "localhost", "rootCaFiles": trusted}
    found: dict[str, object] = {"tls": {
        "frontend": {"server": server, "client": client},
        # The system worker (Schedules, among others) calls the frontend as a client.
        "systemWorker": {"certFile": str(security.cert), "keyFile": str(security.key),
                         "client": client}}}
    if security.jwks_url:
        found["authorization"] = {
            "jwtKeyProvider": {"keySourceURIs": [security.jwks_url], "refreshInterval": "1m"},
            "permissionsClaimName": "permissions", "authorizer": "default",
            "claimMapper": "default"}
    return found


def dynamic_config() -> dict[str, object]:
    return {key: [{"value": value, "constraints": {}}] for key, value in CLUSTER_CONFIG.items()}


def write_config(options: ClusterOptions) -> Path:
    """Writes the config and the dynamic config into the folder; returns the config file.
    JSON is YAML, so no YAML library is needed to write them."""
    options.folder.mkdir(parents=True, exist_ok=True)
    dynamic = options.folder / "dynamicconfig.yaml"
    dynamic.write_text(json.dumps(dynamic_config(), indent=2))
    config = options.folder / "config.yaml"
    config.write_text(json.dumps(server_config(options, dynamic), indent=2))
    return config


def start(options: ClusterOptions, config: Path) -> subprocess.Popen[bytes]:
    log = (options.folder / "temporal-server.log").open("ab")
    services = [f for name in service_names(options) for f in ("--service", name)]
    return subprocess.Popen([binary("temporal-server"), "--config-file", str(config),
                             "--allow-no-auth", "start", *services], stdout=log,
                            stderr=subprocess.STDOUT)


async def register(options: ClusterOptions, wait: float = 90) -> None:
    """Once the frontend answers: the namespace with its retention, and our search
    attributes. A namespace that exists gets the retention set again. A secured server is
    reached as Hookline reaches it: with the HOOKLINE_TEMPORAL_TLS* and API-key settings."""
    settings = get_settings().model_copy(update={
        "temporal_address": f"{options.ip}:{options.port}",
        "temporal_namespace": options.namespace})
    deadline = time.monotonic() + wait
    while True:
        try:
            client = await connect(settings)
            await _ensure_namespace(client, options)
            await ensure_search_attributes(client, options.namespace)
            return
        except Exception:
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(1)


async def _ensure_namespace(client: Client, options: ClusterOptions) -> None:
    await ensure_namespace(client, options.namespace, options.retention)
    # The frontend serves a new namespace once its cache refreshes (up to 10 s).
    await client.workflow_service.describe_namespace(
        DescribeNamespaceRequest(namespace=options.namespace))


def run(options: ClusterOptions) -> int:
    """The whole sequence in the foreground, until SIGTERM or Ctrl-C stops the server."""
    stopping = stop_on_signal()
    last = options.port + 2 * len(service_names(options))
    if last > LAST_PORT:
        print(f"hookline: --port must be at most {options.port - last + LAST_PORT}: Temporal "
              "keeps its services' ports in a smallint column", file=sys.stderr)
        return 2
    try:
        migrate(options)
    except (RuntimeError, FileNotFoundError) as exc:
        print(f"hookline: {exc}", file=sys.stderr)
        return 1
    config = write_config(options)
    server = start(options, config)
    try:
        asyncio.run(register(options))
        print(f"Temporal server up at {options.ip}:{options.port} ({options.shards} history "
              f"shards, namespace {options.namespace!r}); config {config}, log "
              f"{options.folder / 'temporal-server.log'}", flush=True)
        while not stopping.is_set() and server.poll() is None:
            time.sleep(0.3)
        return 0 if stopping.is_set() else 1
    except Exception as exc:
        print(f"hookline: the Temporal server did not come up: {exc}", file=sys.stderr)
        return 1
    finally:
        if server.poll() is None:
            server.terminate()
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
