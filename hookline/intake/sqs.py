"""An SQS Source's reader: long polls of the queue through a client connected as the
publisher's is (`aws_clients.AwsConnection`: signed in as the Source's credentials say, to
the endpoint the guard checked). A message done with is deleted; one held is made visible
again at once, to be read again. A message is its MessageId; its String and Number
attributes are its headers."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from hookline.delivery.kinds.brokers.address import BrokerAddress
from hookline.delivery.kinds.brokers.aws_clients import AwsConnection, failure
from hookline.delivery.kinds.brokers.aws_models import Models
from hookline.delivery.kinds.brokers.guard import Checked
from hookline.delivery.kinds.brokers.message import described
from hookline.intake.inbound import Lag, ReadFailed, Received
from hookline.intake.resolve import Inbound

WAIT_SECONDS = 10  # a long poll's wait for the first message (SQS allows up to 20)
MOST = 10  # messages SQS hands out, or takes back, a call


class SqsIntake:
    def __init__(self, address: BrokerAddress, checked: Checked,
                 credentials: dict[str, Any] | None, timeout: float, models: Models) -> None:
        self._what = f"the SQS queue {address.name!r}"
        self._name = address.name
        # A call's time: the broker's, beside the long poll's wait.
        self._connection = AwsConnection(models, address, checked, credentials,
                                         timeout + WAIT_SECONDS)
        self._url = ""
        self._last_sent: float | None = None  # the newest message's time, unix seconds

    async def start(self) -> None:
        answer = await self._call("get_queue_url", QueueName=self._name)
        with self._answered("get_queue_url"):
            self._url = str(answer["QueueUrl"])

    async def fetch(self, most: int) -> list[Received]:
        answer = await self._call(
            "receive_message", QueueUrl=self._url, MaxNumberOfMessages=min(most, MOST),
            WaitTimeSeconds=WAIT_SECONDS, MessageAttributeNames=["All"],
            MessageSystemAttributeNames=["SentTimestamp"])
        with self._answered("receive_message"):
            return self._received(answer)

    def _received(self, answer: dict[str, Any]) -> list[Received]:
        batch = []
        for message in answer.get("Messages", []):
            headers = {name.lower(): str(value["StringValue"]) for name, value
                       in (message.get("MessageAttributes") or {}).items()
                       if "StringValue" in value}
            sent = (message.get("Attributes") or {}).get("SentTimestamp")
            if sent:
                self._last_sent = int(sent) / 1000
            batch.append(Received(Inbound(str(message.get("Body", "")).encode(), headers,
                                          str(message["MessageId"])),
                                  message["ReceiptHandle"]))
        return batch

    async def settle(self, done: list[Received], held: list[Received]) -> None:
        for start in range(0, len(done), MOST):
            entries = [{"Id": str(n), "ReceiptHandle": r.handle}
                       for n, r in enumerate(done[start:start + MOST])]
            await self._call("delete_message_batch", QueueUrl=self._url, Entries=entries)
        for start in range(0, len(held), MOST):
            entries = [{"Id": str(n), "ReceiptHandle": r.handle, "VisibilityTimeout": 0}
                       for n, r in enumerate(held[start:start + MOST])]
            await self._call("change_message_visibility_batch", QueueUrl=self._url,
                             Entries=entries)

    async def lag(self) -> Lag | None:
        answer = await self._call("get_queue_attributes", QueueUrl=self._url,
                                  AttributeNames=["ApproximateNumberOfMessages"])
        with self._answered("get_queue_attributes"):
            behind = int(answer["Attributes"]["ApproximateNumberOfMessages"])
        age = None if self._last_sent is None else max(0.0, time.time() - self._last_sent)
        return Lag(behind, (age if behind else 0.0) if age is not None else None)

    async def close(self) -> None:
        await self._connection.close()

    @contextmanager
    def _answered(self, operation: str) -> Iterator[None]:
        """Reading an answer: one that is not SQS's (an endpoint override's server may
        answer anything) fails the reading, as a refused call does."""
        try:
            yield
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
            raise ReadFailed(f"{self._what}: {operation}: the endpoint's answer is not "
                             f"SQS's ({described(exc)})") from None

    async def _call(self, operation: str, **asked: Any) -> Any:
        try:
            client = await self._connection.client()
            answer = await getattr(client, operation)(**asked)
        except Exception as exc:
            failed = failure(exc, self._what)
            raise ReadFailed(str(failed) if failed is not None else described(exc)) from None
        # A batch call answers 200 with the entries it could not do: a receipt that
        # expired is a message SQS hands out again, whose publish is then a replay.
        if isinstance(answer, dict) and answer.get("Failed"):
            first = answer["Failed"][0]
            raise ReadFailed(f"{self._what}: {operation}: {first.get('Code')}: "
                             f"{first.get('Message')}")
        return answer
