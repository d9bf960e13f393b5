"""What the API does to one delivery target, an endpoint or a destination alike (`kind`).

Each function is one unit of work and commits before returning, reads included: the routes
await DNS and HTTP between calls, and on SQLite an open transaction holds the write lock."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from typing import TypeVar

from sqlmodel import Session

from hookline.delivery import targets
from hookline.delivery.targets import Target
from hookline.services import endpoints, target_stats
from hookline.services import targets as service
from hookline.services.target_stats import TargetStats
from hookline.services.targets import TargetPatch, TargetRow
from hookline.signing import scheme_of, verifying_key
from hookline.timeutil import utcnow

AnyTarget = TypeVar("AnyTarget", bound=Target)


def find(session: Session, kind: type[AnyTarget], env_id: str, target_id: str) -> AnyTarget:
    """The target, or 404 (before slower checks such as DNS); ends the read."""
    try:
        return service.get_scoped(session, kind, env_id, target_id)
    finally:
        session.commit()


def read(session: Session, kind: type[Target], env_id: str, target_id: str) -> TargetRow:
    row = service.row_of(session, service.get_scoped(session, kind, env_id, target_id))
    session.commit()
    return row


def update(session: Session, kind: type[Target], env_id: str, target_id: str,
           patch: TargetPatch) -> tuple[TargetRow, list[str]]:
    """Validates everything before changing anything. Returns the target and the Deliveries
    a disable cancelled, whose workflows the caller wakes after this commit."""
    target = service.get_scoped(session, kind, env_id, target_id)
    try:
        if patch.events is not None:
            patch = replace(patch, events=endpoints.check_events(session, env_id,
                                                                 patch.events))
        if isinstance(patch.uid, str) and (scope := target.uid_scope()) is not None:
            endpoints.check_uid_free(session, scope, patch.uid, target.id)
        cancelled = service.apply_patch(session, target, patch)
    except Exception:
        # The patch sets some fields before a later check refuses it (the credentials
        # against the URL in force afterwards): nothing of a refused patch is kept, even
        # by a caller that goes on in this session and commits (the portal's refusal).
        session.rollback()
        raise
    row = service.row_of(session, target)  # read before the commit: the transaction ends
    session.commit()
    return row, cancelled


def delete(session: Session, kind: type[Target], env_id: str, target_id: str) -> list[str]:
    """Returns the Deliveries that were waiting for it, now cancelled, to wake."""
    cancelled = service.remove(session, service.get_scoped(session, kind, env_id, target_id))
    session.commit()
    return cancelled


def set_headers(session: Session, kind: type[Target], env_id: str, target_id: str,
                headers: dict[str, str]) -> dict[str, str]:
    found = service.set_headers(session, service.get_scoped(session, kind, env_id, target_id),
                                headers)
    session.commit()
    return found


def patch_headers(session: Session, kind: type[Target], env_id: str, target_id: str,
                  changes: dict[str, str | None], removed: list[str]) -> dict[str, str]:
    """Sets or removes some fixed headers (`services.targets.merge_headers`), the others
    kept; the set in force follows the same rules as a whole one."""
    target = service.get_scoped(session, kind, env_id, target_id)
    found = service.set_headers(session, target, service.merge_headers(target, changes,
                                                                       removed))
    session.commit()
    return found


def rotate_secret(session: Session, kind: type[Target], env_id: str, target_id: str,
                  secret: str | None = None, overlap: timedelta | None = None,
                  scheme: str | None = None) -> str:
    """A new key of its scheme (or of `scheme`: a switch), or the one given; the previous one
    keeps signing for 24 hours, or for `overlap`. Answers what a receiver verifies with
    now: the secret (`v1`) or the public key (`v1a`)."""
    target = service.get_scoped(session, kind, env_id, target_id)
    if secret is None and scheme is None:
        scheme = scheme_of(target.secret)
    fresh = service.rotate(session, target, service.signing_key(secret, scheme),
                           targets.ROTATION_OVERLAP if overlap is None else overlap)
    session.commit()
    return verifying_key(fresh)


def stats(session: Session, kind: type[Target], env_id: str, target_id: str,
          since: datetime | None) -> tuple[Target, TargetStats]:
    """Its health since `since` (default: the last 24 hours)."""
    target = service.get_scoped(session, kind, env_id, target_id)
    found = target_stats.stats(session, target, since or utcnow() - timedelta(hours=24))
    session.commit()
    return target, found
