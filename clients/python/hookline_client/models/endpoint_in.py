from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.endpoint_in_kind_type_0 import EndpointInKindType0
from ..models.endpoint_in_signature_scheme_type_0 import EndpointInSignatureSchemeType0
from ..models.endpoint_in_signatureheaders import EndpointInSignatureheaders
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.auth_in import AuthIn
  from ..models.batch import Batch
  from ..models.credentials_in import CredentialsIn
  from ..models.endpoint_in_headers_type_0 import EndpointInHeadersType0
  from ..models.ordering import Ordering
  from ..models.tls_in import TlsIn





T = TypeVar("T", bound="EndpointIn")



@_attrs_define
class EndpointIn:
    """ 
        Attributes:
            consumer (str): The Consumer's externalId
            url (None | str | Unset): Where its Deliveries are sent; required, but for a polling endpoint, which has none
            events (list[str] | None | Unset): Absent or [] means all types
            description (None | str | Unset):
            headers (EndpointInHeadersType0 | None | Unset): Fixed headers
            secret (None | str | Unset): A whsec_ secret (v1) or a whsk_ signing key (v1a); made when absent
            rate_limit (int | None | Unset): Deliveries per second at most, 1 to 10000, across every worker; null (the
                default) is no limit
            signature_scheme (EndpointInSignatureSchemeType0 | None | Unset): absent: the given secret's, else v1
            signature_headers (EndpointInSignatureheaders | Unset): The names the signature goes under, with the same
                values: `webhook` (Webhook-Id, Webhook-Timestamp, Webhook-Signature: Standard Webhooks) or `svix` (svix-id,
                svix-timestamp, svix-signature, what Svix's verifiers also read) Default: EndpointInSignatureheaders.WEBHOOK.
            auth (AuthIn | None | Unset): OAuth2 client credentials: every request to the receiver carries `Authorization:
                Bearer <token>`, a token fetched from `tokenUrl`, kept until shortly before `expires_in` runs out and fetched
                again once when the receiver answers 401. A token endpoint that fails fails the attempt with errorType `oauth`.
                In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null
                removes it
            tls (None | TlsIn | Unset): TLS to the receiver: a client certificate with its key (mutual TLS), and a CA bundle
                trusted instead of the public roots (a receiver on a private CA). PEM text. In a PATCH the object replaces the
                stored one (`clientKey` left out keeps the stored one); null removes it
            credentials (CredentialsIn | None | Unset): A broker target's sign-in (its URL's scheme names the kind): Kafka's
                SASL `{username, password, mechanism: PLAIN | SCRAM-SHA-256 | SCRAM-SHA-512}`, RabbitMQ's `{username, password}`
                (absent: guest), the AWS kinds' key pair `{accessKeyId, secretAccessKey, sessionToken}` or role `{roleArn,
                externalId}` (assumed with the service's own AWS credentials; absent: the service's standard AWS chain).
                `password`, `secretAccessKey` and `sessionToken` are write-only. In a PATCH the object replaces the stored one
                (a write-only member left out keeps its stored value); null removes it
            endpoint_override (None | str | Unset): The AWS kinds': the service endpoint to use instead of AWS's own for the
                region (a VPC endpoint, LocalStack, an S3-compatible store); it passes the same URL rules as a receiver's URL
            kind (EndpointInKindType0 | None | Unset): `polling` (no URL: its Consumer pulls its Deliveries from `pollUrl`
                with its poll token), or the kind its URL names: `http`, or a broker's; absent: its URL's
            filter_ (None | str | Unset): A CEL expression, at most 4 KB, that decides at fan-out whether an event (for an
                endpoint: `type`, `data`, `consumer`, `eventId`) or a message (for a destination: `body`, `headers`, `query`,
                `contentType`, `provider`) makes a Delivery for it; an evaluation error counts as no match. null: no filter
            transformation (None | str | Unset): JavaScript, at most 64 KB, defining `function handler(webhook)`: run at
                every attempt with `{method, url, eventType, payload, headers, cancel}`, it returns the webhook changed
                (`payload` is sent, `headers` added, `url` replaced, `cancel: true` sends nothing). An error, a timeout or the
                memory limit fails the attempt with errorType `transformation`. null: none
            ordering (None | Ordering | Unset): Strict order: null (the default) delivers each event independently; an
                object makes one line per value of `key` (a JMESPath expression on the body; absent or null: one line for the
                whole target), each delivered one at a time in the order the events were accepted. The Deliveries waiting behind
                a line's head are `held`. `onExhausted`: `block` (the default) keeps an exhausted head at its line's head until
                it is retried or skipped (POST /v1/deliveries/{id}/skip); `skip` lets the line move on
            batch (Batch | None | Unset): Batches: null (the default) sends each Delivery in its own request; an object
                sends up to `maxSize` ready Deliveries in one request, as soon as `maxSize` are ready or the oldest has waited
                `maxWaitMs`. The body is `{"type": "batch", "events": [...]}` (each event's usual body, in order), signed once
                with a batch id as `webhook-id`; one answer decides every Delivery in it, and a failed batch is retried whole. A
                broker target gets one record per Delivery, in order
     """

    consumer: str
    url: None | str | Unset = UNSET
    events: list[str] | None | Unset = UNSET
    description: None | str | Unset = UNSET
    headers: EndpointInHeadersType0 | None | Unset = UNSET
    secret: None | str | Unset = UNSET
    rate_limit: int | None | Unset = UNSET
    signature_scheme: EndpointInSignatureSchemeType0 | None | Unset = UNSET
    signature_headers: EndpointInSignatureheaders | Unset = EndpointInSignatureheaders.WEBHOOK
    auth: AuthIn | None | Unset = UNSET
    tls: None | TlsIn | Unset = UNSET
    credentials: CredentialsIn | None | Unset = UNSET
    endpoint_override: None | str | Unset = UNSET
    kind: EndpointInKindType0 | None | Unset = UNSET
    filter_: None | str | Unset = UNSET
    transformation: None | str | Unset = UNSET
    ordering: None | Ordering | Unset = UNSET
    batch: Batch | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.auth_in import AuthIn # noqa: PLC0415
        from ..models.batch import Batch # noqa: PLC0415
        from ..models.credentials_in import CredentialsIn # noqa: PLC0415
        from ..models.endpoint_in_headers_type_0 import EndpointInHeadersType0 # noqa: PLC0415
        from ..models.ordering import Ordering # noqa: PLC0415
        from ..models.tls_in import TlsIn # noqa: PLC0415
        consumer = self.consumer

        url: None | str | Unset
        if isinstance(self.url, Unset):
            url = UNSET
        else:
            url = self.url

        events: list[str] | None | Unset
        if isinstance(self.events, Unset):
            events = UNSET
        elif isinstance(self.events, list):
            events = self.events


        else:
            events = self.events

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        headers: dict[str, Any] | None | Unset
        if isinstance(self.headers, Unset):
            headers = UNSET
        elif isinstance(self.headers, EndpointInHeadersType0):
            headers = self.headers.to_dict()
        else:
            headers = self.headers

        secret: None | str | Unset
        if isinstance(self.secret, Unset):
            secret = UNSET
        else:
            secret = self.secret

        rate_limit: int | None | Unset
        if isinstance(self.rate_limit, Unset):
            rate_limit = UNSET
        else:
            rate_limit = self.rate_limit

        signature_scheme: None | str | Unset
        if isinstance(self.signature_scheme, Unset):
            signature_scheme = UNSET
        elif isinstance(self.signature_scheme, EndpointInSignatureSchemeType0):
            signature_scheme = self.signature_scheme.value
        else:
            signature_scheme = self.signature_scheme

        signature_headers: str | Unset = UNSET
        if not isinstance(self.signature_headers, Unset):
            signature_headers = self.signature_headers.value


        auth: dict[str, Any] | None | Unset
        if isinstance(self.auth, Unset):
            auth = UNSET
        elif isinstance(self.auth, AuthIn):
            auth = self.auth.to_dict()
        else:
            auth = self.auth

        tls: dict[str, Any] | None | Unset
        if isinstance(self.tls, Unset):
            tls = UNSET
        elif isinstance(self.tls, TlsIn):
            tls = self.tls.to_dict()
        else:
            tls = self.tls

        credentials: dict[str, Any] | None | Unset
        if isinstance(self.credentials, Unset):
            credentials = UNSET
        elif isinstance(self.credentials, CredentialsIn):
            credentials = self.credentials.to_dict()
        else:
            credentials = self.credentials

        endpoint_override: None | str | Unset
        if isinstance(self.endpoint_override, Unset):
            endpoint_override = UNSET
        else:
            endpoint_override = self.endpoint_override

        kind: None | str | Unset
        if isinstance(self.kind, Unset):
            kind = UNSET
        elif isinstance(self.kind, EndpointInKindType0):
            kind = self.kind.value
        else:
            kind = self.kind

        filter_: None | str | Unset
        if isinstance(self.filter_, Unset):
            filter_ = UNSET
        else:
            filter_ = self.filter_

        transformation: None | str | Unset
        if isinstance(self.transformation, Unset):
            transformation = UNSET
        else:
            transformation = self.transformation

        ordering: dict[str, Any] | None | Unset
        if isinstance(self.ordering, Unset):
            ordering = UNSET
        elif isinstance(self.ordering, Ordering):
            ordering = self.ordering.to_dict()
        else:
            ordering = self.ordering

        batch: dict[str, Any] | None | Unset
        if isinstance(self.batch, Unset):
            batch = UNSET
        elif isinstance(self.batch, Batch):
            batch = self.batch.to_dict()
        else:
            batch = self.batch


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "consumer": consumer,
        })
        if url is not UNSET:
            field_dict["url"] = url
        if events is not UNSET:
            field_dict["events"] = events
        if description is not UNSET:
            field_dict["description"] = description
        if headers is not UNSET:
            field_dict["headers"] = headers
        if secret is not UNSET:
            field_dict["secret"] = secret
        if rate_limit is not UNSET:
            field_dict["rateLimit"] = rate_limit
        if signature_scheme is not UNSET:
            field_dict["signatureScheme"] = signature_scheme
        if signature_headers is not UNSET:
            field_dict["signatureHeaders"] = signature_headers
        if auth is not UNSET:
            field_dict["auth"] = auth
        if tls is not UNSET:
            field_dict["tls"] = tls
        if credentials is not UNSET:
            field_dict["credentials"] = credentials
        if endpoint_override is not UNSET:
            field_dict["endpointOverride"] = endpoint_override
        if kind is not UNSET:
            field_dict["kind"] = kind
        if filter_ is not UNSET:
            field_dict["filter"] = filter_
        if transformation is not UNSET:
            field_dict["transformation"] = transformation
        if ordering is not UNSET:
            field_dict["ordering"] = ordering
        if batch is not UNSET:
            field_dict["batch"] = batch

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.auth_in import AuthIn # noqa: PLC0415
        from ..models.batch import Batch # noqa: PLC0415
        from ..models.credentials_in import CredentialsIn # noqa: PLC0415
        from ..models.endpoint_in_headers_type_0 import EndpointInHeadersType0 # noqa: PLC0415
        from ..models.ordering import Ordering # noqa: PLC0415
        from ..models.tls_in import TlsIn # noqa: PLC0415
        d = dict(src_dict)
        consumer = d.pop("consumer")

        def _parse_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        url = _parse_url(d.pop("url", UNSET))


        def _parse_events(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                events_type_0 = cast(list[str], data)

                return events_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        events = _parse_events(d.pop("events", UNSET))


        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        def _parse_headers(data: object) -> EndpointInHeadersType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                headers_type_0 = EndpointInHeadersType0.from_dict(data)



                return headers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EndpointInHeadersType0 | None | Unset, data)

        headers = _parse_headers(d.pop("headers", UNSET))


        def _parse_secret(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        secret = _parse_secret(d.pop("secret", UNSET))


        def _parse_rate_limit(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rate_limit = _parse_rate_limit(d.pop("rateLimit", UNSET))


        def _parse_signature_scheme(data: object) -> EndpointInSignatureSchemeType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                signature_scheme_type_0 = EndpointInSignatureSchemeType0(data)



                return signature_scheme_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EndpointInSignatureSchemeType0 | None | Unset, data)

        signature_scheme = _parse_signature_scheme(d.pop("signatureScheme", UNSET))


        _signature_headers = d.pop("signatureHeaders", UNSET)
        signature_headers: EndpointInSignatureheaders | Unset
        if isinstance(_signature_headers,  Unset):
            signature_headers = UNSET
        else:
            signature_headers = EndpointInSignatureheaders(_signature_headers)




        def _parse_auth(data: object) -> AuthIn | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                auth_type_0 = AuthIn.from_dict(data)



                return auth_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AuthIn | None | Unset, data)

        auth = _parse_auth(d.pop("auth", UNSET))


        def _parse_tls(data: object) -> None | TlsIn | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tls_type_0 = TlsIn.from_dict(data)



                return tls_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TlsIn | Unset, data)

        tls = _parse_tls(d.pop("tls", UNSET))


        def _parse_credentials(data: object) -> CredentialsIn | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                credentials_type_0 = CredentialsIn.from_dict(data)



                return credentials_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CredentialsIn | None | Unset, data)

        credentials = _parse_credentials(d.pop("credentials", UNSET))


        def _parse_endpoint_override(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        endpoint_override = _parse_endpoint_override(d.pop("endpointOverride", UNSET))


        def _parse_kind(data: object) -> EndpointInKindType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                kind_type_0 = EndpointInKindType0(data)



                return kind_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EndpointInKindType0 | None | Unset, data)

        kind = _parse_kind(d.pop("kind", UNSET))


        def _parse_filter_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        filter_ = _parse_filter_(d.pop("filter", UNSET))


        def _parse_transformation(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        transformation = _parse_transformation(d.pop("transformation", UNSET))


        def _parse_ordering(data: object) -> None | Ordering | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ordering_type_0 = Ordering.from_dict(data)



                return ordering_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Ordering | Unset, data)

        ordering = _parse_ordering(d.pop("ordering", UNSET))


        def _parse_batch(data: object) -> Batch | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                batch_type_0 = Batch.from_dict(data)



                return batch_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Batch | None | Unset, data)

        batch = _parse_batch(d.pop("batch", UNSET))


        endpoint_in = cls(
            consumer=consumer,
            url=url,
            events=events,
            description=description,
            headers=headers,
            secret=secret,
            rate_limit=rate_limit,
            signature_scheme=signature_scheme,
            signature_headers=signature_headers,
            auth=auth,
            tls=tls,
            credentials=credentials,
            endpoint_override=endpoint_override,
            kind=kind,
            filter_=filter_,
            transformation=transformation,
            ordering=ordering,
            batch=batch,
        )

        return endpoint_in

