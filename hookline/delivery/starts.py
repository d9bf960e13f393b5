"""What it takes to start (or wake) a Delivery's workflow and label it in the Temporal UI:
its schedule from where it stands, its search attributes and its one-line summary.

The labels name the target's host, never its URL: a URL's path and query are often the
receiver's secret (Slack's, Discord's, Zapier's webhook URLs; `?token=`), and Temporal's
visibility store, its UI and Temporal Cloud are outside the trust boundary."""

from __future__ import annotations

from urllib.parse import urlsplit

from sqlmodel import Session

from hookline.contracts import DeliveryStart
from hookline.delivery import targets
from hookline.persistence.models import Delivery, Event, Message, Source
from hookline.target_kinds import MAIL, POLLING, is_mail, is_polling


def remaining_delays(delivery: Delivery, schedule: list[float]) -> list[float]:
    """The schedule from where the Delivery stands: a new one gets all of it, an exhausted
    one a single attempt, a cancelled one what it had left."""
    return schedule[delivery.attempts:]


def start_for(session: Session, delivery: Delivery, schedule: list[float]) -> DeliveryStart:
    """Workflow input and UI labels (search attributes, summary) for a stored Delivery."""
    target = targets.target_of(session, delivery)
    host = host_of(target.url) if target else "?"
    delays = remaining_delays(delivery, schedule)
    if delivery.event_id:
        return event_start(delivery.id, delivery.environment_id, delays, delivery.status,
                            delivery.endpoint_id, session.get(Event, delivery.event_id), host)
    message = session.get(Message, delivery.message_id)
    source = session.get(Source, message.source_id) if message else None
    return message_start(delivery.id, delivery.environment_id, delays, delivery.status,
                          delivery.destination_id, source.name if source else "message", host)


def event_start(delivery_id: str, environment_id: str, delays: list[float], status: str,
                 endpoint_id: str | None, event: Event | None, host: str) -> DeliveryStart:
    event_type = event.type if event else "?"
    return DeliveryStart(delivery_id=delivery_id, delays=delays, environment_id=environment_id,
                         status=status, summary=f"{event_type} -> {host}",
                         endpoint_id=endpoint_id, event_type=event_type,
                         consumer=event.consumer_external_id if event else None)


def message_start(delivery_id: str, environment_id: str, delays: list[float], status: str,
                   destination_id: str | None, source_name: str, host: str) -> DeliveryStart:
    return DeliveryStart(delivery_id=delivery_id, delays=delays, environment_id=environment_id,
                         status=status, summary=f"{source_name} -> {host}",
                         destination_id=destination_id)


def host_of(url: str) -> str:
    """The host a target's URL names (a broker's, or an AWS target's region): what its
    workflow's summary may say of it; a polling endpoint, which has none, is `polling`."""
    if is_polling(url):
        return POLLING
    if is_mail(url):  # a failure notice's e-mail: its address is nobody else's to see
        return MAIL
    try:
        return urlsplit(url).hostname or "?"
    except ValueError:
        return "?"
