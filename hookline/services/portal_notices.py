"""What a portal form came to, kept for the page its redirect leads to (POST, redirect,
GET): the form never answers with a page, so reloading that page never sends the form
again. A notice belongs to the link whose session left it and to the page it was left for,
lives a quarter of an hour (the daily retention pass sweeps those past it), and one that
shows a new signing secret is read once."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlmodel import Session

from hookline.ids import token
from hookline.persistence import queries
from hookline.persistence.models import PortalNotice
from hookline.services.portal import Access
from hookline.timeutil import utcnow

LIFETIME = timedelta(minutes=15)


def leave(session: Session, found: Access, at: str, body: dict[str, Any], *,
          once: bool = False) -> str:
    """Stores `body` for the page at path `at` of `found`'s session; returns its id (the
    page's `notice` parameter). Those past their time go at the same time."""
    now = utcnow()
    queries.portal_notices.delete_before(session, now - LIFETIME)
    notice = PortalNotice(id=token(16), link_id=found.link_id, body={**body, "at": at},
                          once=once, created_at=now)
    session.add(notice)
    return notice.id


def read(session: Session, found: Access, at: str, notice_id: str | None
         ) -> dict[str, Any] | None:
    """The notice `notice_id` left for the page at path `at` of `found`'s link, while it
    lives; one read once is gone after (a concurrent read gets none). None when there is
    none (another link's or another page's, expired, or already read)."""
    if not notice_id:
        return None
    notice = queries.portal_notices.of_link(session, notice_id, found.link_id,
                                            utcnow() - LIFETIME)
    if notice is None or notice.body.get("at") != at:
        return None
    if notice.once and not queries.portal_notices.take(session, notice.id):
        return None
    return notice.body


def sweep(session: Session) -> int:
    """Deletes the notices past their time; returns how many."""
    return queries.portal_notices.delete_before(session, utcnow() - LIFETIME)
