from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.source_patch_status_type_0 import SourcePatchStatusType0
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.consumption_in import ConsumptionIn
  from ..models.credentials_in import CredentialsIn
  from ..models.mapping_in import MappingIn
  from ..models.source_patch_provider_config_type_0 import SourcePatchProviderConfigType0
  from ..models.tls_in import TlsIn





T = TypeVar("T", bound="SourcePatch")



@_attrs_define
class SourcePatch:
    """ Absent fields stay as they are; null clears the nullable ones.

        Attributes:
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
            name (None | str | Unset):
            status (None | SourcePatchStatusType0 | Unset):
            provider (None | str | Unset):
            provider_config (None | SourcePatchProviderConfigType0 | Unset):
            silence_alert_minutes (int | None | Unset): 0 turns the alert off; at most 43200 (30 days)
            alert_emails (None | str | Unset): Up to 5 addresses separated by commas
            cron_expression (None | str | Unset): cron sources only; 5 fields
            cron_timezone (None | str | Unset): cron sources only; IANA name, default UTC
            cron_payload (None | str | Unset): cron sources only; a JSON object's text
     """

    url: None | str | Unset = UNSET
    dead_letter: None | str | Unset = UNSET
    credentials: CredentialsIn | None | Unset = UNSET
    tls: None | TlsIn | Unset = UNSET
    endpoint_override: None | str | Unset = UNSET
    mapping: MappingIn | None | Unset = UNSET
    consumption: ConsumptionIn | None | Unset = UNSET
    name: None | str | Unset = UNSET
    status: None | SourcePatchStatusType0 | Unset = UNSET
    provider: None | str | Unset = UNSET
    provider_config: None | SourcePatchProviderConfigType0 | Unset = UNSET
    silence_alert_minutes: int | None | Unset = UNSET
    alert_emails: None | str | Unset = UNSET
    cron_expression: None | str | Unset = UNSET
    cron_timezone: None | str | Unset = UNSET
    cron_payload: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.consumption_in import ConsumptionIn # noqa: PLC0415
        from ..models.credentials_in import CredentialsIn # noqa: PLC0415
        from ..models.mapping_in import MappingIn # noqa: PLC0415
        from ..models.source_patch_provider_config_type_0 import SourcePatchProviderConfigType0 # noqa: PLC0415
        from ..models.tls_in import TlsIn # noqa: PLC0415
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

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, SourcePatchStatusType0):
            status = self.status.value
        else:
            status = self.status

        provider: None | str | Unset
        if isinstance(self.provider, Unset):
            provider = UNSET
        else:
            provider = self.provider

        provider_config: dict[str, Any] | None | Unset
        if isinstance(self.provider_config, Unset):
            provider_config = UNSET
        elif isinstance(self.provider_config, SourcePatchProviderConfigType0):
            provider_config = self.provider_config.to_dict()
        else:
            provider_config = self.provider_config

        silence_alert_minutes: int | None | Unset
        if isinstance(self.silence_alert_minutes, Unset):
            silence_alert_minutes = UNSET
        else:
            silence_alert_minutes = self.silence_alert_minutes

        alert_emails: None | str | Unset
        if isinstance(self.alert_emails, Unset):
            alert_emails = UNSET
        else:
            alert_emails = self.alert_emails

        cron_expression: None | str | Unset
        if isinstance(self.cron_expression, Unset):
            cron_expression = UNSET
        else:
            cron_expression = self.cron_expression

        cron_timezone: None | str | Unset
        if isinstance(self.cron_timezone, Unset):
            cron_timezone = UNSET
        else:
            cron_timezone = self.cron_timezone

        cron_payload: None | str | Unset
        if isinstance(self.cron_payload, Unset):
            cron_payload = UNSET
        else:
            cron_payload = self.cron_payload


        field_dict: dict[str, Any] = {}

        field_dict.update({
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
        if name is not UNSET:
            field_dict["name"] = name
        if status is not UNSET:
            field_dict["status"] = status
        if provider is not UNSET:
            field_dict["provider"] = provider
        if provider_config is not UNSET:
            field_dict["providerConfig"] = provider_config
        if silence_alert_minutes is not UNSET:
            field_dict["silenceAlertMinutes"] = silence_alert_minutes
        if alert_emails is not UNSET:
            field_dict["alertEmails"] = alert_emails
        if cron_expression is not UNSET:
            field_dict["cronExpression"] = cron_expression
        if cron_timezone is not UNSET:
            field_dict["cronTimezone"] = cron_timezone
        if cron_payload is not UNSET:
            field_dict["cronPayload"] = cron_payload

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.consumption_in import ConsumptionIn # noqa: PLC0415
        from ..models.credentials_in import CredentialsIn # noqa: PLC0415
        from ..models.mapping_in import MappingIn # noqa: PLC0415
        from ..models.source_patch_provider_config_type_0 import SourcePatchProviderConfigType0 # noqa: PLC0415
        from ..models.tls_in import TlsIn # noqa: PLC0415
        d = dict(src_dict)
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


        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))


        def _parse_status(data: object) -> None | SourcePatchStatusType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_0 = SourcePatchStatusType0(data)



                return status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SourcePatchStatusType0 | Unset, data)

        status = _parse_status(d.pop("status", UNSET))


        def _parse_provider(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        provider = _parse_provider(d.pop("provider", UNSET))


        def _parse_provider_config(data: object) -> None | SourcePatchProviderConfigType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                provider_config_type_0 = SourcePatchProviderConfigType0.from_dict(data)



                return provider_config_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SourcePatchProviderConfigType0 | Unset, data)

        provider_config = _parse_provider_config(d.pop("providerConfig", UNSET))


        def _parse_silence_alert_minutes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        silence_alert_minutes = _parse_silence_alert_minutes(d.pop("silenceAlertMinutes", UNSET))


        def _parse_alert_emails(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        alert_emails = _parse_alert_emails(d.pop("alertEmails", UNSET))


        def _parse_cron_expression(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cron_expression = _parse_cron_expression(d.pop("cronExpression", UNSET))


        def _parse_cron_timezone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cron_timezone = _parse_cron_timezone(d.pop("cronTimezone", UNSET))


        def _parse_cron_payload(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cron_payload = _parse_cron_payload(d.pop("cronPayload", UNSET))


        source_patch = cls(
            url=url,
            dead_letter=dead_letter,
            credentials=credentials,
            tls=tls,
            endpoint_override=endpoint_override,
            mapping=mapping,
            consumption=consumption,
            name=name,
            status=status,
            provider=provider,
            provider_config=provider_config,
            silence_alert_minutes=silence_alert_minutes,
            alert_emails=alert_emails,
            cron_expression=cron_expression,
            cron_timezone=cron_timezone,
            cron_payload=cron_payload,
        )

        return source_patch

