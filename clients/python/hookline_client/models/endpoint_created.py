from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.endpoint_created_circuit import EndpointCreatedCircuit
from ..models.endpoint_created_kind import EndpointCreatedKind
from ..models.endpoint_created_signatureheaders import EndpointCreatedSignatureheaders
from ..models.endpoint_created_signaturescheme import EndpointCreatedSignaturescheme
from ..models.endpoint_created_status import EndpointCreatedStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.auth_out import AuthOut
  from ..models.batch import Batch
  from ..models.credentials_out import CredentialsOut
  from ..models.endpoint_created_customheaders import EndpointCreatedCustomheaders
  from ..models.ordering import Ordering
  from ..models.poll_out import PollOut
  from ..models.tls_out import TlsOut





T = TypeVar("T", bound="EndpointCreated")



@_attrs_define
class EndpointCreated:
    """ 
        Attributes:
            id (str):
            url (None | str): Where its Deliveries are sent; null for a polling endpoint
            custom_headers (EndpointCreatedCustomheaders):
            rate_limit (int | None): Deliveries per second at most, 1 to 10000, across every worker; null (the default) is
                no limit
            filter_ (None | str): A CEL expression, at most 4 KB, that decides at fan-out whether an event (for an endpoint:
                `type`, `data`, `consumer`, `eventId`) or a message (for a destination: `body`, `headers`, `query`,
                `contentType`, `provider`) makes a Delivery for it; an evaluation error counts as no match. null: no filter
            transformation (None | str): JavaScript, at most 64 KB, defining `function handler(webhook)`: run at every
                attempt with `{method, url, eventType, payload, headers, cancel}`, it returns the webhook changed (`payload` is
                sent, `headers` added, `url` replaced, `cancel: true` sends nothing). An error, a timeout or the memory limit
                fails the attempt with errorType `transformation`. null: none
            signature_scheme (EndpointCreatedSignaturescheme): How deliveries are signed (Standard Webhooks): `v1`, HMAC-
                SHA256 with a `whsec_` secret the receiver also holds (the default), or `v1a`, ed25519 with a `whsk_` signing
                key the service keeps, the receiver holding only its `whpk_` public key (`publicKey`). A target's scheme is its
                key's kind: a rotation to a key of the other kind switches it, and both sign during the rotation's overlap
            public_key (None | str): `v1a`: the `whpk_` public key receivers verify with; null for `v1`
            circuit (EndpointCreatedCircuit): The circuit breaker: it opens after consecutive failures that say the receiver
                is down (timeouts, connection errors, 5xx, 429) and stops attempts; when its time is up one probe attempt goes
                (half_open), and a success closes it
            circuit_opened_at (None | str): When the circuit last opened; null while closed
            circuit_retry_at (None | str): While open: when one probe attempt may go
            concurrency_limit (int): Read-only: the attempts the engine sends at once now. It adapts to the receiver: it
                grows while answers come promptly and without errors, and shrinks on timeouts, connection errors, 5xx, 429 and
                answers well slower than usual; from 1 up to the service's HOOKLINE_TARGET_MAX_IN_FLIGHT
            created_at (str):
            updated_at (str):
            kind (EndpointCreatedKind): `polling` (no URL: its Consumer pulls its Deliveries from `pollUrl` with its poll
                token), or the kind its URL names: `http`, or a broker's
            consumer (str):
            status (EndpointCreatedStatus):
            events (list[str]):
            signature_headers (EndpointCreatedSignatureheaders): The names the signature goes under, with the same values:
                `webhook` (Webhook-Id, Webhook-Timestamp, Webhook-Signature: Standard Webhooks) or `svix` (svix-id, svix-
                timestamp, svix-signature, what Svix's verifiers also read)
            secret (str): Shown only in this response: the whsec_ secret (v1), or the whpk_ public key (v1a)
            description (None | str | Unset):
            auth (AuthOut | None | Unset): OAuth2 client credentials: every request to the receiver carries `Authorization:
                Bearer <token>`, a token fetched from `tokenUrl`, kept until shortly before `expires_in` runs out and fetched
                again once when the receiver answers 401. A token endpoint that fails fails the attempt with errorType `oauth`.
                In a PATCH the object replaces the stored one (a write-only member left out keeps its stored value); null
                removes it
            tls (None | TlsOut | Unset): TLS to the receiver: a client certificate with its key (mutual TLS), and a CA
                bundle trusted instead of the public roots (a receiver on a private CA). PEM text. In a PATCH the object
                replaces the stored one (`clientKey` left out keeps the stored one); null removes it
            credentials (CredentialsOut | None | Unset): A broker target's sign-in (its URL's scheme names the kind):
                Kafka's SASL `{username, password, mechanism: PLAIN | SCRAM-SHA-256 | SCRAM-SHA-512}`, RabbitMQ's `{username,
                password}` (absent: guest), the AWS kinds' key pair `{accessKeyId, secretAccessKey, sessionToken}` or role
                `{roleArn, externalId}` (assumed with the service's own AWS credentials; absent: the service's standard AWS
                chain). `password`, `secretAccessKey` and `sessionToken` are write-only. In a PATCH the object replaces the
                stored one (a write-only member left out keeps its stored value); null removes it
            endpoint_override (None | str | Unset): The AWS kinds': the service endpoint to use instead of AWS's own for the
                region (a VPC endpoint, LocalStack, an S3-compatible store); it passes the same URL rules as a receiver's URL
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
            poll (None | PollOut | Unset): A polling endpoint's: where its Consumer pulls, and how far it has committed
            poll_token (None | str | Unset): A polling endpoint's: the hlpoll_ token its Consumer pulls with, shown in this
                response and on its portal page
     """

    id: str
    url: None | str
    custom_headers: EndpointCreatedCustomheaders
    rate_limit: int | None
    filter_: None | str
    transformation: None | str
    signature_scheme: EndpointCreatedSignaturescheme
    public_key: None | str
    circuit: EndpointCreatedCircuit
    circuit_opened_at: None | str
    circuit_retry_at: None | str
    concurrency_limit: int
    created_at: str
    updated_at: str
    kind: EndpointCreatedKind
    consumer: str
    status: EndpointCreatedStatus
    events: list[str]
    signature_headers: EndpointCreatedSignatureheaders
    secret: str
    description: None | str | Unset = UNSET
    auth: AuthOut | None | Unset = UNSET
    tls: None | TlsOut | Unset = UNSET
    credentials: CredentialsOut | None | Unset = UNSET
    endpoint_override: None | str | Unset = UNSET
    ordering: None | Ordering | Unset = UNSET
    batch: Batch | None | Unset = UNSET
    poll: None | PollOut | Unset = UNSET
    poll_token: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.auth_out import AuthOut # noqa: PLC0415
        from ..models.batch import Batch # noqa: PLC0415
        from ..models.credentials_out import CredentialsOut # noqa: PLC0415
        from ..models.endpoint_created_customheaders import EndpointCreatedCustomheaders # noqa: PLC0415
        from ..models.ordering import Ordering # noqa: PLC0415
        from ..models.poll_out import PollOut # noqa: PLC0415
        from ..models.tls_out import TlsOut # noqa: PLC0415
        id = self.id

        url: None | str
        url = self.url

        custom_headers = self.custom_headers.to_dict()

        rate_limit: int | None
        rate_limit = self.rate_limit

        filter_: None | str
        filter_ = self.filter_

        transformation: None | str
        transformation = self.transformation

        signature_scheme = self.signature_scheme.value

        public_key: None | str
        public_key = self.public_key

        circuit = self.circuit.value

        circuit_opened_at: None | str
        circuit_opened_at = self.circuit_opened_at

        circuit_retry_at: None | str
        circuit_retry_at = self.circuit_retry_at

        concurrency_limit = self.concurrency_limit

        created_at = self.created_at

        updated_at = self.updated_at

        kind = self.kind.value

        consumer = self.consumer

        status = self.status.value

        events = self.events



        signature_headers = self.signature_headers.value

        secret = self.secret

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        auth: dict[str, Any] | None | Unset
        if isinstance(self.auth, Unset):
            auth = UNSET
        elif isinstance(self.auth, AuthOut):
            auth = self.auth.to_dict()
        else:
            auth = self.auth

        tls: dict[str, Any] | None | Unset
        if isinstance(self.tls, Unset):
            tls = UNSET
        elif isinstance(self.tls, TlsOut):
            tls = self.tls.to_dict()
        else:
            tls = self.tls

        credentials: dict[str, Any] | None | Unset
        if isinstance(self.credentials, Unset):
            credentials = UNSET
        elif isinstance(self.credentials, CredentialsOut):
            credentials = self.credentials.to_dict()
        else:
            credentials = self.credentials

        endpoint_override: None | str | Unset
        if isinstance(self.endpoint_override, Unset):
            endpoint_override = UNSET
        else:
            endpoint_override = self.endpoint_override

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

        poll: dict[str, Any] | None | Unset
        if isinstance(self.poll, Unset):
            poll = UNSET
        elif isinstance(self.poll, PollOut):
            poll = self.poll.to_dict()
        else:
            poll = self.poll

        poll_token: None | str | Unset
        if isinstance(self.poll_token, Unset):
            poll_token = UNSET
        else:
            poll_token = self.poll_token


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "url": url,
            "customHeaders": custom_headers,
            "rateLimit": rate_limit,
            "filter": filter_,
            "transformation": transformation,
            "signatureScheme": signature_scheme,
            "publicKey": public_key,
            "circuit": circuit,
            "circuitOpenedAt": circuit_opened_at,
            "circuitRetryAt": circuit_retry_at,
            "concurrencyLimit": concurrency_limit,
            "createdAt": created_at,
            "updatedAt": updated_at,
            "kind": kind,
            "consumer": consumer,
            "status": status,
            "events": events,
            "signatureHeaders": signature_headers,
            "secret": secret,
        })
        if description is not UNSET:
            field_dict["description"] = description
        if auth is not UNSET:
            field_dict["auth"] = auth
        if tls is not UNSET:
            field_dict["tls"] = tls
        if credentials is not UNSET:
            field_dict["credentials"] = credentials
        if endpoint_override is not UNSET:
            field_dict["endpointOverride"] = endpoint_override
        if ordering is not UNSET:
            field_dict["ordering"] = ordering
        if batch is not UNSET:
            field_dict["batch"] = batch
        if poll is not UNSET:
            field_dict["poll"] = poll
        if poll_token is not UNSET:
            field_dict["pollToken"] = poll_token

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.auth_out import AuthOut # noqa: PLC0415
        from ..models.batch import Batch # noqa: PLC0415
        from ..models.credentials_out import CredentialsOut # noqa: PLC0415
        from ..models.endpoint_created_customheaders import EndpointCreatedCustomheaders # noqa: PLC0415
        from ..models.ordering import Ordering # noqa: PLC0415
        from ..models.poll_out import PollOut # noqa: PLC0415
        from ..models.tls_out import TlsOut # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        url = _parse_url(d.pop("url"))


        custom_headers = EndpointCreatedCustomheaders.from_dict(d.pop("customHeaders"))




        def _parse_rate_limit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rate_limit = _parse_rate_limit(d.pop("rateLimit"))


        def _parse_filter_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        filter_ = _parse_filter_(d.pop("filter"))


        def _parse_transformation(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        transformation = _parse_transformation(d.pop("transformation"))


        signature_scheme = EndpointCreatedSignaturescheme(d.pop("signatureScheme"))




        def _parse_public_key(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        public_key = _parse_public_key(d.pop("publicKey"))


        circuit = EndpointCreatedCircuit(d.pop("circuit"))




        def _parse_circuit_opened_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        circuit_opened_at = _parse_circuit_opened_at(d.pop("circuitOpenedAt"))


        def _parse_circuit_retry_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        circuit_retry_at = _parse_circuit_retry_at(d.pop("circuitRetryAt"))


        concurrency_limit = d.pop("concurrencyLimit")

        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        kind = EndpointCreatedKind(d.pop("kind"))




        consumer = d.pop("consumer")

        status = EndpointCreatedStatus(d.pop("status"))




        events = cast(list[str], d.pop("events"))


        signature_headers = EndpointCreatedSignatureheaders(d.pop("signatureHeaders"))




        secret = d.pop("secret")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        def _parse_auth(data: object) -> AuthOut | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                auth_type_0 = AuthOut.from_dict(data)



                return auth_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AuthOut | None | Unset, data)

        auth = _parse_auth(d.pop("auth", UNSET))


        def _parse_tls(data: object) -> None | TlsOut | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tls_type_0 = TlsOut.from_dict(data)



                return tls_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TlsOut | Unset, data)

        tls = _parse_tls(d.pop("tls", UNSET))


        def _parse_credentials(data: object) -> CredentialsOut | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                credentials_type_0 = CredentialsOut.from_dict(data)



                return credentials_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CredentialsOut | None | Unset, data)

        credentials = _parse_credentials(d.pop("credentials", UNSET))


        def _parse_endpoint_override(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        endpoint_override = _parse_endpoint_override(d.pop("endpointOverride", UNSET))


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


        def _parse_poll(data: object) -> None | PollOut | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                poll_type_0 = PollOut.from_dict(data)



                return poll_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PollOut | Unset, data)

        poll = _parse_poll(d.pop("poll", UNSET))


        def _parse_poll_token(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        poll_token = _parse_poll_token(d.pop("pollToken", UNSET))


        endpoint_created = cls(
            id=id,
            url=url,
            custom_headers=custom_headers,
            rate_limit=rate_limit,
            filter_=filter_,
            transformation=transformation,
            signature_scheme=signature_scheme,
            public_key=public_key,
            circuit=circuit,
            circuit_opened_at=circuit_opened_at,
            circuit_retry_at=circuit_retry_at,
            concurrency_limit=concurrency_limit,
            created_at=created_at,
            updated_at=updated_at,
            kind=kind,
            consumer=consumer,
            status=status,
            events=events,
            signature_headers=signature_headers,
            secret=secret,
            description=description,
            auth=auth,
            tls=tls,
            credentials=credentials,
            endpoint_override=endpoint_override,
            ordering=ordering,
            batch=batch,
            poll=poll,
            poll_token=poll_token,
        )


        endpoint_created.additional_properties = d
        return endpoint_created

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
