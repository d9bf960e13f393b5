from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.recover_in_statuses_type_0_item import RecoverInStatusesType0Item
from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="RecoverIn")



@_attrs_define
class RecoverIn:
    """ 
        Attributes:
            since (datetime.datetime): Deliveries created at or after this time
            until (datetime.datetime | None | Unset): ...and at or before this one
            statuses (list[RecoverInStatusesType0Item] | None | Unset): Default: exhausted and cancelled
            dry_run (bool | Unset): Count the matching Deliveries only Default: False.
     """

    since: datetime.datetime
    until: datetime.datetime | None | Unset = UNSET
    statuses: list[RecoverInStatusesType0Item] | None | Unset = UNSET
    dry_run: bool | Unset = False





    def to_dict(self) -> dict[str, Any]:
        since = self.since.isoformat()

        until: None | str | Unset
        if isinstance(self.until, Unset):
            until = UNSET
        elif isinstance(self.until, datetime.datetime):
            until = self.until.isoformat()
        else:
            until = self.until

        statuses: list[str] | None | Unset
        if isinstance(self.statuses, Unset):
            statuses = UNSET
        elif isinstance(self.statuses, list):
            statuses = []
            for statuses_type_0_item_data in self.statuses:
                statuses_type_0_item = statuses_type_0_item_data.value
                statuses.append(statuses_type_0_item)


        else:
            statuses = self.statuses

        dry_run = self.dry_run


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "since": since,
        })
        if until is not UNSET:
            field_dict["until"] = until
        if statuses is not UNSET:
            field_dict["statuses"] = statuses
        if dry_run is not UNSET:
            field_dict["dryRun"] = dry_run

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        since = datetime.datetime.fromisoformat(d.pop("since"))




        def _parse_until(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                until_type_0 = datetime.datetime.fromisoformat(data)



                return until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        until = _parse_until(d.pop("until", UNSET))


        def _parse_statuses(data: object) -> list[RecoverInStatusesType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                statuses_type_0 = []
                _statuses_type_0 = data
                for statuses_type_0_item_data in (_statuses_type_0):
                    statuses_type_0_item = RecoverInStatusesType0Item(statuses_type_0_item_data)



                    statuses_type_0.append(statuses_type_0_item)

                return statuses_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[RecoverInStatusesType0Item] | None | Unset, data)

        statuses = _parse_statuses(d.pop("statuses", UNSET))


        dry_run = d.pop("dryRun", UNSET)

        recover_in = cls(
            since=since,
            until=until,
            statuses=statuses,
            dry_run=dry_run,
        )

        return recover_in

