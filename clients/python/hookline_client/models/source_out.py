from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.source_out_provider_config_type_0 import SourceOutProviderConfigType0





T = TypeVar("T", bound="SourceOut")



@_attrs_define
class SourceOut:
    """ 
        Attributes:
            id (str):
            name (str):
            type_ (str):
            status (str):
            url (str):
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
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.source_out_provider_config_type_0 import SourceOutProviderConfigType0 # noqa: PLC0415
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

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.source_out_provider_config_type_0 import SourceOutProviderConfigType0 # noqa: PLC0415
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
