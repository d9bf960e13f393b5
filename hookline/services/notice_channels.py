"""A Consumer's `contacts`, who hears of its endpoints' failures: up to five e-mail
addresses, a Slack incoming-webhook URL and a Teams workflow URL, checked here; and the
channels they become. Each channel is an endpoint of the environment's hidden environment
(`services/operational`), held by one hidden Consumer per Consumer, so a notice is a
Delivery like any other (the retry schedule, the breaker, the URL guard, one workflow
each): the Slack and Teams URLs are HTTP endpoints, an address a `mailto:` one
(`delivery/kinds/mail`). No user list shows them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from email_validator import EmailNotValidError, validate_email
from sqlmodel import Session

from hookline.delivery import targets
from hookline.delivery.sender import Sender
from hookline.errors import invalid
from hookline.ids import new_id
from hookline.persistence import queries
from hookline.persistence.models import Consumer, Endpoint, NoticeSuppression
from hookline.services import operational
from hookline.services.targets import check_url, signing_key
from hookline.target_kinds import MAIL_PREFIX
from hookline.timeutil import utcnow

MAX_EMAILS = 5
URL_LIMIT = 2000
EMAIL, SLACK, TEAMS = "email", "slack", "teams"
_URL_FIELDS = {SLACK: "slackUrl", TEAMS: "teamsUrl"}


_HOLDER = "notices-"


def holder_of(consumer_id: str) -> str:
    """The externalId of the hidden Consumer that holds `consumer_id`'s channels."""
    return f"{_HOLDER}{consumer_id}"


def holder_for(external_id: str) -> str:
    """The Consumer whose channels a hidden holder (of this externalId) holds."""
    return external_id.removeprefix(_HOLDER)


def check(contacts: dict[str, Any] | None, requires_https: bool) -> dict[str, Any] | None:
    """Contacts as stored (`{"emails": [...], "slackUrl", "teamsUrl"}`), or None when they
    name nobody. Addresses are checked for form only (no DNS), lower-cased and kept once.
    The URLs' addresses pass the guard in `check_addresses`, outside any transaction."""
    if contacts is None:
        return None
    emails: list[str] = []
    raw = contacts.get("emails") or []
    if not isinstance(raw, list) or len(raw) > MAX_EMAILS:
        raise invalid("contacts.emails", f"must be a list of at most {MAX_EMAILS} addresses")
    for address in raw:
        try:
            found = validate_email(str(address), check_deliverability=False).normalized
        except EmailNotValidError as exc:
            raise invalid("contacts.emails", f"{address!r} is not an e-mail address: {exc}"
                          ) from None
        if found.lower() not in emails:
            emails.append(found.lower())
    stored: dict[str, Any] = {"emails": emails}
    for field in _URL_FIELDS.values():
        url = contacts.get(field)
        if url is not None:
            _check_url_form(url, f"contacts.{field}", requires_https)
        stored[field] = url
    return stored if emails or stored["slackUrl"] or stored["teamsUrl"] else None


def _check_url_form(url: Any, field: str, requires_https: bool) -> None:
    if not isinstance(url, str) or len(url) > URL_LIMIT:
        raise invalid(field, f"must be a URL of at most {URL_LIMIT} characters")
    try:
        parts = urlsplit(url)
    except ValueError:
        raise invalid(field, "is not a URL") from None
    schemes = ("https",) if requires_https else ("http", "https")
    if parts.scheme not in schemes or not parts.hostname:
        raise invalid(field, f"must be an {' or '.join(schemes)} URL")


async def check_addresses(sender: Sender, contacts: dict[str, Any] | None,
                          requires_https: bool) -> None:
    """The Slack and Teams URLs through the guard every delivery passes (`check`'s
    contacts); outside any transaction, since it resolves names."""
    for field in _URL_FIELDS.values():
        if contacts and contacts.get(field):
            await check_url(sender, contacts[field], requires_https, f"contacts.{field}")


def set_contacts(session: Session, consumer: Consumer, contacts: dict[str, Any] | None
                 ) -> list[str]:
    """Contacts `check` and `check_addresses` passed, and their channels; the cancelled
    Deliveries of channels gone. An address that unsubscribed from the environment's
    notices is refused: only its owner took it off, and nobody else puts it back."""
    if gone := queries.notices.suppressed(session, consumer.environment_id,
                                          (contacts or {}).get("emails", [])):
        raise invalid("contacts.emails", f"{', '.join(gone)} unsubscribed from these "
                                         f"notices, and cannot be added again")
    consumer.contacts = contacts
    consumer.updated_at = utcnow()
    session.add(consumer)
    return sync(session, consumer)


def masked(shown: dict[str, Any] | None) -> dict[str, Any] | None:
    """Contacts as a reader who may not change them sees them (a read-only portal link):
    the Slack and Teams URLs' hosts, not their paths, which are credentials."""
    if not shown:
        return shown
    return {**shown, **{field: f"https://{urlsplit(url).hostname}/…" for field in
                        ("slackUrl", "teamsUrl") if (url := shown.get(field))}}


def named(contacts: dict[str, Any] | None) -> list[str]:
    """The contacts in words: the addresses, and the Slack and Teams URLs' hosts."""
    if not contacts:
        return []
    return [*contacts.get("emails", []), *(f"{name} ({urlsplit(url).hostname})" for name, url
                                           in (("Slack", contacts.get("slackUrl")),
                                               ("Teams", contacts.get("teamsUrl"))) if url)]


@dataclass(frozen=True)
class Channel:
    channel: str  # email | slack | teams
    endpoint: Endpoint  # the hidden endpoint a notice on it is delivered to

    @property
    def recipient(self) -> str:
        """The address; or the host of the Slack or Teams URL (its path is a credential)."""
        if self.channel == EMAIL:
            return self.endpoint.url.removeprefix(MAIL_PREFIX)
        return urlsplit(self.endpoint.url).hostname or ""


def _wanted(contacts: dict[str, Any] | None) -> set[tuple[str, str]]:
    """The channels the contacts name, as (channel, URL)."""
    if not contacts:
        return set()
    found = {(EMAIL, MAIL_PREFIX + address) for address in contacts.get("emails", [])}
    return found | {(channel, contacts[field]) for channel, field in _URL_FIELDS.items()
                    if contacts.get(field)}


def sync(session: Session, consumer: Consumer) -> list[str]:
    """Make the Consumer's hidden channels match its contacts, in the caller's transaction:
    a new one gets an endpoint, a gone one loses its own (its notices' Deliveries stay, as
    history; those waiting are cancelled and returned, to wake)."""
    wanted = _wanted(consumer.contacts)
    hidden = operational.environment_of(session, consumer.environment_id, create=bool(wanted))
    if hidden is None:
        return []
    holder = queries.consumers.by_external_id(session, hidden.id, holder_of(consumer.id))
    if holder is None:
        if not wanted:
            return []
        holder = Consumer(id=new_id("csm"), environment_id=hidden.id,
                          external_id=holder_of(consumer.id), name="Failure notices")
        session.add(holder)
        session.flush()
    cancelled: list[str] = []
    for endpoint in queries.targets.endpoints_of_consumer(session, holder.id):
        kept = (endpoint.description or "", endpoint.url)
        if kept in wanted:
            wanted.discard(kept)
            # Still wanted, and there: saved again, one its failures disabled (a mail
            # server's outage, a Slack URL since fixed) is enabled again.
            if endpoint.disabled_automatically:
                targets.enable(endpoint)
                session.add(endpoint)
            continue
        cancelled += targets.cancel_all(session, endpoint)
        session.delete(endpoint)
    if not consumer.contacts:  # nobody left: the holder goes too
        session.flush()
        session.delete(holder)
        return cancelled
    now = utcnow()
    for channel, url in wanted:
        session.add(Endpoint(id=new_id("ep"), environment_id=hidden.id, consumer_id=holder.id,
                             url=url, description=channel, events=[],
                             secret=signing_key(None), created_at=now, updated_at=now))
    session.flush()
    return cancelled


def channels(session: Session, consumer: Consumer) -> list[Channel]:
    """The Consumer's enabled channels, e-mail first."""
    hidden = operational.environment_of(session, consumer.environment_id)
    if hidden is None or not consumer.contacts:
        return []
    holder = queries.consumers.by_external_id(session, hidden.id, holder_of(consumer.id))
    if holder is None:
        return []
    found = [Channel(endpoint.description or "", endpoint) for endpoint
             in queries.targets.endpoints_of_consumer(session, holder.id)
             if targets.is_enabled(endpoint)]
    order = {EMAIL: 0, SLACK: 1, TEAMS: 2}
    return sorted(found, key=lambda c: (order.get(c.channel, 3), c.endpoint.url))


def forget(session: Session, consumer: Consumer) -> list[str]:
    """Before the Consumer is deleted: its channels go too (their Deliveries stay)."""
    consumer.contacts = None
    return sync(session, consumer)


def unsubscribe(session: Session, consumer: Consumer, address: str) -> list[str]:
    """Take one address off the Consumer's contacts (an e-mail's unsubscribe link), and
    off every list of the environment's from then on."""
    if not queries.notices.suppressed(session, consumer.environment_id, [address]):
        session.add(NoticeSuppression(environment_id=consumer.environment_id,
                                      address=address, created_at=utcnow()))
    contacts = dict(consumer.contacts or {})
    emails = [a for a in contacts.get("emails", []) if a != address]
    return set_contacts(session, consumer, {**contacts, "emails": emails} if (
        emails or contacts.get("slackUrl") or contacts.get("teamsUrl")) else None)
