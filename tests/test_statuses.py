"""The statuses' one home (`hookline.statuses`): each Literal the API declares is its enum's
values in its order (openapi.json lists them so), and a member reads as its plain value
wherever the bare string used to go: text, JSON, sets, Temporal's payloads."""

from __future__ import annotations

import json
from typing import get_args

from temporalio.converter import default

from hookline import statuses
from hookline.statuses import AttemptStatus, DeliveryStatus


def test_each_literal_is_its_enum_in_order() -> None:
    assert get_args(statuses.DeliveryStatusName) == tuple(DeliveryStatus)
    assert get_args(statuses.AttemptStatusName) == tuple(AttemptStatus)
    assert get_args(statuses.RecoverableName) == statuses.RECOVERABLE


def test_the_sets_hold_what_the_bare_strings_did() -> None:
    assert {"delivered", "exhausted", "cancelled"} == statuses.FINAL
    assert statuses.WAITING == ("pending", "retrying")
    assert statuses.ATTEMPTABLE == ("pending", "retrying", "processing")
    assert statuses.RECOVERABLE == ("exhausted", "cancelled")
    assert "delivered" in statuses.FINAL and DeliveryStatus.PENDING not in statuses.FINAL


def test_a_member_reads_as_its_value() -> None:
    assert f"{DeliveryStatus.PENDING}" == str(DeliveryStatus.PENDING) == "pending"
    assert f"{AttemptStatus.FAILED}" == "failed"
    assert json.dumps({"status": DeliveryStatus.CANCELLED}) == '{"status": "cancelled"}'
    assert ", ".join(DeliveryStatus) == ("pending, processing, retrying, delivered, exhausted, "
                                         "cancelled, held")  # held: issue 67's
    assert hash(DeliveryStatus.RETRYING) == hash("retrying")
    # A Delivery's start carries its status into Temporal, as a search attribute too.
    assert default().payload_converter.to_payload(DeliveryStatus.PENDING).data == b'"pending"'


def test_the_error_types_literal_is_the_tuple_in_order() -> None:
    assert get_args(statuses.ErrorTypeName) == statuses.ERROR_TYPES
