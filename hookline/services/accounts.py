"""Organizations, environments, API keys and plans: the operator's side of the service."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlmodel import Session

from hookline.errors import Conflict, Forbidden, NotFound, Unauthorized, invalid
from hookline.ids import new_id, token
from hookline.persistence import queries
from hookline.persistence.models import ApiKey, Environment, Organization, Plan
from hookline.settings import check_proxy_url, get_settings
from hookline.target_kinds import KINDS
from hookline.timeutil import utcnow
from hookline.url_guard import DNSFailure

if TYPE_CHECKING:
    from hookline.delivery.sender import Sender

KEY_PREFIX = "hk_"
ENV_KINDS = ("production", "development")
RETENTION_DAYS = (1, 3650)  # an environment's `retentionDays`, inclusive


@dataclass(frozen=True)
class Principal:
    """Who a request acts as: one environment of one organization."""

    key_id: str
    environment_id: str
    environment_kind: str
    org_id: str
    rps: int  # the plan's limits as the request found them
    monthly_events: int

    @property
    def requires_https(self) -> bool:
        return self.environment_kind == "production"


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def create_org(session: Session, name: str) -> Organization:
    name = name.strip()
    if not name or len(name) > 200:
        raise invalid("name", "must be 1 to 200 characters")
    if queries.accounts.org_named(session, name) is not None:
        raise Conflict(f"organization {name!r} already exists")
    org = Organization(id=new_id("org"), name=name)
    session.add(org)
    return org


def find_org(session: Session, id_or_name: str) -> Organization:
    org = queries.accounts.org_by_ref(session, id_or_name)
    if org is None:
        raise NotFound(f"organization {id_or_name!r} not found")
    return org


def list_orgs(session: Session) -> list[Organization]:
    return queries.accounts.orgs(session)


def list_envs(session: Session, org_ref: str | None = None) -> list[Environment]:
    """The environments users made; the hidden ones that hold operational endpoints are
    not theirs to use (`services/operational`)."""
    org_id = None if org_ref is None else find_org(session, org_ref).id
    return queries.accounts.user_envs(session, org_id)


def list_keys(session: Session, environment_id: str | None = None) -> list[ApiKey]:
    if environment_id is not None:
        get_env(session, environment_id)
    return queries.accounts.keys(session, environment_id)


def _retention_days(days: int | None) -> int | None:
    low, high = RETENTION_DAYS
    if days is not None and not low <= days <= high:
        raise invalid("retentionDays", f"must be from {low} to {high}, or null for the "
                      "instance's HOOKLINE_RETENTION")
    return days


def create_env(session: Session, org_ref: str, name: str, kind: str,
               retention_days: int | None = None) -> Environment:
    org = find_org(session, org_ref)
    if kind not in ENV_KINDS:
        raise invalid("kind", "must be production or development")
    _retention_days(retention_days)
    if queries.accounts.env_named(session, org.id, name) is not None:
        raise Conflict(f"environment {name!r} already exists in {org.name}")
    env = Environment(id=new_id("env"), org_id=org.id, name=name, kind=kind,
                      retention_days=retention_days)
    session.add(env)
    return env


def get_env(session: Session, env_id: str) -> Environment:
    env = session.get(Environment, env_id)
    if env is None:
        raise NotFound(f"environment {env_id!r} not found")
    return env


def set_retention(session: Session, env_id: str, days: int | None) -> Environment:
    """How many days the environment keeps its data (`services/retention`); None: the
    instance's default."""
    env = get_env(session, env_id)
    env.retention_days = _retention_days(days)
    session.add(env)
    return env


async def check_egress_proxy(sender: Sender, proxy: str | None) -> None:
    """An environment's proxy under the receivers' address rules (`Sender.guard_proxy`),
    before its transaction: it resolves DNS. 422 on `egressProxy`."""
    if proxy is None:
        return
    try:
        await sender.guard_proxy(check_proxy_url(proxy))
    except DNSFailure as exc:
        raise invalid("egressProxy", f"the host does not resolve ({exc})") from None
    except ValueError as exc:  # URLRefused among them
        raise invalid("egressProxy", str(exc)) from None


def set_egress_proxy(session: Session, env_id: str, proxy: str | None) -> Environment:
    """The proxy the environment's requests to receivers go through (`delivery/kinds/http/egress`);
    None: the instance's HOOKLINE_EGRESS_PROXY."""
    env = get_env(session, env_id)
    try:
        env.egress_proxy = None if proxy is None else check_proxy_url(proxy)
    except ValueError as exc:
        raise invalid("egressProxy", str(exc)) from None
    session.add(env)
    return env


def set_target_kinds(session: Session, env_id: str, chosen: Sequence[str] | None, *,
                     operator: bool = False) -> Environment:
    """The kinds of target the environment's endpoints and destinations may be (None:
    every kind), in the order the API lists them; its targets already saved are kept. A
    tenant (`operator` False) may narrow them, never widen them: which kinds a tenant may
    use (brokers on the operator's network, AWS) is the operator's to say (403)."""
    env = get_env(session, env_id)
    if chosen is not None:
        unknown = sorted(set(chosen) - set(KINDS))
        if unknown:
            raise invalid("targetKinds", f"{', '.join(unknown)} is not a kind of target "
                                         f"({', '.join(KINDS)})")
    wider = [k for k in KINDS if (chosen is None or k in chosen)
             and k not in target_kinds_of(env)]
    if wider and not operator:
        rule = (f"only an operator may allow more kinds of target ({', '.join(wider)}): "
                "hookline env update ENV --target-kinds ...")
        raise Forbidden(f"targetKinds: {rule}", title="Operator only", slug="operator-only",
                        errors=[{"field": "targetKinds", "message": rule}])
    env.target_kinds = None if chosen is None else [k for k in KINDS if k in chosen]
    session.add(env)
    return env


def set_instance_aws(session: Session, env_id: str, granted: bool) -> Environment:
    """An operator's grant (or its end) of the instance's own AWS identity to the
    environment's AWS targets without credentials (`sign_in.identity_refused`)."""
    env = get_env(session, env_id)
    env.instance_aws = granted
    session.add(env)
    return env


def target_kinds_of(env: Environment) -> list[str]:
    return list(KINDS) if env.target_kinds is None else list(env.target_kinds)


def create_key(session: Session, environment_id: str) -> tuple[ApiKey, str]:
    """Returns the stored record and the key itself, which is never queries.accounts."""
    get_env(session, environment_id)
    key = KEY_PREFIX + token(32)
    record = ApiKey(id=new_id("key"), environment_id=environment_id,
                    key_hash=hash_key(key), hint=key[:10])
    session.add(record)
    return record, key


def revoke_key(session: Session, key_id: str) -> ApiKey:
    record = session.get(ApiKey, key_id)
    if record is None:
        raise NotFound(f"API key {key_id!r} not found")
    if record.revoked_at is None:
        record.revoked_at = utcnow()
        session.add(record)
    return record


def get_plan(session: Session, org_id: str) -> Plan:
    plan = session.get(Plan, org_id)
    if plan is None:
        s = get_settings()
        plan = Plan(org_id=org_id, rps=s.default_rps, monthly_events=s.default_monthly_events,
                    max_sources=s.default_max_sources)
    return plan


def environment_caller(session: Session, env_id: str) -> Principal:
    """A caller of the environment with no key of its own (a portal link's agent), under
    its organization's plan."""
    env = session.get(Environment, env_id)
    if env is None:
        raise Unauthorized("this environment is gone")
    plan = get_plan(session, env.org_id)
    return principal_of("", env.id, env.kind, env.org_id, plan.rps, plan.monthly_events)


MAX_WEIGHT = 1000


def set_plan(session: Session, org_ref: str, *, rps: int | None = None,
             monthly_events: int | None = None, max_sources: int | None = None,
             weight: int | None = None) -> Plan:
    org = find_org(session, org_ref)
    plan = get_plan(session, org.id)
    for name, value in (("rps", rps), ("monthly_events", monthly_events),
                        ("max_sources", max_sources)):
        if value is not None:
            if value < 0:
                raise invalid(name, "must not be negative")
            setattr(plan, name, value)
    if weight is not None:
        if not 1 <= weight <= MAX_WEIGHT:
            raise invalid("weight", f"must be from 1 to {MAX_WEIGHT}")
        plan.weight = weight
    session.add(plan)
    return plan


def authenticate(session: Session, key: str) -> Principal:
    row = queries.accounts.key_holder(session, hash_key(key))
    if row is None:
        raise Unauthorized("the API key is not valid")
    key_id, revoked_at, env_id, env_kind, org_id, rps, monthly_events = row
    if revoked_at is not None:
        raise Unauthorized("the API key has been revoked")
    return principal_of(key_id, env_id, env_kind, org_id, rps, monthly_events)


def principal_of(key_id: str, env_id: str, env_kind: str, org_id: str, rps: int | None,
                 monthly_events: int | None) -> Principal:
    """A caller of the environment, with its plan's limits (the instance's defaults where
    the plan sets none)."""
    defaults = get_settings()
    return Principal(key_id=key_id, environment_id=env_id, environment_kind=env_kind,
                     org_id=org_id, rps=defaults.default_rps if rps is None else rps,
                     monthly_events=defaults.default_monthly_events
                     if monthly_events is None else monthly_events)


def has_any_org(session: Session) -> bool:
    return queries.accounts.any_org(session)
