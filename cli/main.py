"""The `hookline` command: run the service, migrate, and manage organizations and keys."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import typer
import uvloop

from hookline.db import session_scope
from hookline.errors import DomainError
from hookline.models import Environment
from hookline.services import accounts
from hookline.settings import get_settings
from hookline.timeutil import iso

app = typer.Typer(help="Hookline: signed webhooks out, provider webhooks in.",
                  no_args_is_help=True, add_completion=False)
org_app = typer.Typer(help="Organizations.", no_args_is_help=True)
env_app = typer.Typer(help="Environments.", no_args_is_help=True)
key_app = typer.Typer(help="API keys.", no_args_is_help=True)
plan_app = typer.Typer(help="Plan limits.", no_args_is_help=True)
app.add_typer(org_app, name="org")
app.add_typer(env_app, name="env")
app.add_typer(key_app, name="key")
app.add_typer(plan_app, name="plan")

JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]


def _emit(as_json: bool, data: dict[str, Any], text: str) -> None:
    typer.echo(json.dumps(data) if as_json else text)


def _emit_list(as_json: bool, rows: list[dict[str, Any]], columns: list[str]) -> None:
    """A list command's answer: `{"items": [...]}` with --json, else one tab-separated line
    a row."""
    if as_json:
        typer.echo(json.dumps({"items": rows}))
        return
    for row in rows:
        typer.echo("\t".join("" if row[c] is None else str(row[c]) for c in columns))


@contextlib.contextmanager
def _told() -> Iterator[None]:
    """A refusal (not found, invalid, conflict) as one line on stderr, and exit status 1."""
    try:
        yield
    except DomainError as exc:
        typer.echo(f"error: {exc.detail or exc.title}", err=True)
        raise typer.Exit(1) from None


@app.command()
def up() -> None:
    """Run the whole stack on this machine: Temporal dev server, API and worker."""
    from cli.up import run_stack

    raise typer.Exit(run_stack(get_settings()))


@app.command()
def api(port: Annotated[int | None, typer.Option(help="Overrides HOOKLINE_API_PORT.")] = None
        ) -> None:
    """Serve the HTTP API."""
    import uvicorn

    s = get_settings()
    with contextlib.ExitStack() as stack:
        if s.api_workers > 1:
            # Several processes: prometheus_client's multiprocess mode, so that /metrics
            # answers for all of them. Each writes its files here (read when it imports
            # prometheus_client, so set before they start), in a fresh folder: files left
            # by an earlier run would count again.
            os.environ["PROMETHEUS_MULTIPROC_DIR"] = stack.enter_context(
                tempfile.TemporaryDirectory(prefix="hookline-metrics-"))
        uvicorn.run("api.main:create_app", factory=True, host=s.api_host,
                    port=port or s.api_port, log_level=s.log_level.lower(), access_log=False,
                    proxy_headers=False, workers=s.api_workers)


@app.command()
def worker() -> None:
    """Run a Temporal worker: delivery workflows, their activities and the reconciler."""
    from worker import main as worker_main

    # uvloop: the worker is an event loop of Temporal polls, HTTP attempts and thread
    # hand-offs; the bench's profile gave the default loop 14% of its samples.
    uvloop.run(worker_main(get_settings()))


@app.command()
def listen(
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 9000,
    host: Annotated[str, typer.Option(help="Address to bind; loopback by default.")
                    ] = "127.0.0.1",
    secret: Annotated[list[str] | None, typer.Option(
        envvar="HOOKLINE_LISTEN_SECRET", show_envvar=True,
        help="The endpoint's whsec_ secret, to verify signatures; repeat it during a "
             "rotation (space-separated in the variable).")] = None,
) -> None:
    """Receive webhooks on loopback and print each one, with its signature checked."""
    from cli.listen import load_secrets, serve

    try:
        webhooks = load_secrets(secret or [])
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--secret") from None
    try:
        serve(host, port, webhooks)
    except OSError as exc:
        typer.echo(f"error: cannot listen on {host}:{port}: {exc.strerror or exc}", err=True)
        raise typer.Exit(1) from None


@app.command()
def migrate() -> None:
    """Create or upgrade the database schema."""
    from hookline.migrations import upgrade

    upgrade(get_settings().database_url)
    typer.echo("database is up to date")


@app.command("temporal-server")
def temporal_server(
    postgres: Annotated[str, typer.Option(
        envvar="HOOKLINE_TEMPORAL_POSTGRES_URL", show_envvar=True,
        help="PostgreSQL server for Temporal's databases, e.g. "
             "postgresql://temporal:secret@db:5432/postgres (only host, port, user and "
             "password are used).")],
    folder: Annotated[Path, typer.Option("--dir", help="Config and log folder.")
                      ] = Path(".hookline/temporal-server"),
    ip: Annotated[str, typer.Option(help="Address every service binds.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Frontend gRPC port; the next 8 are taken too.")
                    ] = 7233,
    shards: Annotated[int, typer.Option(help="History shards (fixed for the cluster's life).",
                                        min=1)] = 4,
    namespace: Annotated[str, typer.Option(help="Namespace to register.")] = "default",
    retention: Annotated[str | None, typer.Option(
        help="How long Temporal keeps closed workflows' histories, e.g. 7d "
             "(default: HOOKLINE_TEMPORAL_RETENTION, 7d).")] = None,
    metrics_port: Annotated[int | None, typer.Option(help="Server's Prometheus port.")
                            ] = None,
    database_prefix: Annotated[str, typer.Option(
        help="Prefix of Temporal's database names, to share one PostgreSQL.")] = "",
) -> None:
    """Run a real Temporal server on PostgreSQL: migrate its schemas, write its config,
    start it, and register the namespace and Hookline's search attributes."""
    from datetime import timedelta

    from cli.temporal_server import ClusterOptions, run
    from hookline.settings import parse_duration

    try:
        kept = timedelta(seconds=parse_duration(retention or get_settings().temporal_retention))
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--retention") from None
    options = ClusterOptions(postgres_url=postgres, folder=folder.resolve(), ip=ip, port=port,
                             shards=shards, namespace=namespace, retention=kept,
                             metrics_port=metrics_port, database_prefix=database_prefix)
    raise typer.Exit(run(options))


@org_app.command("create")
def org_create(name: str, as_json: JsonOpt = False) -> None:
    with session_scope() as session, _told():
        org = accounts.create_org(session, name)
    _emit(as_json, {"id": org.id, "name": org.name}, f"{org.id}\t{org.name}")


@org_app.command("list")
def org_list(as_json: JsonOpt = False) -> None:
    """Every organization: id, name, created."""
    with session_scope() as session:
        rows = [{"id": o.id, "name": o.name, "createdAt": iso(o.created_at)}
                for o in accounts.list_orgs(session)]
    _emit_list(as_json, rows, ["id", "name", "createdAt"])


@env_app.command("list")
def env_list(org: Annotated[str | None, typer.Option(help="Organization id or name.")] = None,
             as_json: JsonOpt = False) -> None:
    """Environments, of one organization or all: id, name, kind, organization."""
    with session_scope() as session, _told():
        found = accounts.list_envs(session, org)
        rows = [_env_data(e) for e in found]
    _emit_list(as_json, rows, ["id", "name", "kind", "org", "retentionDays", "createdAt"])


RetentionOpt = Annotated[int | None, typer.Option(
    help="Days its data is kept (1..3650); the default is HOOKLINE_RETENTION.")]


def _env_data(env: Environment) -> dict[str, Any]:
    return {"id": env.id, "name": env.name, "kind": env.kind, "org": env.org_id,
            "retentionDays": env.retention_days, "createdAt": iso(env.created_at)}


@env_app.command("create")
def env_create(
    name: str,
    org: Annotated[str, typer.Option(help="Organization id or name.")],
    kind: Annotated[str, typer.Option(help="production or development.")] = "development",
    retention_days: RetentionOpt = None,
    as_json: JsonOpt = False,
) -> None:
    with session_scope() as session, _told():
        env = accounts.create_env(session, org, name, kind, retention_days)
    _emit(as_json, _env_data(env), f"{env.id}\t{env.name}\t{env.kind}")


@env_app.command("update")
def env_update(
    env: str,
    retention_days: RetentionOpt = None,
    default_retention: Annotated[bool, typer.Option(
        "--default-retention", help="Keep its data as long as HOOKLINE_RETENTION says.")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Set how long an environment keeps its events, messages, Deliveries and attempts."""
    if (retention_days is None) == (not default_retention):
        typer.echo("error: give --retention-days N or --default-retention", err=True)
        raise typer.Exit(2)
    with session_scope() as session, _told():
        found = accounts.set_retention(session, env, retention_days)
    data = _env_data(found)
    _emit(as_json, data, f"{found.id}\tretentionDays={found.retention_days}")


@key_app.command("create")
def key_create(env: Annotated[str, typer.Option(help="Environment id.")],
               as_json: JsonOpt = False) -> None:
    """Print a new API key. It is shown once and stored only as a hash."""
    with session_scope() as session, _told():
        record, key = accounts.create_key(session, env)
    _emit(as_json, {"id": record.id, "key": key, "environment": env}, f"{record.id}\t{key}")


@key_app.command("list")
def key_list(env: Annotated[str | None, typer.Option(help="Environment id.")] = None,
             as_json: JsonOpt = False) -> None:
    """API keys, of one environment or all: id, hint, environment, created, last used (to
    the minute), revoked. Never the key: only its hash is stored."""
    with session_scope() as session, _told():
        found = accounts.list_keys(session, env)
        rows = [{"id": k.id, "hint": k.hint, "environment": k.environment_id,
                 "createdAt": iso(k.created_at), "lastUsedAt": iso(k.last_used_at),
                 "revokedAt": iso(k.revoked_at)} for k in found]
    _emit_list(as_json, rows, ["id", "hint", "environment", "createdAt", "lastUsedAt",
                               "revokedAt"])


@key_app.command("revoke")
def key_revoke(key_id: str) -> None:
    with session_scope() as session, _told():
        accounts.revoke_key(session, key_id)
    typer.echo(f"revoked {key_id}")


@plan_app.command("set")
def plan_set(
    org: Annotated[str, typer.Option(help="Organization id or name.")],
    rps: Annotated[int | None, typer.Option(help="Requests per second, all keys.")] = None,
    monthly_events: Annotated[int | None, typer.Option(help="Events per month.")] = None,
    max_sources: Annotated[int | None, typer.Option(help="Ingestion sources.")] = None,
    as_json: JsonOpt = False,
) -> None:
    with session_scope() as session, _told():
        plan = accounts.set_plan(session, org, rps=rps, monthly_events=monthly_events,
                                 max_sources=max_sources)
    data = {"org": plan.org_id, "rps": plan.rps, "monthlyEvents": plan.monthly_events,
            "maxSources": plan.max_sources}
    _emit(as_json, data, " ".join(f"{k}={v}" for k, v in data.items()))


@plan_app.command("show")
def plan_show(org: Annotated[str, typer.Option(help="Organization id or name.")],
              as_json: JsonOpt = False) -> None:
    """The organization's limits (the defaults when none were set)."""
    with session_scope() as session, _told():
        found = accounts.find_org(session, org)
        plan = accounts.get_plan(session, found.id)
        data = {"org": found.id, "rps": plan.rps, "monthlyEvents": plan.monthly_events,
                "maxSources": plan.max_sources}
    _emit(as_json, data, " ".join(f"{k}={v}" for k, v in data.items()))


def main() -> None:
    app()
