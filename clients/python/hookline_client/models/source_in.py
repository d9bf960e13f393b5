from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.source_in_type import SourceInType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.consumption_in import ConsumptionIn
  from ..models.credentials_in import CredentialsIn
  from ..models.mapping_in import MappingIn
  from ..models.tls_in import TlsIn





T = TypeVar("T", bound="SourceIn")



@_attrs_define
class SourceIn:
    """ 
        Attributes:
            name (str):
            url (None | str | Unset): A broker Source's topic or queue: `kafka://host:port/topic[?tls=true]`,
                `sqs://region/queue`, `amqp[s]://host[:port]/vhost?queue=name`. It passes the same URL rules as a broker
                target's
            dead_letter (None | str | Unset): A broker Source's: the target URL, of its kind and on its broker, that takes a
                message which can never be published (bad JSON, an unknown Consumer or event type, a schema's refusal, over the
                quota), with the reason in the `hookline-dead-letter-reason` header or attribute. Required for a broker Source
            credentials (CredentialsIn | None | Unset): A broker target's sign-in (its URL's scheme names the kind): Kafka's
                SASL `{username, password, mechanism: PLAIN | SCRAM-SHA-256 | SCRAM-SHA-512}`, RabbitMQ's `{username, password}`
                (absent: guest), the AWS kinds' key pair `{accessKeyId, secretAccessKey, sessionToken}` or role `{roleArn,
                externalId}` (assumed with the service's own AWS credentials; absent: the service's standard AWS chain).
                `password`, `secretAccessKey` and `sessionToken` are write-only. In a PATCH the object replaces the stored one
                (a write-only member left out keeps its stored value); null removes it
            tls (None | TlsIn | Unset): TLS to the receiver: a client certificate with its key (mutual TLS), and a CA bundle
                trusted instead of the public roots (a receiver on a private CA). PEM text. In a PATCH the object replaces the
                stored one (`clientKey` left out keeps the stored one); null removes it
            endpoint_override (None | str | Unset): The AWS kinds': the service endpoint to use instead of AWS's own for the
                region (a VPC endpoint, LocalStack, an S3-compatible store); it passes the same URL rules as a receiver's URL
            mapping (MappingIn | None | Unset): A broker Source's: where a message's Event fields are, each a JMESPath
                expression on its JSON body. A `hookline-consumer`, `hookline-event-type` or `hookline-idempotency-key` header
                (an SQS message attribute) comes first. `payload` absent: the whole body; `idempotencyKey` absent: the message's
                own id (Kafka's topic, partition and offset). In a PATCH, the members given replace the stored ones (null
                removes one); null removes them all
            consumption (ConsumptionIn | None | Unset): A broker Source's bounds: `concurrency` (messages published at once,
                1 to 100), `batchSize` (messages read at once, 1 to 500; RabbitMQ 1 to 100; SQS 1 to 10) and, for Kafka,
                `startFrom` (`latest` or `earliest`: where a new Source begins). In a PATCH, the members given replace the
                stored ones (null: the default)
            type_ (SourceInType | Unset): `webhook` (the default; an ingestion URL providers post to), `cron` (a message on
                a schedule), or a broker Source that reads a topic or queue and publishes each message as an Event: `kafka`,
                `sqs` or `amqp` (when absent, the `url`'s kind) Default: SourceInType.WEBHOOK.
     """

    name: str
    url: None | str | Unset = UNSET
    dead_letter: None | str | Unset = UNSET
    credentials: CredentialsIn | None | Unset = UNSET
    tls: None | TlsIn | Unset = UNSET
    endpoint_override: None | str | Unset = UNSET
    mapping: MappingIn | None | Unset = UNSET
    consumption: ConsumptionIn | None | Unset = UNSET
    type_: SourceInType | Unset = SourceInType.WEBHOOK





    def to_dict(self) -> dict[str, Any]:
        from ..models.consumption_in import ConsumptionIn # noqa: PLC0415
        from ..models.credentials_in import CredentialsIn # noqa: PLC0415
        from ..models.mapping_in import MappingIn # noqa: PLC0415
        from ..models.tls_in import TlsIn # noqa: PLC0415
        name = self.name

        url: None | str | Unset
        if isinstance(self.url, Unset):
            url = UNSET
        else:
            url = self.url

        dead_letter: None | str | Unset
        if isinstance(self.dead_letter, Unset):
            dead_letter = UNSET
        else:
            dead_letter = self.dead_letter

        credentials: dict[str, Any] | None | Unset
        if isinstance(self.credentials, Unset):
            credentials = UNSET
        elif isinstance(self.credentials, CredentialsIn):
            credentials = self.credentials.to_dict()
        else:
            credentials = self.credentials

        tls: dict[str, Any] | None | Unset
        if isinstance(self.tls, Unset):
            tls = UNSET
        elif isinstance(self.tls, TlsIn):
            tls = self.tls.to_dict()
        else:
            tls = self.tls

        endpoint_override: None | str | Unset
        if isinstance(self.endpoint_override, Unset):
            endpoint_override = UNSET
        else:
            endpoint_override = self.endpoint_override

        mapping: dict[str, Any] | None | Unset
        if isinstance(self.mapping, Unset):
            mapping = UNSET
        elif isinstance(self.mapping, MappingIn):
            mapping = self.mapping.to_dict()
        else:
            mapping = self.mapping

        consumption: dict[str, Any] | None | Unset
        if isinstance(self.consumption, Unset):
            consumption = UNSET
        elif isinstance(self.consumption, ConsumptionIn):
            consumption = self.consumption.to_dict()
        else:
            consumption = self.consumption

        type_: str | Unset = UNSET
        if not isinstance(self.type_, Unset):
            type_ = self.type_.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
        })
        if url is not UNSET:
            field_dict["url"] = url
        if dead_letter is not UNSET:
            field_dict["deadLetter"] = dead_letter
        if credentials is not UNSET:
            field_dict["credentials"] = credentials
        if tls is not UNSET:
            field_dict["tls"] = tls
        if endpoint_override is not UNSET:
            field_dict["endpointOverride"] = endpoint_override
        if mapping is not UNSET:
            field_dict["mapping"] = mapping
        if consumption is not UNSET:
            field_dict["consumption"] = consumption
        if type_ is not UNSET:
            field_dict["type"] = type_

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.consumption_in import ConsumptionIn # noqa: PLC0415
        from ..models.credentials_in import CredentialsIn # noqa: PLC0415
        from ..models.mapping_in import MappingIn # noqa: PLC0415
        from ..models.tls_in import TlsIn # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        url = _parse_url(d.pop("url", UNSET))


        def _parse_dead_letter(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        dead_letter = _parse_dead_letter(d.pop("deadLetter", UNSET))


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


        def _parse_endpoint_override(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        endpoint_override = _parse_endpoint_override(d.pop("endpointOverride", UNSET))


        def _parse_mapping(data: object) -> MappingIn | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                mapping_type_0 = MappingIn.from_dict(data)



                return mapping_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MappingIn | None | Unset, data)

        mapping = _parse_mapping(d.pop("mapping", UNSET))


        def _parse_consumption(data: object) -> ConsumptionIn | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                consumption_type_0 = ConsumptionIn.from_dict(data)



                return consumption_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ConsumptionIn | None | Unset, data)

        consumption = _parse_consumption(d.pop("consumption", UNSET))


        _type_ = d.pop("type", UNSET)
        type_: SourceInType | Unset
        if isinstance(_type_,  Unset):
            type_ = UNSET
        else:
            type_ = SourceInType(_type_)




        source_in = cls(
            name=name,
            url=url,
            dead_letter=dead_letter,
            credentials=credentials,
            tls=tls,
            endpoint_override=endpoint_override,
            mapping=mapping,
            consumption=consumption,
            type_=type_,
        )

        return source_in

