"""Every statement on `portal_notices`: one left by a form, read by the page after it, and
those past their time."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Session, col, select

from hookline.persistence.models import PortalNotice


def of_link(session: Session, notice_id: str, link_id: str, since: datetime
            ) -> PortalNotice | None:
    return session.exec(select(PortalNotice).where(
        PortalNotice.id == notice_id, PortalNotice.link_id == link_id,
        col(PortalNotice.created_at) >= since)).first()


def take(session: Session, notice_id: str) -> bool:
    """Deletes a notice read once: False when another read took it first."""
    deleted = session.execute(sa.delete(PortalNotice).where(col(PortalNotice.id) == notice_id)
                              .execution_options(synchronize_session=False))
    return bool(getattr(deleted, "rowcount", 0))


def delete_before(session: Session, before: datetime) -> int:
    deleted = session.execute(sa.delete(PortalNotice).where(
        col(PortalNotice.created_at) < before).execution_options(synchronize_session=False))
    return int(getattr(deleted, "rowcount", 0) or 0)
