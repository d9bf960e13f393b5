"""Every statement on `portal_links`: opening a link by its token's hash, and revoking a
Consumer's links."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Session, col, select

from hookline.persistence.models import PortalLink


def by_token_hash(session: Session, token_hash: str) -> PortalLink | None:
    return session.exec(select(PortalLink).where(PortalLink.token_hash == token_hash)).first()


def revoke_of_consumer(session: Session, consumer_id: str, now: datetime) -> None:
    session.execute(sa.update(PortalLink).where(
        col(PortalLink.consumer_id) == consumer_id, col(PortalLink.revoked_at).is_(None))
        .values(revoked_at=now).execution_options(synchronize_session=False))
