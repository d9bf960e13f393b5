"""A Kafka Source's reader: a consumer in the group `hookline-<source id>`, connected as the
publisher is (`kafka_client`: every broker at a checked address), that commits a
partition's offset only past messages that are done with. A message held in a partition
holds every one after it, unpublished: the partition is read again from it (`Received.lane`).
Its lag is the group's, over all the topic's partitions."""

from __future__ import annotations

import time
from typing import Any

from aiokafka import AIOKafkaConsumer, TopicPartition
from aiokafka import errors as kafka_errors

from hookline.delivery.credentials import ClientTLS
from hookline.delivery.kinds.brokers.address import BrokerAddress
from hookline.delivery.kinds.brokers.guard import Checked
from hookline.delivery.kinds.brokers.kafka_client import (
    AUTH_ERRORS,
    CheckHost,
    Guarded,
    sasl,
)
from hookline.delivery.kinds.brokers.message import described
from hookline.intake.inbound import Lag, ReadFailed, Received
from hookline.intake.resolve import MAX_BODY, Inbound

# How long a fetch waits for the first message: short, so that a stop or a change of the
# Source is seen soon.
WAIT_MS = 1000
FETCH_BYTES = 4 * MAX_BODY  # all partitions' records one fetch may bring


class KafkaIntake:
    def __init__(self, source_id: str, address: BrokerAddress, checked: Checked,
                 credentials: dict[str, Any] | None, tls: ClientTLS | None,
                 consumption: dict[str, Any], timeout: float, check_host: CheckHost) -> None:
        self._source_id = source_id
        self._topic = address.name
        # A message's own id names its cluster too: the Source moved to another one, or its
        # topic made again, starts its offsets over.
        self._cluster = f"{address.host}:{address.port}"
        self._tls = address.tls
        self._credentials = credentials
        self._client_tls = tls
        self._consumption = consumption
        self._timeout = timeout
        self._guarded = Guarded(checked, check_host)
        self._consumer: AIOKafkaConsumer | None = None
        self._last_read: float | None = None  # the newest message's time, unix seconds

    async def start(self) -> None:
        consumer = AIOKafkaConsumer(
            self._topic, group_id=f"hookline-{self._source_id}", client_id="hookline",
            enable_auto_commit=False,
            auto_offset_reset=self._consumption.get("startFrom") or "latest",
            max_poll_records=self._consumption["batchSize"],
            # What one fetch may hold in memory: a message is refused past MAX_BODY anyway.
            max_partition_fetch_bytes=MAX_BODY, fetch_max_bytes=FETCH_BYTES,
            request_timeout_ms=int(self._timeout * 1000) + WAIT_MS,
            isolation_level="read_committed",
            **self._guarded.settings(self._credentials, self._tls, self._client_tls))
        # (The consumer keeps its client private; the producer's is `.client`.)
        self._guarded.guard(consumer._client)
        try:
            await consumer.start()
        except BaseException as exc:
            await consumer.stop()
            if not isinstance(exc, Exception):  # a cancel goes on being one
                raise
            raise await self._failed(exc) from None
        self._consumer = consumer

    async def fetch(self, most: int) -> list[Received]:
        consumer = self._started()
        try:
            found = await consumer.getmany(timeout_ms=WAIT_MS, max_records=most)
        except Exception as exc:
            raise await self._failed(exc) from None
        if self._guarded.refusal.is_set():
            raise ReadFailed(self._guarded.refused[-1])
        batch: list[Received] = []
        for partition, records in found.items():
            for record in records:
                headers = {name.lower(): value.decode(errors="replace")
                           for name, value in record.headers or () if value is not None}
                lane = f"{partition.topic}/{partition.partition}"
                batch.append(Received(
                    Inbound(record.value or b"", headers,
                            f"{self._cluster}/{lane}/{record.offset}"),
                    (partition, record.offset),
                    (record.key or b"").decode(errors="replace"), lane))
                self._last_read = record.timestamp / 1000
        return batch

    async def settle(self, done: list[Received], held: list[Received]) -> None:
        """Each partition's offset goes past what is done with, up to its first held
        message, which the partition is read again from."""
        consumer = self._started()
        first_held: dict[TopicPartition, int] = {}
        for received in held:
            partition, offset = received.handle
            first_held[partition] = min(offset, first_held.get(partition, offset))
        past: dict[TopicPartition, int] = {}
        for received in done:
            partition, offset = received.handle
            if offset < first_held.get(partition, offset + 1):
                past[partition] = max(offset + 1, past.get(partition, 0))
        assigned = consumer.assignment()
        for partition, offset in first_held.items():
            if partition in assigned:
                consumer.seek(partition, offset)
        if not past:
            return
        try:
            await consumer.commit({p: o for p, o in past.items() if p in assigned})
        except (kafka_errors.CommitFailedError, kafka_errors.IllegalStateError):
            # The group moved the partitions on: their new reader reads these messages
            # again, and their publish is a replay.
            return
        except Exception as exc:
            raise await self._failed(exc) from None

    async def lag(self) -> Lag | None:
        """The group's: every partition's end against its committed offset, whichever
        process of the group reads it (each measures the same)."""
        consumer = self._started()
        try:
            numbers = consumer.partitions_for_topic(self._topic)
            if not numbers:
                return None
            partitions = [TopicPartition(self._topic, n) for n in sorted(numbers)]
            ends = await consumer.end_offsets(partitions)
            behind = 0
            for partition in partitions:
                committed = await consumer.committed(partition)
                behind += max(0, ends[partition] - (committed or 0))
        except Exception as exc:
            raise await self._failed(exc) from None
        age = None if self._last_read is None else max(0.0, time.time() - self._last_read)
        return Lag(behind, (age if behind else 0.0) if age is not None else None)

    async def close(self) -> None:
        if self._consumer is not None:
            consumer, self._consumer = self._consumer, None
            await consumer.stop()

    def _started(self) -> AIOKafkaConsumer:
        if self._consumer is None:
            raise ReadFailed("the reader is not connected")
        return self._consumer

    async def _failed(self, exc: BaseException) -> ReadFailed:
        """Why the broker could not be read, as a person would want it said."""
        if self._guarded.refused:
            return ReadFailed(self._guarded.refused[-1])
        if isinstance(exc, AUTH_ERRORS):
            return ReadFailed("the broker refused the sign-in or its rights: "
                              f"{described(exc)}")
        if sasl(self._credentials) and (refused := await self._guarded.sign_in_refused(
                self._credentials, self._tls, self._client_tls, self._timeout)):
            return ReadFailed(f"the broker refused the sign-in: {refused}")
        return ReadFailed(f"the broker could not be read: {described(exc)}")
