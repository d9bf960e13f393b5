"""A Delivery's statuses and an attempt's, in one place.

StrEnum rather than `(str, Enum)`: a member formats, hashes and JSON-encodes as its plain
value, so metric labels, logs, API bodies and the text stored in the database stay what
they were with bare strings, and a member still equals and finds its string in a set.

Standard library only: `hookline.contracts` imports this module, and the workflows import
contracts inside Temporal's sandbox (`imports_passed_through`)."""

from enum import StrEnum
from typing import Literal


class DeliveryStatus(StrEnum):
    PENDING = "pending"
    PROCESSING = "processing"
    RETRYING = "retrying"
    DELIVERED = "delivered"
    EXHAUSTED = "exhausted"
    CANCELLED = "cancelled"
    # Queued in its line at an ordered target, behind the Delivery at the line's head: it
    # becomes `pending` when it is the head (`hookline.delivery.lines`).
    HELD = "held"


class AttemptStatus(StrEnum):
    SUCCEEDED = "succeeded"
    FAILED = "failed"


# After these nothing more happens to a Delivery until a manual retry.
FINAL = frozenset({DeliveryStatus.DELIVERED, DeliveryStatus.EXHAUSTED, DeliveryStatus.CANCELLED})
WAITING = (DeliveryStatus.PENDING, DeliveryStatus.RETRYING)  # waiting for an attempt
ATTEMPTABLE = (*WAITING, DeliveryStatus.PROCESSING)  # and those an attempt may still move on
RECOVERABLE = (DeliveryStatus.EXHAUSTED, DeliveryStatus.CANCELLED)  # what a recovery re-sends

# The same sets as Literals, for FastAPI's query parameters and schemas: a StrEnum there
# would become a `$ref` component and change openapi.json and the generated clients.
# tests/test_statuses.py holds each to its enum, order included.
DeliveryStatusName = Literal["pending", "processing", "retrying", "delivered", "exhausted",
                             "cancelled", "held"]
AttemptStatusName = Literal["succeeded", "failed"]
RecoverableName = Literal["exhausted", "cancelled"]

class ErrorType(StrEnum):
    """Why an attempt failed (its `errorType`), in the order the API and the metrics list
    them: an HTTP receiver's answer or its absence, the guard's refusal, what the engine did
    instead of sending (the breaker, the transformation, the token, the proxy), and a
    broker's failed publish (`hookline.delivery.kinds.brokers`). The one list: the engine, the
    explorer, the queries and the metrics take their names from it."""

    TIMEOUT = "timeout"
    CONNECTION = "connection"
    DNS = "dns"
    TLS = "tls"
    BLOCKED_URL = "blocked_url"
    HTTP_STATUS = "http_status"
    CIRCUIT_OPEN = "circuit_open"
    TRANSFORMATION = "transformation"
    OAUTH = "oauth"
    PROXY = "proxy"
    BROKER_UNREACHABLE = "broker_unreachable"
    BROKER_REFUSED = "broker_refused"
    BROKER_AUTH = "broker_auth"
    # A polling endpoint's Delivery its Consumer did not commit within the window.
    NOT_POLLED = "not_polled"
    # A failure notice's e-mail the instance's SMTP server refused (its login, the sender or
    # the recipient); one it could not be reached for is `connection` or `timeout`.
    MAIL_REFUSED = "mail_refused"


ERROR_TYPES = tuple(error.value for error in ErrorType)
# The API's query parameter, as the Literals above (tests/test_statuses.py holds it to the enum).
ErrorTypeName = Literal["timeout", "connection", "dns", "tls", "blocked_url", "http_status",
                        "circuit_open", "transformation", "oauth", "proxy",
                        "broker_unreachable", "broker_refused", "broker_auth", "not_polled",
                        "mail_refused"]
