"""Sources: ingestion URLs that store what providers post (or, for cron, generate it), and
broker Sources, which read a topic or queue into Events (their settings:
`broker_sources`).

Validation of every PATCH field happens before anything changes, so bad input changes
nothing. Cron fields are validated here (validate_cron) and scheduled elsewhere."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from croniter import croniter
from email_validator import EmailNotValidError, validate_email
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col

from hookline.delivery import targets
from hookline.errors import Conflict, NotFound, PlanLimitReached, invalid
from hookline.ids import new_id, token
from hookline.persistence import queries
from hookline.persistence.models import Delivery, Source
from hookline.providers.registry import PROVIDERS, get_provider
from hookline.scheduling.cron import parse as parse_cron
from hookline.services import accounts, broker_sources
from hookline.services.broker_sources import BrokerSettings
from hookline.services.scoped import get_in
from hookline.settings import get_settings
from hookline.target_kinds import SOURCE_KINDS

TYPES = ("webhook", "cron", *SOURCE_KINDS)
LIST_LIMIT = 200
MAX_ALERT_EMAILS = 5
MAX_CRON_PAYLOAD = 1024 * 1024
MAX_SECRET = 4096
CRON_FIELDS = ("cron_expression", "cron_timezone", "cron_payload")
# A change to any of these must (re)schedule a cron Source (and silence checks).
SCHEDULE_FIELDS = (*CRON_FIELDS, "status")
WATCH_FIELDS = ("silence_alert_minutes", "alert_emails", "status")


@dataclass(frozen=True)
class SourceUpdate:
    source: Source
    # True when cron fields or status changed: the route's hook point for the scheduler.
    schedule_changed: bool
    # True when what makes the Source watched for silence changed (scheduling.sources.any_watched).
    watch_changed: bool


def ingest_url(source_token: str) -> str:
    return f"{get_settings().public_url.rstrip('/')}/in/{source_token}"


def get_source(session: Session, env_id: str, source_id: str) -> Source:
    return get_in(session, Source, env_id, source_id,
                  NotFound(f"source {source_id!r} not found"))


def get_forwarding_source(session: Session, env_id: str, source_id: str) -> Source:
    """A Source that forwards to Destinations: any but a broker Source."""
    source = get_source(session, env_id, source_id)
    if source.type in SOURCE_KINDS:
        raise invalid("sourceId", f"a {source.type} source has no destinations: it "
                                  "publishes each message as an Event to the environment's "
                                  "endpoints")
    return source


def _check_name(session: Session, env_id: str, name: str, own_id: str | None = None) -> str:
    name = name.strip()
    if not name or len(name) > 200:
        raise invalid("name", "must be 1 to 200 characters")
    if queries.sources.name_taken(session, env_id, name, own_id):
        raise invalid("name", f"a source named {name!r} already exists in this environment")
    return name


def _flush_named(session: Session, name: str) -> None:
    """The unique (environment, name) index settles a race that _check_name cannot; the
    caller's transaction then ends without the change."""
    try:
        session.flush()
    except IntegrityError:
        raise invalid("name", f"a source named {name!r} already exists in this "
                              "environment") from None


def create_source(session: Session, env_id: str, org_id: str, name: str, kind: str,
                  broker: BrokerSettings | None = None) -> Source:
    """`broker`: a broker Source's settings (`type` kafka, sqs or amqp)."""
    if kind not in TYPES:
        raise invalid("type", "must be " + ", ".join(map(repr, TYPES)))
    name = _check_name(session, env_id, name)
    # The plan belongs to the organization, so the limit counts every environment's sources.
    limit = accounts.get_plan(session, org_id).max_sources
    if queries.sources.count_in_org(session, org_id) >= limit:
        raise PlanLimitReached(f"the plan allows {limit} sources; delete one or raise the "
                               "plan's limit", slug="source-limit")
    source = Source(id=new_id("src"), environment_id=env_id, name=name, type=kind,
                    token=token(), cron_timezone="UTC" if kind == "cron" else None)
    broker_sources.apply(session, source, broker or BrokerSettings())
    session.add(source)
    _flush_named(session, name)
    return source


def list_sources(session: Session, env_id: str) -> list[Source]:
    return queries.sources.by_name(session, env_id, LIST_LIMIT)


def validate_cron(expression: str | None, timezone: str | None, payload: str | None) -> None:
    """The cron fields' rules, for PATCH and for the scheduler. None means unset."""
    zone = ZoneInfo("UTC")
    if timezone is not None:
        try:
            zone = ZoneInfo(timezone)
        except (ZoneInfoNotFoundError, ValueError):
            raise invalid("cronTimezone", f"{timezone!r} is not an IANA time zone name, "
                                          "e.g. Europe/Lisbon") from None
    if expression is not None:
        if len(expression.split()) != 5:
            raise invalid("cronExpression", "must have 5 fields: minute hour day-of-month "
                                            "month day-of-week")
        try:
            croniter(expression, datetime.now(zone)).get_next(datetime)
        except (ValueError, KeyError, TypeError):
            raise invalid("cronExpression", f"{expression!r} is not a valid cron "
                                            "expression") from None
        try:  # what Temporal's scheduler accepts is narrower than croniter (no L, W, #, ?)
            parse_cron(expression)
        except ValueError as exc:
            raise invalid("cronExpression", f"{expression!r}: {exc}") from None
    if payload is not None:
        _check_cron_payload(payload)


def _check_cron_payload(payload: str) -> None:
    if len(payload.encode()) > MAX_CRON_PAYLOAD:
        raise invalid("cronPayload", "must be at most 1 MiB")
    try:
        parsed = json.loads(payload)
    except ValueError:
        parsed = None
    if not isinstance(parsed, dict):
        raise invalid("cronPayload", "must be the text of a JSON object, e.g. '{\"a\": 1}'")


def normalize_alert_emails(value: str) -> str | None:
    """Comma-separated, up to 5 valid addresses; blank clears the list."""
    addresses = list(dict.fromkeys(a.strip() for a in value.split(",") if a.strip()))
    if len(addresses) > MAX_ALERT_EMAILS:
        raise invalid("alertEmails", f"at most {MAX_ALERT_EMAILS} addresses")
    for address in addresses:
        try:
            validate_email(address, check_deliverability=False)
        except EmailNotValidError as exc:
            raise invalid("alertEmails", f"{address!r} is not a valid e-mail address: "
                                         f"{exc}") from None
    return ",".join(addresses) or None


def _check_provider(code: str, config: dict[str, Any] | None) -> None:
    provider = get_provider(code)
    if provider is None:
        raise invalid("provider", f"unknown provider {code!r}; valid names: "
                                  f"{', '.join(PROVIDERS)} (GET /v1/ingest/providers)")
    for spec in provider.config_fields:
        value = (config or {}).get(spec.name)
        if value is None and spec.required:
            raise invalid(f"providerConfig.{spec.name}", f"is required by {code}")
        if value is not None and not isinstance(value, str):
            raise invalid(f"providerConfig.{spec.name}", "must be a string")
    if provider.check_config is not None and (wrong := provider.check_config(config or {})):
        raise invalid(f"providerConfig.{wrong[0]}", wrong[1])


def _normalized(session: Session, source: Source, changes: dict[str, Any]) -> dict[str, Any]:
    """The changes as they will be stored, or a validation error; nothing is applied yet."""
    for field in ("name", "status", "provider"):
        if field in changes and changes[field] is None:
            raise invalid(field, "must not be null")
    out = dict(changes)
    if "name" in out:
        out["name"] = _check_name(session, source.environment_id, out["name"], source.id)
    if "status" in out and out["status"] not in ("enabled", "disabled"):
        raise invalid("status", "must be 'enabled' or 'disabled'")
    if source.type in SOURCE_KINDS and (named := {"provider", "provider_config"} & set(out)):
        raise invalid(_camel(min(named)), "a broker source has no provider: it reads its "
                                          "own topic or queue")
    if "provider" in out or "provider_config" in out:
        _check_provider(out.get("provider", source.provider),
                        out.get("provider_config", source.provider_config))
    if out.get("alert_emails") is not None:
        out["alert_emails"] = normalize_alert_emails(out["alert_emails"])
    cron = {f: out[f] for f in CRON_FIELDS if f in out}
    if source.type != "cron" and any(v is not None for v in cron.values()):
        field = next(f for f, v in cron.items() if v is not None)
        raise invalid(_camel(field), "only cron sources have cron fields")
    if source.type == "cron":
        validate_cron(cron.get("cron_expression"), cron.get("cron_timezone"),
                      cron.get("cron_payload"))
        if "cron_timezone" in out and out["cron_timezone"] is None:
            out["cron_timezone"] = "UTC"
    return out


def _camel(field: str) -> str:
    head, *rest = field.split("_")
    return head + "".join(part.title() for part in rest)


def update_source(session: Session, env_id: str, source_id: str, changes: dict[str, Any],
                  broker: BrokerSettings | None = None) -> SourceUpdate:
    """`changes` holds only the fields the request carried (snake_case names); `broker`,
    the broker settings it carried."""
    source = get_source(session, env_id, source_id)
    out = _normalized(session, source, changes)
    broker_sources.apply(session, source, broker or BrokerSettings())
    before = {f: getattr(source, f) for f in (*SCHEDULE_FIELDS, *WATCH_FIELDS)}
    for field, value in out.items():
        setattr(source, field, value)
    session.add(source)
    changed = {f for f, value in before.items() if getattr(source, f) != value}
    _flush_named(session, source.name)
    return SourceUpdate(source, schedule_changed=bool(changed & set(SCHEDULE_FIELDS)),
                        watch_changed=bool(changed & set(WATCH_FIELDS)))


def set_secret(session: Session, env_id: str, source_id: str, secret: str | None) -> Source:
    source = get_source(session, env_id, source_id)
    if source.type in SOURCE_KINDS:
        raise invalid("secret", "a broker source has no provider secret: it signs in to "
                                "its broker with `credentials`")
    if secret is not None and not secret.strip():
        raise invalid("secret", "must not be blank; send null to remove the secret")
    if secret is not None and len(secret) > MAX_SECRET:
        raise invalid("secret", f"must be at most {MAX_SECRET} characters")
    provider = get_provider(source.provider)
    if secret is not None and provider is not None and provider.check_secret is not None \
            and (wrong := provider.check_secret(secret)):
        raise invalid("secret", f"{wrong} for {provider.name}")
    source.secret = secret
    session.add(source)
    return source


def rotate_token(session: Session, env_id: str, source_id: str) -> Source:
    """The old ingestion URL stops working with this commit."""
    source = get_source(session, env_id, source_id)
    if source.type in SOURCE_KINDS:
        raise Conflict("a broker source has no ingestion URL: it reads its own topic or "
                       "queue", slug="no-ingestion-url")
    source.token = token()
    session.add(source)
    return source


def delete_source(session: Session, env_id: str, source_id: str) -> list[str]:
    """Deletes the Source with its destinations, messages and their deliveries. Returns the
    Deliveries that were waiting, whose workflows the caller wakes (they find no row and end).
    """
    source = get_source(session, env_id, source_id)
    cancelled: list[str] = []
    for destination in queries.targets.destinations_of_source(session, source.id):
        cancelled += targets.cancel_all(session, destination)
    messages = queries.messages.ids_of_source(source.id)
    message_column = col(Delivery.message_id)
    queries.attempts.delete_of_deliveries(
        session, queries.deliveries.of_owners(message_column, messages))
    queries.deliveries.delete_of_owners(session, message_column, messages)
    queries.messages.delete_of_source(session, source.id)
    queries.targets.delete_destinations_of_source(session, source.id)
    session.delete(source)
    return cancelled
