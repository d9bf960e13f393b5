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
from hookline.delivery.sender import Sender
from hookline.intake import dead_letters
from hookline.intake.inbound import Intake, Lag, ReadFailed, Received
from hookline.intake.resolve import Unpublishable, resolve
from hookline.intake.verdict import PUBLISHED, RETRY_PAUSE, Act, Verdict, of_refusal
from hookline.observability import metrics
from hookline.persistence.batches import BatchWriter
from hookline.persistence.db import committed
from hookline.services import broker_sources
from hookline.services.broker_sources import Found, Reader
from hookline.target_kinds import AMQP, KAFKA, SQS
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

    async def run(self) -> None:
        """Until cancelled."""
        try:
            await self._run()
        finally:
            metrics.broker_source_lag(self.reader.kind, self.reader.source_id, None)

    async def _run(self) -> None:
        backoff = 1.0
        while True:
            intake: Intake | None = None
            try:
                intake = await self._opened()
                backoff = 1.0
                await self._read(intake)
            except ReadFailed as exc:
                log.warning("source %s: %s", self.reader.source_id, exc)
                await self._note(str(exc))
                metrics.BROKER_SOURCE_PAUSES.labels(self.reader.kind, "retry").inc()
            finally:
                if intake is not None:
                    await _closed(intake)
            await asyncio.sleep(backoff)
            backoff = min(MAX_BACKOFF, backoff * 2)

    async def _opened(self) -> Intake:
        reader, shared = self.reader, self._shared
        address = parse_source(reader.url)
        try:
            checked = await shared.sender.guard_broker(address, reader.endpoint_override,
                                                       reader.principal.requires_https)
        except (URLRefused, DNSFailure) as exc:
            raise ReadFailed(f"the broker's address was refused: {exc}") from None
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
        elif reader.kind == AMQP:
            from hookline.intake.amqp import AmqpIntake

            intake = AmqpIntake(address, checked, reader.credentials, tls, reader.consumption)
        else:
            raise ReadFailed(f"{reader.kind} sources are not read yet")
        await intake.start()
        return intake

    async def _read(self, intake: Intake) -> None:
        batch_size = self.reader.consumption["batchSize"]
        while True:
            batch = await intake.fetch(batch_size)
            pause, why = 0.0, None
            if batch:
                verdicts = await asyncio.gather(*(self._one(r) for r in batch))
                done = [r for r, v in zip(batch, verdicts, strict=True) if v.act != Act.HOLD]
                held = [r for r, v in zip(batch, verdicts, strict=True) if v.act == Act.HOLD]
                await intake.settle(done, held)
                for verdict in verdicts:
                    metrics.BROKER_SOURCE_MESSAGES.labels(self.reader.kind,
                                                          verdict.act.value).inc()
                pausing = max(verdicts, key=lambda v: v.pause)
                pause, why = pausing.pause, pausing.reason
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

    async def _one(self, received: Received) -> Verdict:
        async with self._slots:
            verdict = await self._published(received)
            if verdict.act != Act.DEAD_LETTER:
                return verdict
            assert verdict.reason is not None
            refused = await dead_letters.send(self._shared.sender.brokers, self.reader,
                                              received, verdict.reason)
            if refused is None:
                return verdict
            return Verdict(Act.HOLD, f"the dead-letter target refused a message: {refused}",
                           RETRY_PAUSE)

    async def _published(self, received: Received) -> Verdict:
        reader, shared = self.reader, self._shared
        try:
            event = resolve(reader.source_id, received.message, reader.mapping)
            await publish_event(shared.batches, shared.filters, reader.principal, event,
                                shared.schedule)
        except RefusedAfterAdmission as refused:
            return of_refusal(received.message, refused.error)
        except Unpublishable as exc:
            return of_refusal(received.message, exc)
        except Exception as exc:  # the database away, a timeout: held, tried again
            log.warning("source %s: publishing failed: %r", reader.source_id, exc)
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
