"""The `hookline` command: run the service, migrate, manage organizations and keys, and list
the providers."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
import uvloop

from cli import import_svix
from cli.keys import keys_app
from cli.manage import env_app, key_app, org_app, plan_app
from cli.providers import providers_app
from cli.usage import Typer
from hookline import __version__, ports
from hookline.process import few_arenas, many_files
from hookline.settings import Settings, get_settings

app = Typer(help="Hookline: signed webhooks out, provider webhooks in.",
            no_args_is_help=True, add_completion=False)
app.add_typer(org_app, name="org")
app.add_typer(env_app, name="env")
app.add_typer(key_app, name="key")
app.add_typer(plan_app, name="plan")
app.add_typer(keys_app, name="keys")
app.add_typer(providers_app, name="providers")
import_app = Typer(help="Copy what another webhook server holds into Hookline.",
                   no_args_is_help=True)
import_app.command("svix")(import_svix.svix)
app.add_typer(import_app, name="import")


def _print_version(asked: bool) -> None:
    if asked:
        typer.echo(f"hookline {__version__}")
        raise typer.Exit()


@app.callback()
def _options(version: Annotated[bool, typer.Option(
        "--version", callback=_print_version, is_eager=True,
        help="Print the release and exit.")] = False) -> None:
    """Hookline: signed webhooks out, provider webhooks in."""


@app.command(epilog="Settings are HOOKLINE_* environment variables (or a .env file here); "
             "those `up` reads first: HOOKLINE_DATABASE_URL (sqlite:///hookline.db), "
             "HOOKLINE_API_PORT (8000), HOOKLINE_TEMPORAL_ADDRESS (127.0.0.1:7233), "
             "HOOKLINE_TEMPORAL_UI_PORT (its port + 1000), HOOKLINE_WORKER_METRICS_PORT "
             "(9464), HOOKLINE_ALLOWED_SUBNETS and HOOKLINE_ALLOWED_PORTS (to reach a "
             "receiver on this machine). Every one: docs/SETTINGS.md.")
def up() -> None:
    """Run the whole stack on this machine: Temporal dev server, API and worker."""
    from cli.up import run_stack

    raise typer.Exit(run_stack(get_settings()))


@app.command()
def api(port: Annotated[int | None, typer.Option(
        metavar="PORT", help="Port to serve on (default: HOOKLINE_API_PORT).")] = None,
        fd: Annotated[int | None, typer.Option(
            metavar="FD",
            help="Serve on this inherited listening socket instead of binding one (how "
                 "`hookline up`, or systemd's socket activation, hands a port over).")
                      ] = None,
        ) -> None:
    """Serve the HTTP API."""
    from hookline.temporal import check_at_start

    if fd is not None and port is not None:
        _refuse(ValueError("--fd and --port: give one (the socket of --fd has its port)"))
    s = get_settings()
    listening = _socket(lambda: ports.inherited(fd) if fd is not None else ports.listen(
        s.api_host, port or s.api_port, "HOOKLINE_API_PORT", "HOOKLINE_API_HOST"))
    asyncio.run(check_at_start(s))
    _check_keys()
    with contextlib.ExitStack() as stack:
        if s.api_workers > 1:
            # Several processes: prometheus_client's multiprocess mode, so that /metrics
            # answers for all of them. Each writes its files here (read when it imports
            # prometheus_client, so set before they start), in a fresh folder: files left
            # by an earlier run would count again.
            os.environ["PROMETHEUS_MULTIPROC_DIR"] = stack.enter_context(
                tempfile.TemporaryDirectory(prefix="hookline-metrics-"))
        _serve_api(s, listening)


def _serve_api(s: Settings, listening: socket.socket) -> None:
    """What uvicorn.run does, on a socket bound already."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    config = uvicorn.Config("api.main:create_app", factory=True, log_level=s.log_level.lower(),
                            access_log=False, proxy_headers=False, workers=s.api_workers)
    server = uvicorn.Server(config)
    # uvicorn names no address when handed a socket.
    logging.getLogger("uvicorn.error").info("Hookline's API on %s", listening.getsockname())
    with contextlib.suppress(KeyboardInterrupt):
        if config.workers > 1:
            Multiprocess(config, sockets=[listening]).run()
        else:
            server.run(sockets=[listening])
    if config.workers == 1 and not server.started:
        raise typer.Exit(3)  # uvicorn's STARTUP_FAILURE


def _check_keys() -> None:
    """Refuses to start, in one line, when stored credentials need a key not given."""
    from hookline.persistence.db import get_engine
    from hookline.usecases.sealing import check_readable

    check_readable(get_engine())


def _socket(get: Callable[[], socket.socket]) -> socket.socket:
    try:
        return get()
    except ports.PortUnavailable as exc:
        _refuse(exc)


def _refuse(exc: Exception) -> NoReturn:
    typer.echo(f"error: {exc}", err=True)
    raise typer.Exit(1)


@app.command()
def worker(metrics_fd: Annotated[int | None, typer.Option(
        metavar="FD",
        help="Serve metrics and probes on this inherited listening socket instead of "
             "HOOKLINE_WORKER_METRICS_PORT (how `hookline up` hands the port over).")] = None,
        ) -> None:
    """Run a Temporal worker: delivery workflows, their activities and the reconciler."""
    from worker import main as worker_main

    metrics = None if metrics_fd is None else _socket(lambda: ports.inherited(metrics_fd))
    try:
        # uvloop: the worker is an event loop of Temporal polls, HTTP attempts and thread
        # hand-offs; the bench's profile gave the default loop 14% of its samples.
        uvloop.run(worker_main(get_settings(), metrics))
    except ports.PortUnavailable as exc:  # HOOKLINE_WORKER_METRICS_PORT's
        _refuse(exc)


@app.command("ingest-worker")
def ingest_worker() -> None:
    """Read broker Sources (Kafka, SQS, RabbitMQ) and publish their messages as Events,
    and nothing else: to scale reading apart from delivering. Needs the database only."""
    from cli.ingest_worker import main as ingest_main

    try:
        uvloop.run(ingest_main(get_settings()))
    except ports.PortUnavailable as exc:  # HOOKLINE_WORKER_METRICS_PORT's
        _refuse(exc)


@app.command("mcp")
def mcp_server(
    key: Annotated[str, typer.Option(
        metavar="KEY", envvar="HOOKLINE_API_KEY", show_envvar=True,
        help="The API key whose environment the tools act on.")],
    api_url: Annotated[str | None, typer.Option(
        metavar="URL", envvar="HOOKLINE_API_URL", show_envvar=True,
        help="The API to call; HOOKLINE_PUBLIC_URL when absent.")] = None,
) -> None:
    """The operator's MCP server on stdio (find, explain, retry, replay and recover
    Deliveries; endpoints, filters and transformations), for an agent on this machine;
    docs/MCP.md. Over HTTP, the API serves the same tools at /mcp."""
    from cli.mcp import serve

    serve(api_url or get_settings().public_url, key)


@app.command()
def listen(
    port: Annotated[int, typer.Option(metavar="PORT", help="Port to listen on.")] = 9000,
    host: Annotated[str, typer.Option(metavar="HOST",
                                      help="Address to bind; loopback by default.")
                    ] = "127.0.0.1",
    secret: Annotated[list[str] | None, typer.Option(
        metavar="WHSEC", envvar="HOOKLINE_LISTEN_SECRET", show_envvar=True,
        help="An endpoint's or destination's whsec_ secret, to verify signatures. Repeat "
             "it for several (an endpoint and a destination, or a rotation): a request "
             "verifies when one does, and its line names which (space-separated in the "
             "variable).")] = None,
    public_key: Annotated[list[str] | None, typer.Option(
        metavar="WHPK", envvar="HOOKLINE_LISTEN_PUBLIC_KEY", show_envvar=True,
        help="A v1a endpoint's or destination's whpk_ public key, to verify its ed25519 "
             "signatures; repeatable, and usable with --secret.")] = None,
    poll: Annotated[str | None, typer.Option(
        metavar="POLL_URL", help="Pull a polling endpoint instead of listening: its poll URL "
        "(or its id, at HOOKLINE_PUBLIC_URL). Each page is printed, checked, then committed."
        )] = None,
    token: Annotated[str | None, typer.Option(
        metavar="HLPOLL", envvar="HOOKLINE_POLL_TOKEN", show_envvar=True,
        help="With --poll: the endpoint's hlpoll_ token.")] = None,
) -> None:
    """Receive webhooks on loopback and print each one, with its signature checked; or,
    with --poll, pull a polling endpoint's."""
    from cli.listen import load_secrets, serve

    try:
        secrets = load_secrets(secret or [])
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--secret") from None
    try:
        secrets += load_secrets([], public_key or [])
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--public-key") from None
    if poll is not None:
        _pull(poll, token, secrets)
        return
    try:
        serve(host, port, secrets)
    except OSError as exc:
        typer.echo(f"error: cannot listen on {host}:{port}: {exc.strerror or exc}", err=True)
        raise typer.Exit(1) from None


def _pull(given: str, token: str | None, secrets: list[Any]) -> None:
    from cli.poll import PollRefused, poll_url_of, pull

    if not token:
        raise typer.BadParameter("the endpoint's hlpoll_ token is required with --poll",
                                 param_hint="--token")
    try:
        pull(poll_url_of(given, get_settings().public_url), token, secrets)
    except PollRefused as exc:
        typer.echo(f"error: the pull was refused: {exc}", err=True)
        raise typer.Exit(1) from None


@app.command()
def openapi() -> None:
    """Print the API's OpenAPI document (what /openapi.json serves): `make openapi` writes it
    to openapi.json, from which `make clients` generates the Python and TypeScript clients."""
    import json

    from api.main import create_app

    typer.echo(json.dumps(create_app().openapi(), indent=2, ensure_ascii=False))


@app.command()
def migrate() -> None:
    """Create or upgrade the database schema."""
    from hookline.persistence.migrations import upgrade

    upgrade(get_settings().database_url)
    _check_keys()
    typer.echo("database is up to date")


@app.command("temporal-server")
def temporal_server(
    postgres: Annotated[str, typer.Option(
        metavar="URL", envvar="HOOKLINE_TEMPORAL_POSTGRES_URL", show_envvar=True,
        help="PostgreSQL server for Temporal's databases, e.g. "
             "postgresql://temporal:secret@db:5432/postgres (only host, port, user and "
             "password are used).")],
    folder: Annotated[Path, typer.Option("--dir", metavar="DIR",
                                                      help="Config and log folder.")
                      ] = Path(".hookline/temporal-server"),
    ip: Annotated[str, typer.Option(metavar="IP", help="Address every service binds.")
              ] = "127.0.0.1",
    port: Annotated[int, typer.Option(
        metavar="PORT", help="Frontend gRPC port; the next 8 are taken too (10 with "
                             "--jwks-url).")] = 7233,
    shards: Annotated[int, typer.Option(
        metavar="N", help="History shards (fixed for the cluster's life).", min=1)] = 4,
    namespace: Annotated[str, typer.Option(metavar="NAME", help="Namespace to register.")
                         ] = "default",
    retention: Annotated[str | None, typer.Option(
        metavar="DURATION", help="How long Temporal keeps closed workflows' histories, e.g. 7d "
             "(default: HOOKLINE_TEMPORAL_RETENTION, 7d).")] = None,
    metrics_port: Annotated[int | None, typer.Option(
        metavar="PORT", help="Server's Prometheus port (default: none).")] = None,
    database_prefix: Annotated[str, typer.Option(
        metavar="PREFIX",
        help="Prefix of Temporal's database names, to share one PostgreSQL.")] = "",
    tls_cert: Annotated[Path | None, typer.Option(
        metavar="FILE", help="The frontend's certificate (PEM): TLS on. Temporal's own "
                             "system worker presents it as its client certificate too.")
                        ] = None,
    tls_key: Annotated[Path | None, typer.Option(
        metavar="FILE", help="The frontend certificate's private key (PEM).")] = None,
    tls_client_ca: Annotated[Path | None, typer.Option(
        metavar="FILE", help="Require client certificates signed by this CA (PEM): mTLS "
                             "(requireClientAuth). Also the CA the system worker trusts.")
                             ] = None,
    jwks_url: Annotated[str | None, typer.Option(
        metavar="URL", help="Authorize every call by a JWT (an API key) whose signing keys "
                            "this JWKS holds: Temporal's default authorizer and claim "
                            "mapper, `permissions` claims such as default:admin.")] = None,
) -> None:
    """Run a real Temporal server on PostgreSQL.

    It migrates Temporal's schemas, writes its config, starts it, and registers the
    namespace and Hookline's search attributes."""
    from datetime import timedelta

    from cli.temporal_server import ClusterOptions, ServerSecurity, run
    from hookline.settings import parse_duration

    try:
        kept = timedelta(seconds=parse_duration(retention or get_settings().temporal_retention))
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--retention") from None
    if (tls_cert is None) != (tls_key is None):
        raise typer.BadParameter("--tls-cert and --tls-key go together", param_hint="--tls-key")
    if (tls_client_ca or jwks_url) and tls_cert is None:
        raise typer.BadParameter("needs --tls-cert and --tls-key: client certificates and "
                                 "API keys go over TLS only", param_hint="--tls-cert")
    security = None if tls_cert is None or tls_key is None else ServerSecurity(
        cert=tls_cert.resolve(), key=tls_key.resolve(),
        client_ca=tls_client_ca.resolve() if tls_client_ca else None, jwks_url=jwks_url)
    options = ClusterOptions(postgres_url=postgres, folder=folder.resolve(), ip=ip, port=port,
                             shards=shards, namespace=namespace, retention=kept,
                             metrics_port=metrics_port, database_prefix=database_prefix,
                             security=security)
    raise typer.Exit(run(options))


def main() -> None:
    """Runs the command, then ends the process without the interpreter's teardown: the
    Temporal SDK's Rust threads can call into Python while it finalizes and abort it
    (temporalio/sdk-python#300), so that `up` refusing a port in use died of SIGABRT now and
    then. Every command has closed what it opened by the time it returns."""
    few_arenas()
    many_files()
    try:
        app()
        code = 0
    except SystemExit as exc:
        code = _exit_status(exc.code)
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def _exit_status(code: str | int | None) -> int:
    """What sys.exit does with its argument: None is success, a message is printed and fails."""
    if code is None or isinstance(code, int):
        return code or 0
    print(code, file=sys.stderr)
    return 1
