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
  from ..models.source_patch_provider_config_type_0 import SourcePatchProviderConfigType0





T = TypeVar("T", bound="SourcePatch")



@_attrs_define
class SourcePatch:
    """ Absent fields stay as they are; null clears the nullable ones.

        Attributes:
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
        from ..models.source_patch_provider_config_type_0 import SourcePatchProviderConfigType0 # noqa: PLC0415
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
        from ..models.source_patch_provider_config_type_0 import SourcePatchProviderConfigType0 # noqa: PLC0415
        d = dict(src_dict)
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

