"""One broker Source's reading, for as long as it is enabled and unchanged: connect through
the guard, read a batch, publish each message as an Event (at most `concurrency` at once)
through the same use case as `POST /v1/events`, then acknowledge what is done with and give
back what is held (`verdict`). A failure to read or acknowledge closes the reader, says why
on the Source, and connects again after a pause that grows to a minute."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from sqlalchemy import Engine
from sqlmodel import Session

from hookline.delivery.credentials import ClientTLS
from hookline.delivery.kinds.brokers.address import parse_source
from hookline.delivery.kinds.brokers.message import described
from hookline.delivery.kinds.brokers.sign_in import identity_refused
from hookline.delivery.sender import Sender
from hookline.intake import dead_letters
from hookline.intake.inbound import Intake, Lag, ReadFailed, Received
from hookline.intake.resolve import Unpublishable, resolve
from hookline.intake.verdict import (
    HELD_BEHIND,
    PUBLISHED,
    RETRY_PAUSE,
    Act,
    Verdict,
    of_refusal,
)
from hookline.observability import metrics
from hookline.persistence.batches import BatchWriter
from hookline.persistence.db import committed
from hookline.services import broker_sources
from hookline.services.broker_sources import Found, Reader
from hookline.target_kinds import AWS_KINDS, KAFKA, SQS
from hookline.tenant_code.filter_pool import FilterPool
from hookline.url_guard import DNSFailure, URLRefused
from hookline.usecases.admission import RefusedAfterAdmission
from hookline.usecases.publishing import publish_event

if TYPE_CHECKING:  # aiobotocore's, loaded by the first SQS Source
    from hookline.delivery.kinds.brokers.aws_models import Models

log = logging.getLogger("hookline.intake")

LAG_EVERY = 10.0  # seconds between measures of a Source's lag
MAX_BACKOFF = 60.0


@dataclass
class Shared:
    """What every Source's reading in a process shares: the group commit and filter pool
    its publishes go through, the sender whose guard and broker publishers its
    connections and dead letters use, the database its notes go to, the retry schedule
    its Deliveries get, the broker's time to answer, and AWS's models once an SQS Source
    needs them."""

    batches: BatchWriter
    filters: FilterPool
    sender: Sender
    engine: Engine
    schedule: list[float]
    timeout: float
    _models: Models | None = None

    def models(self) -> Models:
        if self._models is None:
            from hookline.delivery.kinds.brokers.aws_models import Models

            self._models = Models()
        return self._models


class Runner:
    def __init__(self, reader: Reader, shared: Shared) -> None:
        self.reader = reader
        self._shared = shared
        self._slots = asyncio.Semaphore(reader.consumption["concurrency"])
        self._lag: Lag | None = None
        self._lag_at = 0.0  # when it was measured (monotonic)
        self._read_at: datetime | None = None  # a message last published, since the note
        self._backoff = 1.0  # seconds before trying again after a failure, doubling

    async def run(self) -> None:
        """Until cancelled."""
        try:
            await self._run()
        finally:
            metrics.broker_source_lag(self.reader.kind, self.reader.source_id, None)

    async def _run(self) -> None:
        while True:
            intake: Intake | None = None
            try:
                intake = await self._opened()
                await self._read(intake)
            except ReadFailed as exc:
                await self._failed(str(exc))
            except Exception as exc:  # a client's surprise: the reading goes on all the same
                await self._failed(f"reading failed: {described(exc)}")
            finally:
                if intake is not None:
                    await _closed(intake)
            await asyncio.sleep(self._backoff)
            self._backoff = min(MAX_BACKOFF, self._backoff * 2)

    async def _failed(self, why: str) -> None:
        log.warning("source %s: %s", self.reader.source_id, why)
        metrics.BROKER_SOURCE_PAUSES.labels(self.reader.kind, "retry").inc()
        await self._note(why)

    async def _opened(self) -> Intake:
        reader, shared = self.reader, self._shared
        try:
            address = parse_source(reader.url)
            checked = await shared.sender.guard_broker(address, reader.endpoint_override,
                                                       reader.principal.requires_https)
        except (URLRefused, DNSFailure) as exc:
            raise ReadFailed(f"the broker's address was refused: {exc}") from None
        if reader.kind in AWS_KINDS and (refused := identity_refused(
                reader.credentials, reader.endpoint_override, reader.instance_aws)):
            raise ReadFailed(f"credentials {refused}")
        tls = ClientTLS.stored(reader.tls)
        intake: Intake
        if reader.kind == KAFKA:
            from hookline.intake.kafka import KafkaIntake

            guard = shared.sender.broker.guard
            intake = KafkaIntake(
                reader.source_id, address, checked, reader.credentials, tls,
                reader.consumption, shared.timeout,
                lambda host, port: guard.host(host, port, address.scheme))
        elif reader.kind == SQS:
            from hookline.intake.sqs import SqsIntake

            intake = SqsIntake(address, checked, reader.credentials, shared.timeout,
                               shared.models())
        else:
            from hookline.intake.amqp import AmqpIntake

            intake = AmqpIntake(address, checked, reader.credentials, tls, reader.consumption,
                                shared.timeout)
        try:
            await intake.start()
        except BaseException:  # what it opened before failing is closed too
            await _closed(intake)
            raise
        return intake

    async def _read(self, intake: Intake) -> None:
        batch_size = self.reader.consumption["batchSize"]
        while True:
            batch = await intake.fetch(batch_size)
            pause, why = 0.0, None
            if batch:
                held_lanes: set[str] = set()
                verdicts = await asyncio.gather(*(self._one(r, held_lanes) for r in batch))
                done = [r for r, v in zip(batch, verdicts, strict=True) if v.act != Act.HOLD]
                held = [r for r, v in zip(batch, verdicts, strict=True) if v.act == Act.HOLD]
                await intake.settle(done, held)
                for verdict in verdicts:
                    metrics.BROKER_SOURCE_MESSAGES.labels(self.reader.kind,
                                                          verdict.act.value).inc()
                pausing = max(verdicts, key=lambda v: v.pause)
                pause, why = pausing.pause, pausing.reason
                if pause and pausing.paused_for is None:
                    # A failure that lasts (the database, a dead-letter target) is tried
                    # less and less often, as a reader that cannot connect is.
                    pause = max(pause, self._backoff)
                    self._backoff = min(MAX_BACKOFF, self._backoff * 2)
                else:
                    self._backoff = 1.0
                if pause:
                    metrics.BROKER_SOURCE_PAUSES.labels(
                        self.reader.kind, pausing.paused_for or "retry").inc()
                if any(v.act == Act.ACK for v in verdicts):
                    self._read_at = _now()
            if pause or time.monotonic() - self._lag_at >= LAG_EVERY:
                await self._measure(intake)
                await self._note(why if pause else None,
                                 _now() + timedelta(seconds=pause) if pause else None)
            if pause:
                await asyncio.sleep(pause)

    async def _one(self, received: Received, held_lanes: set[str]) -> Verdict:
        """`held_lanes`: the batch's ordered lanes (Kafka's partitions) with a message held
        already, behind which nothing is published: it would come before the held one."""
        async with self._slots:
            if received.lane and received.lane in held_lanes:
                return HELD_BEHIND
            verdict = await self._published(received)
            if verdict.act == Act.DEAD_LETTER:
                assert verdict.reason is not None
                refused = await dead_letters.send(self._shared.sender.brokers, self.reader,
                                                  received, verdict.reason)
                if refused is not None:
                    verdict = Verdict(Act.HOLD, "the dead-letter target refused a message: "
                                                f"{refused}", RETRY_PAUSE)
            if verdict.act == Act.HOLD and received.lane:
                held_lanes.add(received.lane)
            return verdict

    async def _published(self, received: Received) -> Verdict:
        reader, shared = self.reader, self._shared
        try:
            # In a thread: a body of up to 2 MiB and four expressions are no work for the
            # event loop the worker's attempts share.
            event = await asyncio.to_thread(resolve, reader.source_id, received.message,
                                            reader.mapping)
        except Unpublishable as exc:
            return of_refusal(received.message, exc)
        except Exception as exc:  # resolving is pure: the message is what fails it
            return of_refusal(received.message, Unpublishable(
                f"the message could not be read: {described(exc)}"))
        try:
            await publish_event(shared.batches, shared.filters, reader.principal, event,
                                shared.schedule)
        except RefusedAfterAdmission as refused:
            return of_refusal(received.message, refused.error)
        except Exception as exc:  # the database away, a timeout: held, tried again
            log.warning("source %s: publishing failed: %s", reader.source_id,
                        described(exc))
            return of_refusal(received.message, exc)
        return PUBLISHED

    async def _measure(self, intake: Intake) -> None:
        self._lag_at = time.monotonic()
        lag = await intake.lag()
        if lag is not None:
            self._lag = lag
            metrics.broker_source_lag(self.reader.kind, self.reader.source_id, lag.messages)

    async def _note(self, error: str | None = None, paused_until: datetime | None = None
                    ) -> None:
        lag = self._lag
        found = Found(lag.messages if lag else None, lag.seconds if lag else None, error,
                      paused_until, self._read_at)
        try:
            await asyncio.to_thread(_write_note, self._shared.engine, self.reader.source_id,
                                    found)
        except Exception as exc:  # the database away: the next note says it
            log.warning("source %s: its state was not saved: %r", self.reader.source_id, exc)
            return
        self._read_at = None


def _write_note(engine: Engine, source_id: str, found: Found) -> None:
    with Session(engine) as session:
        committed(session, broker_sources.note, source_id, found, _now())


def _now() -> datetime:
    return datetime.now(UTC)


async def _closed(intake: Intake) -> None:
    try:
        await asyncio.wait_for(intake.close(), 10)
    except Exception as exc:
        log.warning("a reader did not close: %r", exc)
