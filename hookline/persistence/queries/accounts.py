"""Every statement on the operator's tables: `organizations`, `environments`, `api_keys`
and `plans`, with the request's authentication (one prepared statement, the plan's limits
included) and the environments' retention."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy import bindparam, or_
from sqlmodel import Session, col, select

from hookline.persistence.models import ApiKey, Environment, Organization, Plan

# Every request runs this: one prepared statement, the plan's limits included, no ORM rows.
_AUTHENTICATE = (
    sa.select(col(ApiKey.id), col(ApiKey.revoked_at), col(Environment.id), col(Environment.kind),
              col(Environment.org_id), col(Plan.rps), col(Plan.monthly_events))
    .join(Environment, col(Environment.id) == col(ApiKey.environment_id))
    .outerjoin(Plan, col(Plan.org_id) == col(Environment.org_id))
    .where(col(ApiKey.key_hash) == bindparam("key_hash"))
)
_USED = sa.update(ApiKey).where(col(ApiKey.id) == bindparam("key")) \
    .values(last_used_at=bindparam("now"))


def key_holder(session: Session, key_hash: str) -> Any:
    """(key id, revoked_at, environment id, kind, org id, plan rps, plan monthly events) of
    the key with this hash, or None."""
    return session.execute(_AUTHENTICATE, {"key_hash": key_hash}).first()


def note_key_used(session: Session, key_id: str, now: Any) -> None:
    session.execute(_USED, {"key": key_id, "now": now})


def keys(session: Session, environment_id: str | None) -> list[ApiKey]:
    query = select(ApiKey)
    if environment_id is not None:
        query = query.where(ApiKey.environment_id == environment_id)
    return list(session.exec(query.order_by(col(ApiKey.created_at))))


def org_named(session: Session, name: str) -> Organization | None:
    return session.exec(select(Organization).where(Organization.name == name)).first()


def org_by_ref(session: Session, id_or_name: str) -> Organization | None:
    return session.exec(select(Organization).where(
        or_(col(Organization.id) == id_or_name, col(Organization.name) == id_or_name))).first()


def orgs(session: Session) -> list[Organization]:
    return list(session.exec(select(Organization).order_by(col(Organization.created_at))))


def any_org(session: Session) -> bool:
    return session.exec(select(Organization.id).limit(1)).first() is not None


def user_envs(session: Session, org_id: str | None) -> list[Environment]:
    """The environments users made, oldest first; not the hidden ones of operational
    endpoints."""
    query = select(Environment).where(col(Environment.operational_of).is_(None))
    if org_id is not None:
        query = query.where(Environment.org_id == org_id)
    return list(session.exec(query.order_by(col(Environment.created_at))))


def env_named(session: Session, org_id: str, name: str) -> Environment | None:
    return session.exec(select(Environment).where(
        Environment.org_id == org_id, Environment.name == name)).first()


def hidden_env_of(session: Session, env_id: str) -> Environment | None:
    """The hidden environment that holds `env_id`'s operational endpoints."""
    return session.exec(select(Environment).where(Environment.operational_of == env_id)).first()


def retention_rows(session: Session) -> list[tuple[str, int | None, str | None]]:
    """(id, retention_days, operational_of) of every environment."""
    return [(r[0], r[1], r[2]) for r in session.execute(
        sa.select(col(Environment.id), col(Environment.retention_days),
                  col(Environment.operational_of))).all()]
