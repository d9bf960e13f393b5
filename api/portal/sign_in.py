"""The endpoint form's broker sign-in, as a consumer types it: a Kafka or RabbitMQ user, an
AWS key pair or role, and an AWS kind's endpoint override. Checked by the API's schema
(`CredentialsIn`) here, then by the API's rules for the URL's kind
(`services/target_credentials`, through `create_endpoint` and the patch); shown again from
what is stored, without its write-only members (a blank secret keeps the stored one)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from api.portal.auth import Form
from api.portal.credentials import checked
from api.schemas.credentials import CredentialsIn
from hookline.delivery.credentials import CREDENTIAL_SECRETS

# The form's field names, the API's member names (`credentials`).
MEMBERS = {"broker_username": "username", "broker_password": "password",
           "broker_mechanism": "mechanism", "aws_access_key_id": "accessKeyId",
           "aws_secret_access_key": "secretAccessKey", "aws_session_token": "sessionToken",
           "aws_role_arn": "roleArn"}
# Where an error the API names (`credentials.password`) is shown on the form. A role's
# ExternalId is not typed: it is always the environment's id, which the form shows.
FIELD_OF = {f"credentials.{member}": name for name, member in MEMBERS.items()} | {
    "endpointOverride": "endpoint_override", "credentials.externalId": "aws_role_arn",
    "batch.maxSize": "batch_size", "batch.maxWaitMs": "batch_wait_ms"}


@dataclass(frozen=True)
class SignIn:
    """Every field as typed ("" when blank)."""

    broker_username: str = ""
    broker_password: str = ""
    broker_mechanism: str = ""  # "": PLAIN, Kafka's default
    aws_access_key_id: str = ""
    aws_secret_access_key: str = ""
    aws_session_token: str = ""
    aws_role_arn: str = ""
    endpoint_override: str = ""

    @classmethod
    def of(cls, form: Form) -> SignIn:
        return cls(**{f.name: form.get(f.name).strip() for f in fields(cls)})

    @classmethod
    def stored(cls, credentials: dict[str, Any] | None, override: str | None) -> SignIn:
        """What the form shows of a target: never a secret."""
        shown = {name: str((credentials or {}).get(member) or "") for name, member in
                 MEMBERS.items() if member not in CREDENTIAL_SECRETS}
        return cls(endpoint_override=override or "", **shown)

    @property
    def typed(self) -> bool:
        """Anything filled in: the form opens its sign-in part."""
        return any(getattr(self, f.name) for f in fields(self))

    def credentials(self) -> dict[str, Any] | None:
        """The `credentials` to give: None when every field is blank (which removes stored
        ones); blank members left out (a blank secret keeps the stored one)."""
        given = {member: getattr(self, name) for name, member in MEMBERS.items()
                 if getattr(self, name)}
        return checked(CredentialsIn, "credentials", given) if given else None

    def override(self) -> str | None:
        return self.endpoint_override or None
