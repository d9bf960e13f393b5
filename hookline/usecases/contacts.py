"""Setting a Consumer's `contacts`, from the API, the portal or a Consumer's agent: their
form checked, their Slack and Teams URLs through the guard (outside any transaction: it
resolves names), then saved with their channels in one transaction."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from hookline.delivery.sender import Sender
from hookline.persistence.models import Consumer
from hookline.services import consumers, notice_channels


async def checked(sender: Sender, given: dict[str, Any] | None, requires_https: bool
                  ) -> dict[str, Any] | None:
    """Contacts as stored; ValidationFailed naming the field otherwise."""
    contacts = notice_channels.check(given, requires_https)
    await notice_channels.check_addresses(sender, contacts, requires_https)
    return contacts


def save(session: Session, env_id: str, consumer_ref: str, contacts: dict[str, Any] | None
         ) -> tuple[Consumer, list[str]]:
    """Commits; returns the Consumer and the Deliveries of channels gone (to wake)."""
    consumer = consumers.get_consumer(session, env_id, consumer_ref)
    cancelled = notice_channels.set_contacts(session, consumer, contacts)
    session.commit()
    return consumer, cancelled
