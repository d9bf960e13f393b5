"""The endpoint form's OAuth2 and TLS parts, as a consumer types them: read from the form,
checked by the API's schemas (`api/schemas/credentials`), and shown again from what is
stored, without its write-only members (a blank secret keeps the stored one)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from pydantic import BaseModel, ValidationError

from api.portal.auth import Form
from api.schemas.credentials import AuthIn, TlsIn
from hookline.errors import invalid

# The form's field names, the API's member names.
AUTH_FIELDS = {"token_url": "tokenUrl", "client_id": "clientId", "client_secret": "clientSecret",
               "scope": "scope", "audience": "audience", "client_auth": "clientAuth",
               "private_key": "privateKey"}
TLS_FIELDS = {"client_certificate": "clientCertificate", "client_key": "clientKey",
              "ca_bundle": "caBundle"}


@dataclass(frozen=True)
class Credentials:
    """`auth_type`: "" (none) or "oauth2"; every other field as typed ("" when blank)."""

    auth_type: str = ""
    token_url: str = ""
    client_id: str = ""
    client_secret: str = ""
    scope: str = ""
    audience: str = ""
    client_auth: str = "basic"
    private_key: str = ""
    client_certificate: str = ""
    client_key: str = ""
    ca_bundle: str = ""

    @classmethod
    def of(cls, form: Form) -> Credentials:
        typed = {f.name: form.get(f.name).strip() for f in fields(cls)}
        typed["client_auth"] = typed["client_auth"] or "basic"
        return cls(**typed)

    @classmethod
    def stored(cls, auth: dict[str, Any] | None, tls: dict[str, Any] | None) -> Credentials:
        """What the form shows of a target: never a secret."""
        shown = {name: str((auth or {}).get(member) or "") for name, member in
                 AUTH_FIELDS.items() if name not in ("client_secret", "private_key")}
        shown |= {name: str((tls or {}).get(member) or "") for name, member in
                  TLS_FIELDS.items() if name != "client_key"}
        return cls(auth_type="oauth2" if auth else "", **shown)

    def auth(self) -> dict[str, Any] | None:
        """The `auth` to store: None when "none" is chosen; blank members left out (a blank
        secret keeps the stored one)."""
        if self.auth_type == "":
            return None
        if self.auth_type != "oauth2":
            raise invalid("auth.type", "must be none or oauth2")
        return checked(AuthIn, "auth", {"type": "oauth2", **self._given(AUTH_FIELDS)})

    def tls(self) -> dict[str, Any] | None:
        """The `tls` to store: None when every field is blank (a blank key alone keeps the
        stored one)."""
        given = self._given(TLS_FIELDS)
        if not given.keys() - {"clientKey"}:
            return None
        return checked(TlsIn, "tls", given)

    def _given(self, names: dict[str, str]) -> dict[str, str]:
        return {member: getattr(self, name) for name, member in names.items()
                if getattr(self, name)}


def checked(schema: type[BaseModel], prefix: str, given: dict[str, Any]) -> dict[str, Any]:
    """`given` through the API's schema, its first error named as the API names it."""
    try:
        model: BaseModel = schema.model_validate(given)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"])
        raise invalid(f"{prefix}.{where}", error["msg"]) from None
    return model.model_dump(by_alias=True, exclude_none=True)
