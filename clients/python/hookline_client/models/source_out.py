from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.consumption_out import ConsumptionOut
  from ..models.credentials_out import CredentialsOut
  from ..models.lag_out import LagOut
  from ..models.mapping_out import MappingOut
  from ..models.source_out_provider_config_type_0 import SourceOutProviderConfigType0
  from ..models.tls_out import TlsOut





T = TypeVar("T", bound="SourceOut")



@_attrs_define
class SourceOut:
    """ 
        Attributes:
            id (str):
            name (str):
            type_ (str):
            status (str):
            url (str): The ingestion URL, or a broker Source's topic or queue
            provider (str):
            has_secret (bool):
            destinations (int):
            created_at (str):
            provider_config (None | SourceOutProviderConfigType0 | Unset):
            cron_expression (None | str | Unset):
            cron_timezone (None | str | Unset):
            cron_payload (None | str | Unset):
            next_run_at (None | str | Unset):
            last_run_at (None | str | Unset):
            last_message_at (None | str | Unset):
            silence_alert_minutes (int | None | Unset):
            alert_emails (None | str | Unset):
            last_alert_at (None | str | Unset):
            last_alert_error (None | str | Unset):
            dead_letter (None | str | Unset): A broker Source's: the target URL, of its kind and on its broker, that takes a
                message which can never be published (bad JSON, an unknown Consumer or event type, a schema's refusal, over the
                quota), with the reason in the `hookline-dead-letter-reason` header or attribute. Required for a broker Source
            credentials (CredentialsOut | None | Unset): A broker target's sign-in (its URL's scheme names the kind):
                Kafka's SASL `{username, password, mechanism: PLAIN | SCRAM-SHA-256 | SCRAM-SHA-512}`, RabbitMQ's `{username,
                password}` (absent: guest), the AWS kinds' key pair `{accessKeyId, secretAccessKey, sessionToken}` or role
                `{roleArn, externalId}` (assumed with the service's own AWS credentials; absent: the service's standard AWS
                chain). `password`, `secretAccessKey` and `sessionToken` are write-only. In a PATCH the object replaces the
                stored one (a write-only member left out keeps its stored value); null removes it
            tls (None | TlsOut | Unset): TLS to the receiver: a client certificate with its key (mutual TLS), and a CA
                bundle trusted instead of the public roots (a receiver on a private CA). PEM text. In a PATCH the object
                replaces the stored one (`clientKey` left out keeps the stored one); null removes it
            endpoint_override (None | str | Unset): The AWS kinds': the service endpoint to use instead of AWS's own for the
                region (a VPC endpoint, LocalStack, an S3-compatible store); it passes the same URL rules as a receiver's URL
            mapping (MappingOut | None | Unset): A broker Source's: where a message's Event fields are, each a JMESPath
                expression on its JSON body. A `hookline-consumer`, `hookline-event-type` or `hookline-idempotency-key` header
                (an SQS message attribute) comes first. `payload` absent: the whole body; `idempotencyKey` absent: the message's
                own id (Kafka's topic, partition and offset). In a PATCH, the members given replace the stored ones (null
                removes one); null removes them all
            consumption (ConsumptionOut | None | Unset): A broker Source's bounds: `concurrency` (messages published at
                once, 1 to 100), `batchSize` (messages read at once, 1 to 500; RabbitMQ 1 to 100; SQS 1 to 10) and, for Kafka,
                `startFrom` (`latest` or `earliest`: where a new Source begins). In a PATCH, the members given replace the
                stored ones (null: the default)
            lag (LagOut | None | Unset): A broker Source's: how far behind its topic or queue it last was
            last_error (None | str | Unset): A broker Source's: why it last could not read, publish or acknowledge
            last_error_at (None | str | Unset):
            paused_until (None | str | Unset): A broker Source's: it reads nothing until then, the environment's quota or
                rate limit having refused, or a failure (`lastError`) to be tried again
     """

    id: str
    name: str
    type_: str
    status: str
    url: str
    provider: str
    has_secret: bool
    destinations: int
    created_at: str
    provider_config: None | SourceOutProviderConfigType0 | Unset = UNSET
    cron_expression: None | str | Unset = UNSET
    cron_timezone: None | str | Unset = UNSET
    cron_payload: None | str | Unset = UNSET
    next_run_at: None | str | Unset = UNSET
    last_run_at: None | str | Unset = UNSET
    last_message_at: None | str | Unset = UNSET
    silence_alert_minutes: int | None | Unset = UNSET
    alert_emails: None | str | Unset = UNSET
    last_alert_at: None | str | Unset = UNSET
    last_alert_error: None | str | Unset = UNSET
    dead_letter: None | str | Unset = UNSET
    credentials: CredentialsOut | None | Unset = UNSET
    tls: None | TlsOut | Unset = UNSET
    endpoint_override: None | str | Unset = UNSET
    mapping: MappingOut | None | Unset = UNSET
    consumption: ConsumptionOut | None | Unset = UNSET
    lag: LagOut | None | Unset = UNSET
    last_error: None | str | Unset = UNSET
    last_error_at: None | str | Unset = UNSET
    paused_until: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.consumption_out import ConsumptionOut # noqa: PLC0415
        from ..models.credentials_out import CredentialsOut # noqa: PLC0415
        from ..models.lag_out import LagOut # noqa: PLC0415
        from ..models.mapping_out import MappingOut # noqa: PLC0415
        from ..models.source_out_provider_config_type_0 import SourceOutProviderConfigType0 # noqa: PLC0415
        from ..models.tls_out import TlsOut # noqa: PLC0415
        id = self.id

        name = self.name

        type_ = self.type_

        status = self.status

        url = self.url

        provider = self.provider

        has_secret = self.has_secret

        destinations = self.destinations

        created_at = self.created_at

        provider_config: dict[str, Any] | None | Unset
        if isinstance(self.provider_config, Unset):
            provider_config = UNSET
        elif isinstance(self.provider_config, SourceOutProviderConfigType0):
            provider_config = self.provider_config.to_dict()
        else:
            provider_config = self.provider_config

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

        next_run_at: None | str | Unset
        if isinstance(self.next_run_at, Unset):
            next_run_at = UNSET
        else:
            next_run_at = self.next_run_at

        last_run_at: None | str | Unset
        if isinstance(self.last_run_at, Unset):
            last_run_at = UNSET
        else:
            last_run_at = self.last_run_at

        last_message_at: None | str | Unset
        if isinstance(self.last_message_at, Unset):
            last_message_at = UNSET
        else:
            last_message_at = self.last_message_at

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

        last_alert_at: None | str | Unset
        if isinstance(self.last_alert_at, Unset):
            last_alert_at = UNSET
        else:
            last_alert_at = self.last_alert_at

        last_alert_error: None | str | Unset
        if isinstance(self.last_alert_error, Unset):
            last_alert_error = UNSET
        else:
            last_alert_error = self.last_alert_error

        dead_letter: None | str | Unset
        if isinstance(self.dead_letter, Unset):
            dead_letter = UNSET
        else:
            dead_letter = self.dead_letter

        credentials: dict[str, Any] | None | Unset
        if isinstance(self.credentials, Unset):
            credentials = UNSET
        elif isinstance(self.credentials, CredentialsOut):
            credentials = self.credentials.to_dict()
        else:
            credentials = self.credentials

        tls: dict[str, Any] | None | Unset
        if isinstance(self.tls, Unset):
            tls = UNSET
        elif isinstance(self.tls, TlsOut):
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
        elif isinstance(self.mapping, MappingOut):
            mapping = self.mapping.to_dict()
        else:
            mapping = self.mapping

        consumption: dict[str, Any] | None | Unset
        if isinstance(self.consumption, Unset):
            consumption = UNSET
        elif isinstance(self.consumption, ConsumptionOut):
            consumption = self.consumption.to_dict()
        else:
            consumption = self.consumption

        lag: dict[str, Any] | None | Unset
        if isinstance(self.lag, Unset):
            lag = UNSET
        elif isinstance(self.lag, LagOut):
            lag = self.lag.to_dict()
        else:
            lag = self.lag

        last_error: None | str | Unset
        if isinstance(self.last_error, Unset):
            last_error = UNSET
        else:
            last_error = self.last_error

        last_error_at: None | str | Unset
        if isinstance(self.last_error_at, Unset):
            last_error_at = UNSET
        else:
            last_error_at = self.last_error_at

        paused_until: None | str | Unset
        if isinstance(self.paused_until, Unset):
            paused_until = UNSET
        else:
            paused_until = self.paused_until


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "type": type_,
            "status": status,
            "url": url,
            "provider": provider,
            "hasSecret": has_secret,
            "destinations": destinations,
            "createdAt": created_at,
        })
        if provider_config is not UNSET:
            field_dict["providerConfig"] = provider_config
        if cron_expression is not UNSET:
            field_dict["cronExpression"] = cron_expression
        if cron_timezone is not UNSET:
            field_dict["cronTimezone"] = cron_timezone
        if cron_payload is not UNSET:
            field_dict["cronPayload"] = cron_payload
        if next_run_at is not UNSET:
            field_dict["nextRunAt"] = next_run_at
        if last_run_at is not UNSET:
            field_dict["lastRunAt"] = last_run_at
        if last_message_at is not UNSET:
            field_dict["lastMessageAt"] = last_message_at
        if silence_alert_minutes is not UNSET:
            field_dict["silenceAlertMinutes"] = silence_alert_minutes
        if alert_emails is not UNSET:
            field_dict["alertEmails"] = alert_emails
        if last_alert_at is not UNSET:
            field_dict["lastAlertAt"] = last_alert_at
        if last_alert_error is not UNSET:
            field_dict["lastAlertError"] = last_alert_error
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
        if lag is not UNSET:
            field_dict["lag"] = lag
        if last_error is not UNSET:
            field_dict["lastError"] = last_error
        if last_error_at is not UNSET:
            field_dict["lastErrorAt"] = last_error_at
        if paused_until is not UNSET:
            field_dict["pausedUntil"] = paused_until

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.consumption_out import ConsumptionOut # noqa: PLC0415
        from ..models.credentials_out import CredentialsOut # noqa: PLC0415
        from ..models.lag_out import LagOut # noqa: PLC0415
        from ..models.mapping_out import MappingOut # noqa: PLC0415
        from ..models.source_out_provider_config_type_0 import SourceOutProviderConfigType0 # noqa: PLC0415
        from ..models.tls_out import TlsOut # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        type_ = d.pop("type")

        status = d.pop("status")

        url = d.pop("url")

        provider = d.pop("provider")

        has_secret = d.pop("hasSecret")

        destinations = d.pop("destinations")

        created_at = d.pop("createdAt")

        def _parse_provider_config(data: object) -> None | SourceOutProviderConfigType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                provider_config_type_0 = SourceOutProviderConfigType0.from_dict(data)



                return provider_config_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SourceOutProviderConfigType0 | Unset, data)

        provider_config = _parse_provider_config(d.pop("providerConfig", UNSET))


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


        def _parse_next_run_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        next_run_at = _parse_next_run_at(d.pop("nextRunAt", UNSET))


        def _parse_last_run_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_run_at = _parse_last_run_at(d.pop("lastRunAt", UNSET))


        def _parse_last_message_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_message_at = _parse_last_message_at(d.pop("lastMessageAt", UNSET))


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


        def _parse_last_alert_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_alert_at = _parse_last_alert_at(d.pop("lastAlertAt", UNSET))


        def _parse_last_alert_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_alert_error = _parse_last_alert_error(d.pop("lastAlertError", UNSET))


        def _parse_dead_letter(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        dead_letter = _parse_dead_letter(d.pop("deadLetter", UNSET))


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


        def _parse_endpoint_override(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        endpoint_override = _parse_endpoint_override(d.pop("endpointOverride", UNSET))


        def _parse_mapping(data: object) -> MappingOut | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                mapping_type_0 = MappingOut.from_dict(data)



                return mapping_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MappingOut | None | Unset, data)

        mapping = _parse_mapping(d.pop("mapping", UNSET))


        def _parse_consumption(data: object) -> ConsumptionOut | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                consumption_type_0 = ConsumptionOut.from_dict(data)



                return consumption_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ConsumptionOut | None | Unset, data)

        consumption = _parse_consumption(d.pop("consumption", UNSET))


        def _parse_lag(data: object) -> LagOut | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                lag_type_0 = LagOut.from_dict(data)



                return lag_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LagOut | None | Unset, data)

        lag = _parse_lag(d.pop("lag", UNSET))


        def _parse_last_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_error = _parse_last_error(d.pop("lastError", UNSET))


        def _parse_last_error_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_error_at = _parse_last_error_at(d.pop("lastErrorAt", UNSET))


        def _parse_paused_until(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        paused_until = _parse_paused_until(d.pop("pausedUntil", UNSET))


        source_out = cls(
            id=id,
            name=name,
            type_=type_,
            status=status,
            url=url,
            provider=provider,
            has_secret=has_secret,
            destinations=destinations,
            created_at=created_at,
            provider_config=provider_config,
            cron_expression=cron_expression,
            cron_timezone=cron_timezone,
            cron_payload=cron_payload,
            next_run_at=next_run_at,
            last_run_at=last_run_at,
            last_message_at=last_message_at,
            silence_alert_minutes=silence_alert_minutes,
            alert_emails=alert_emails,
            last_alert_at=last_alert_at,
            last_alert_error=last_alert_error,
            dead_letter=dead_letter,
            credentials=credentials,
            tls=tls,
            endpoint_override=endpoint_override,
            mapping=mapping,
            consumption=consumption,
            lag=lag,
            last_error=last_error,
            last_error_at=last_error_at,
            paused_until=paused_until,
        )


        source_out.additional_properties = d
        return source_out

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
