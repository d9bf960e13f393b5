"""What a broker target's `credentials` may be, by kind: pure, so that the API checks them
without loading any broker's client (aiokafka, aiormq, aiobotocore: a dozen MB a process).

- Kafka: SASL `{username, password, mechanism}`, `mechanism` one of MECHANISMS.
- RabbitMQ: `{username, password}`.
- The AWS kinds (`check_aws`): one of
    {accessKeyId, secretAccessKey, sessionToken?}   a key pair, used as given;
    {roleArn, externalId?}                          a role assumed (STS AssumeRole, session
                                                    `hookline`, an hour, renewed before it
                                                    ends) with the instance's own AWS chain;
    absent or {}                                    the instance's standard AWS chain
                                                    (environment, profile, container, EC2),
                                                    where an operator granted it
                                                    (`identity_refused`)."""

from __future__ import annotations

import re
from typing import Any

from hookline import target_kinds as kinds

MECHANISMS = ("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512")  # Kafka's SASL, as aiokafka names them
KEY_PAIR = ("accessKeyId", "secretAccessKey", "sessionToken")
ROLE = ("roleArn", "externalId")
ROLE_SESSION = "hookline"
ROLE_SECONDS = 3600
# IAM's and STS's own patterns for these members.
_ACCESS_KEY_ID = re.compile(r"^\w{16,128}$")
_ROLE_ARN = re.compile(r"^arn:aws[a-z-]*:iam::\d{12}:role/[\w+=,.@/-]{1,512}$")
_EXTERNAL_ID = re.compile(r"^[\w+=,.@:/-]{2,1224}$")


class CredentialsRefused(ValueError):
    """`field`: the member at fault, as the API names it (`credentials.roleArn`)."""

    def __init__(self, field: str, rule: str) -> None:
        super().__init__(f"{field} {rule}")
        self.field, self.rule = field, rule


def check_aws(kind: str, raw: Any) -> dict[str, str]:
    """The credentials to keep for an AWS-kind target (`{}`: the instance's chain); raises
    CredentialsRefused, a ValueError naming the member (`credentials.roleArn must be...`).
    Pure."""
    if kind not in kinds.AWS_KINDS:
        raise CredentialsRefused("credentials", f"are not taken by a {kind} target")
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise CredentialsRefused("credentials", "must be an object: {accessKeyId, "
                                 "secretAccessKey, sessionToken?} or {roleArn, externalId?}")
    found = {name: value for name, value in raw.items() if value is not None}
    for name, value in found.items():
        if name not in KEY_PAIR + ROLE:
            raise CredentialsRefused(f"credentials.{name}", "is not an AWS credential (they "
                                     f"are {', '.join(KEY_PAIR + ROLE)})")
        if not isinstance(value, str) or not value.strip() or len(value) > 4096:
            raise CredentialsRefused(f"credentials.{name}", "must be a non-empty string of "
                                     "at most 4096 characters")
    if "roleArn" in found:
        if set(KEY_PAIR) & set(found):
            raise CredentialsRefused("credentials.roleArn", "takes no key pair: the role is "
                                     "assumed with the instance's own AWS credentials")
        if not _ROLE_ARN.match(found["roleArn"]):
            raise CredentialsRefused("credentials.roleArn", "must be an IAM role's ARN "
                                     "(arn:aws:iam::123456789012:role/name)")
        if "externalId" in found and not _EXTERNAL_ID.match(found["externalId"]):
            raise CredentialsRefused("credentials.externalId", "must be 2 to 1224 letters, "
                                     "digits or +=,.@:/-_")
        return found
    if "externalId" in found:
        raise CredentialsRefused("credentials.externalId", "goes with credentials.roleArn")
    for name, other in (("accessKeyId", "secretAccessKey"), ("secretAccessKey", "accessKeyId"),
                        ("sessionToken", "accessKeyId")):
        if name in found and other not in found:
            raise CredentialsRefused(f"credentials.{other}", f"is required with {name}")
    if "accessKeyId" in found and not _ACCESS_KEY_ID.match(found["accessKeyId"]):
        raise CredentialsRefused("credentials.accessKeyId",
                                 "must be 16 to 128 letters or digits")
    return found


def identity_refused(credentials: dict[str, Any] | None, endpoint_override: str | None,
                     instance_aws: bool) -> str | None:
    """Why an AWS-kind target may not sign as its credentials say, or None. The instance's
    own AWS identity is the operator's: it signs a target without credentials only in an
    environment an operator granted it to (`instance_aws`), and a role is assumed with it.
    An `endpointOverride` (any server the tenant names) is sent only credentials given for
    the target itself, a key pair: else it would receive the instance's signed requests,
    its access key id and session token among them. The rule at save and at each attempt."""
    found = credentials or {}
    if "accessKeyId" in found:
        return None
    if endpoint_override is not None:
        return ("with an endpointOverride, a key pair of the target's own (accessKeyId, "
                "secretAccessKey) is required: a role or no credentials would send the "
                "instance's own AWS identity to that endpoint")
    if "roleArn" in found or instance_aws:
        return None
    return ("are required: a key pair (accessKeyId, secretAccessKey) or a role (roleArn); "
            "the instance's own AWS identity serves only environments an operator has granted "
            "it to (hookline env update ENV --instance-aws)")
