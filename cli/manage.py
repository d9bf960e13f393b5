"""`hookline org|env|key|plan`: the operator's commands on organizations, environments, API
keys and plans. Each answers in text (lists: a header row, then a tab-separated line a row)
or, with --json, one JSON object (lists: `{"items": [...]}`); a refusal is one line on
stderr and exit status 1."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Annotated, Any, NoReturn

import sqlalchemy as sa
import typer
from sqlmodel import Session

from cli import database
from cli.usage import Typer
from hookline.errors import DomainError, NotFound
from hookline.persistence.db import committed, session_scope
from hookline.persistence.models import ApiKey, Environment, Organization, Plan
from hookline.services import accounts
from hookline.settings import get_settings
from hookline.timeutil import iso

org_app = Typer(help="Organizations.", no_args_is_help=True)
env_app = Typer(help="Environments.", no_args_is_help=True)
key_app = Typer(help="API keys.", no_args_is_help=True)
plan_app = Typer(help="Plan limits.", no_args_is_help=True)

JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
OrgOpt = Annotated[str, typer.Option(metavar="ORG", help="Organization id or name.")]
InOrgOpt = Annotated[str | None, typer.Option(
    "--org", metavar="ORG",
    help="Organization id or name, to find the environment by name (default: the only "
         "organization).")]
RetentionOpt = Annotated[int | None, typer.Option(
    metavar="DAYS", help="Days its data is kept (1..3650); the default is HOOKLINE_RETENTION.")]


def _emit(as_json: bool, data: dict[str, Any], text: str) -> None:
    typer.echo(json.dumps(data) if as_json else text)


def emit_list(as_json: bool, rows: list[dict[str, Any]], columns: list[str],
              shown: list[dict[str, Any]] | None = None) -> None:
    """A list command's answer: `{"items": [...]}` with --json, else a header row of the
    JSON names, then one tab-separated line a row (of `shown`, when what a person reads
    differs from what a program does, such as a name for an id)."""
    if as_json:
        typer.echo(json.dumps({"items": rows}))
        return
    typer.echo("\t".join(columns))
    for row in rows if shown is None else shown:
        typer.echo("\t".join("" if row[c] is None else str(row[c]) for c in columns))


@contextlib.contextmanager
def _session() -> Iterator[Session]:
    """A session on a migrated database. Any refusal (no database, not found, invalid,
    conflict) is one line on stderr, and exit status 1."""
    url = get_settings().database_url
    try:
        database.check(url)
        with session_scope() as session:
            yield session
    except database.NoDatabase as exc:
        _refuse(str(exc))
    except DomainError as exc:
        _refuse(exc.detail or exc.title)
    except sa.exc.DBAPIError as exc:  # e.g. a schema older than this version: one line too
        reason = str(exc.orig).strip().splitlines()[0]
        _refuse(f"database {database.shown(url)}: {reason} (is `hookline migrate` needed?)")


def _refuse(detail: str) -> NoReturn:
    typer.echo(f"error: {detail}", err=True)
    raise typer.Exit(1)


def find_env(session: Session, ref: str, org_ref: str | None) -> Environment:
    """An environment by id, or by name within an organization: --org's, else the only one
    there is."""
    if org_ref is None:
        with contextlib.suppress(NotFound):
            return accounts.get_env(session, ref)
    org = accounts.find_org(session, org_ref) if org_ref is not None else _only_org(session)
    for env in accounts.list_envs(session, org.id):
        if ref in (env.id, env.name):
            return env
    raise NotFound(f"environment {ref!r} not found in organization {org.name!r} "
                   "(`hookline env list` shows them)")


def _only_org(session: Session) -> Organization:
    orgs = accounts.list_orgs(session)
    if not orgs:
        raise NotFound("no organization yet: create one with `hookline org create NAME`")
    if len(orgs) > 1:
        names = ", ".join(repr(o.name) for o in orgs)
        raise DomainError(f"{len(orgs)} organizations ({names}): say which with --org")
    return orgs[0]


@org_app.command("create")
def org_create(name: Annotated[str, typer.Argument(metavar="NAME",
                                                   help="Its name, unique (1..200 characters).")],
               as_json: JsonOpt = False) -> None:
    """Create an organization: id, name."""
    with _session() as session:
        org = committed(session, accounts.create_org, name)
    _emit(as_json, {"id": org.id, "name": org.name}, f"{org.id}\t{org.name}")


@org_app.command("list")
def org_list(as_json: JsonOpt = False) -> None:
    """Every organization: id, name, created."""
    with _session() as session:
        rows = [{"id": o.id, "name": o.name, "createdAt": iso(o.created_at)}
                for o in accounts.list_orgs(session)]
    emit_list(as_json, rows, ["id", "name", "createdAt"])


def _env_data(env: Environment) -> dict[str, Any]:
    return {"id": env.id, "name": env.name, "kind": env.kind, "org": env.org_id,
            "retentionDays": env.retention_days, "createdAt": iso(env.created_at)}


@env_app.command("list")
def env_list(org: Annotated[str | None, typer.Option(
                 metavar="ORG", help="Organization id or name (default: all).")] = None,
             as_json: JsonOpt = False) -> None:
    """Environments, of one organization or all.

    Each: id, name, kind, organization, retention days, created."""
    with _session() as session:
        rows = [_env_data(e) for e in accounts.list_envs(session, org)]
    emit_list(as_json, rows, ["id", "name", "kind", "org", "retentionDays", "createdAt"])


@env_app.command("create")
def env_create(
    name: Annotated[str, typer.Argument(metavar="NAME",
                                        help="Its name, unique in the organization.")],
    org: InOrgOpt = None,
    kind: Annotated[str, typer.Option(
        metavar="KIND", help="production (https endpoints only) or development.")
    ] = "development",
    retention_days: RetentionOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Create an environment in an organization (--org, or the only one): id, name, kind."""
    with _session() as session:
        org_ref = org if org is not None else _only_org(session).id
        env = committed(session, accounts.create_env, org_ref, name, kind, retention_days)
    _emit(as_json, _env_data(env), f"{env.id}\t{env.name}\t{env.kind}")


@env_app.command("update")
def env_update(
    env: Annotated[str, typer.Argument(metavar="ENV", help="Environment id or name.")],
    org: InOrgOpt = None,
    retention_days: RetentionOpt = None,
    default_retention: Annotated[bool, typer.Option(
        "--default-retention", help="Keep its data as long as HOOKLINE_RETENTION says.")
    ] = False,
    target_kinds: Annotated[str | None, typer.Option(
        metavar="KINDS", help="The kinds of target it may use, comma-separated (http, kafka, "
        "amqp, sqs, sns, eventbridge, kinesis, s3), wider or narrower: its API key may "
        "only narrow them.")] = None,
    every_target_kind: Annotated[bool, typer.Option(
        "--every-target-kind", help="Allow it every kind of target.")] = False,
    instance_aws: Annotated[bool | None, typer.Option(
        "--instance-aws/--no-instance-aws", help="Grant (or end the grant of) this "
        "instance's own AWS identity to its AWS targets that have no credentials of their "
        "own. Off for new environments.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Set how long an environment keeps its data, which kinds of target it may use, and
    whether the instance's own AWS identity signs for it."""
    retention = retention_days is not None or default_retention
    if (retention_days is not None and default_retention) or (
            target_kinds is not None and every_target_kind) or not (
            retention or target_kinds is not None or every_target_kind
            or instance_aws is not None):
        typer.echo("error: give --retention-days N or --default-retention, --target-kinds "
                   "KINDS or --every-target-kind, and/or --instance-aws or --no-instance-aws",
                   err=True)
        raise typer.Exit(2)
    kinds = target_kinds is not None or every_target_kind
    chosen = None if every_target_kind else [
        k.strip() for k in (target_kinds or "").split(",") if k.strip()]

    def update(session: Session, env_id: str) -> Environment:
        # One transaction: a refused option leaves the others undone.
        found = accounts.get_env(session, env_id)
        if retention:
            found = accounts.set_retention(session, env_id, retention_days)
        if kinds:
            found = accounts.set_target_kinds(session, env_id, chosen, operator=True)
        if instance_aws is not None:
            found = accounts.set_instance_aws(session, env_id, instance_aws)
        return found

    with _session() as session:
        found = committed(session, update, find_env(session, env, org).id)
    shown = {**_env_data(found), "targetKinds": accounts.target_kinds_of(found),
             "instanceAws": found.instance_aws}
    _emit(as_json, shown, f"{found.id}\tretentionDays={found.retention_days}\t"
          f"targetKinds={','.join(accounts.target_kinds_of(found))}\t"
          f"instanceAws={str(found.instance_aws).lower()}")


@key_app.command("create")
def key_create(env: Annotated[str, typer.Option(
                   metavar="ENV", help="Environment id or name (e.g. development).")],
               org: InOrgOpt = None, as_json: JsonOpt = False) -> None:
    """Print a new API key for an environment.

    It is shown once and stored only as a hash."""
    with _session() as session:
        found = find_env(session, env, org)
        record, key = committed(session, accounts.create_key, found.id)
        owner = accounts.find_org(session, found.org_id).name
    if not as_json:
        # For the person reading; stdout stays the one `id<TAB>key` line scripts read.
        typer.echo(f"A new API key for environment {found.name!r} of {owner!r}. It is shown "
                   "once, here: only its hash is stored.\nid\tkey", err=True)
    _emit(as_json, {"id": record.id, "key": key, "environment": record.environment_id},
          f"{record.id}\t{key}")


@key_app.command("list")
def key_list(env: Annotated[str | None, typer.Option(
                 metavar="ENV", help="Environment id or name (default: all).")] = None,
             org: InOrgOpt = None, as_json: JsonOpt = False) -> None:
    """API keys, of one environment or all.

    Each: id, hint, environment, created, last used (to the minute), revoked. Never the
    key: only its hash is stored. The environment is shown by its name, as --env takes
    it (`org/env` when there are several organizations); with --json, by its id."""
    with _session() as session:
        env_id = find_env(session, env, org).id if env is not None else None
        names = _env_names(session)
        rows = [_key_data(k) for k in accounts.list_keys(session, env_id)]
    shown = [{**row, "environment": names.get(row["environment"], row["environment"])}
             for row in rows]
    emit_list(as_json, rows, ["id", "hint", "environment", "createdAt", "lastUsedAt",
                               "revokedAt"], shown)


def _env_names(session: Session) -> dict[str, str]:
    """Each environment's name, as --env takes it; `org/env` once names can repeat."""
    orgs = {o.id: o.name for o in accounts.list_orgs(session)}
    return {e.id: e.name if len(orgs) == 1 else f"{orgs[e.org_id]}/{e.name}"
            for e in accounts.list_envs(session)}


def _key_data(key: ApiKey) -> dict[str, Any]:
    return {"id": key.id, "hint": key.hint, "environment": key.environment_id,
            "createdAt": iso(key.created_at), "lastUsedAt": iso(key.last_used_at),
            "revokedAt": iso(key.revoked_at)}


@key_app.command("revoke")
def key_revoke(key_id: Annotated[str, typer.Argument(
                   metavar="KEY_ID", help="The key's id (key_..., from `hookline key list`).")],
               as_json: JsonOpt = False) -> None:
    """Revoke an API key.

    Every request with it is refused from now on; revoking it again changes nothing."""
    with _session() as session:
        record = committed(session, accounts.revoke_key, key_id)
    _emit(as_json, _key_data(record), f"revoked {key_id}")


def _plan_data(org_id: str, plan: Plan) -> dict[str, Any]:
    return {"org": org_id, "rps": plan.rps, "monthlyEvents": plan.monthly_events,
            "maxSources": plan.max_sources, "weight": plan.weight}


@plan_app.command("set")
def plan_set(
    org: OrgOpt,
    rps: Annotated[int | None, typer.Option(
        metavar="N", help="Requests per second, all its keys together.")] = None,
    monthly_events: Annotated[int | None, typer.Option(
        metavar="N", help="Events published per month.")] = None,
    max_sources: Annotated[int | None, typer.Option(
        metavar="N", help="Ingestion sources.")] = None,
    weight: Annotated[int | None, typer.Option(
        metavar="N", help="Its share of the delivery engine while other organizations have "
        "work waiting too (1 to 1000; 1 by default).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Set an organization's limits; the ones not given stay as they are."""
    with _session() as session:
        plan = committed(session, accounts.set_plan, org, rps=rps, monthly_events=monthly_events,
                         max_sources=max_sources, weight=weight)
    data = _plan_data(plan.org_id, plan)
    _emit(as_json, data, " ".join(f"{k}={v}" for k, v in data.items()))


@plan_app.command("show")
def plan_show(org: OrgOpt, as_json: JsonOpt = False) -> None:
    """The organization's limits (the defaults when none were set)."""
    with _session() as session:
        found = accounts.find_org(session, org)
        data = _plan_data(found.id, accounts.get_plan(session, found.id))
    _emit(as_json, data, " ".join(f"{k}={v}" for k, v in data.items()))
