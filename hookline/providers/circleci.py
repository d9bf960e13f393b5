"""CircleCI outbound webhooks: circleci-signature v1=<hex> over the raw body
(circleci/circleci-docs jekyll/_cci2/webhooks.adoc, "Validate outbound webhooks")."""

from __future__ import annotations

from .base import Incoming, Provider
from .common import body_field
from .hmac_schemes import versioned_verifier


def event_id(incoming: Incoming) -> str | None:
    # The docs name the body id as the key for dropping duplicate deliveries.
    return body_field(incoming, "id")


PROVIDER = Provider(
    code="circleci",
    name="CircleCI",
    scheme="HMAC-SHA256 hex of the raw body in circleci-signature (v1=..., comma-separated "
    "versions, only v1 checked); no timestamp",
    needs_secret=True,
    verify=versioned_verifier("circleci-signature", "circleci-signature"),
    event_id=event_id,
    event_id_location="body id",
)
