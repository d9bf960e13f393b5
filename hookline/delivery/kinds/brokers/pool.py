"""The publishers of one worker (`Publishers`): one per target and configuration, made on
a target's first attempt and kept for the next, at most `KEPT` of them (the least recently
used closed first), each closed once idle for `IDLE` seconds, or when its target changed
its URL, credentials or TLS, or was disabled or deleted (`close_gone`). A publish runs
within the attempt's time: a broker that hangs holds only its own target's attempts."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any

from hookline import target_kinds as kinds
from hookline.delivery.credentials import ClientTLS
from hookline.delivery.kinds.brokers.address import BrokerAddress
from hookline.delivery.kinds.brokers.guard import BrokerGuard, Checked
from hookline.delivery.kinds.brokers.message import UNREACHABLE, BrokerFailed, Publisher

log = logging.getLogger("hookline.delivery.kinds.brokers")

KEPT = 64
IDLE = 300.0
SWEEP = 30.0  # seconds between looks for disabled or deleted targets' publishers
CLOSING = 5.0  # seconds a publisher has to close

# How each kind's publisher is made: (address, checked, credentials, tls, timeout, guard).
Factory = Callable[[BrokerAddress, Checked, dict[str, Any] | None, ClientTLS | None, float,
                    BrokerGuard], Publisher]


# Each kind's client is imported on its first target (aiokafka, aiormq and aiobotocore
# cost a process a dozen MB): a worker that publishes to no broker never loads them.
def _kafka(address: BrokerAddress, checked: Checked, credentials: dict[str, Any] | None,
           tls: ClientTLS | None, timeout: float, guard: BrokerGuard) -> Publisher:
    from hookline.delivery.kinds.brokers.kafka import KafkaPublisher

    return KafkaPublisher(address, checked, credentials, tls, timeout,
                          lambda host, port: guard.host(host, port, address.scheme))


def _amqp(address: BrokerAddress, checked: Checked, credentials: dict[str, Any] | None,
          tls: ClientTLS | None, timeout: float, guard: BrokerGuard) -> Publisher:
    from hookline.delivery.kinds.brokers.amqp import AmqpPublisher

    return AmqpPublisher(address, checked, credentials, tls, timeout)


def _aws() -> Factory:
    """The AWS kinds share one factory per pool: its publishers share the services'
    models."""
    from hookline.delivery.kinds.brokers.aws import AwsFactory

    return AwsFactory()


class Publishers:
    def __init__(self, guard: BrokerGuard, timeout: float,
                 factories: dict[str, Factory] | None = None, kept: int = KEPT,
                 idle: float = IDLE) -> None:
        self.guard = guard
        self.timeout = timeout
        self.factories: dict[str, Factory] = dict(factories) if factories is not None else \
            {kinds.KAFKA: _kafka, kinds.AMQP: _amqp}
        self.kept = kept
        self.idle = idle
        # By target: its configuration's fingerprint, its publisher, when it was last used.
        self._open: OrderedDict[str, tuple[str, Publisher, float]] = OrderedDict()
        self._closing: set[asyncio.Task[None]] = set()

    def publisher(self, target_id: str, address: BrokerAddress, checked: Checked,
                  credentials: dict[str, Any] | None, tls: ClientTLS | None) -> Publisher:
        """The target's publisher for this configuration: the kept one, or a new one (its
        connection made on its first publish), which replaces the target's older one."""
        fingerprint = _fingerprint(address.url, checked, credentials, tls)
        now = time.monotonic()
        self.sweep(now)
        found = self._open.get(target_id)
        if found is not None and found[0] == fingerprint:
            self._open[target_id] = (fingerprint, found[1], now)
            self._open.move_to_end(target_id)
            return found[1]
        if found is not None:
            self._close_later(found[1])
        factory = self.factories.get(address.kind)
        if factory is None and address.kind in kinds.AWS_KINDS:
            factory = _aws()
            self.factories.update(dict.fromkeys(kinds.AWS_KINDS, factory))
        if factory is None:
            raise BrokerFailed(UNREACHABLE, f"this worker cannot publish to {address.kind}")
        made = factory(address, checked, credentials, tls, self.timeout, self.guard)
        self._open[target_id] = (fingerprint, made, now)
        while len(self._open) > self.kept:
            _, (_, old, _) = self._open.popitem(last=False)
            self._close_later(old)
        return made

    def drop(self, target_id: str) -> None:
        """Close a target's publisher: its connection failed, and the next attempt makes a
        new one."""
        found = self._open.pop(target_id, None)
        if found is not None:
            self._close_later(found[1])

    def held(self) -> list[str]:
        """The targets whose publishers are open."""
        return list(self._open)

    def close_gone(self, alive: Iterable[str]) -> None:
        """Close the publishers of targets not in `alive` (disabled or deleted)."""
        keep = set(alive)
        for target_id in [t for t in self._open if t not in keep]:
            self.drop(target_id)

    def sweep(self, now: float) -> None:
        """Close the publishers idle for `idle` seconds (monotonic `now`)."""
        while self._open:
            target_id, (_, publisher, used) = next(iter(self._open.items()))
            if now - used < self.idle:
                return
            del self._open[target_id]
            self._close_later(publisher)

    def _close_later(self, publisher: Publisher) -> None:
        task = asyncio.get_running_loop().create_task(_closed(publisher))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def aclose(self) -> None:
        publishers = [p for _, p, _ in self._open.values()]
        self._open.clear()
        await asyncio.gather(*(_closed(p) for p in publishers))
        if self._closing:
            await asyncio.gather(*self._closing, return_exceptions=True)


async def close_gone_forever(publishers: Publishers, alive: Callable[[list[str]], set[str]],
                             every: float = SWEEP) -> None:
    """Close, every `every` seconds, the idle publishers and those of targets that are no
    longer enabled (`alive` says which of the held ones are; it reads the database, in a
    thread)."""
    while True:
        await asyncio.sleep(every)
        publishers.sweep(time.monotonic())
        held = publishers.held()
        if not held:
            continue
        try:
            enabled = await asyncio.to_thread(alive, held)
        except Exception as exc:  # the database may be away: look again next time
            log.warning("could not read which broker targets are enabled: %s", exc)
            continue
        publishers.close_gone(enabled | (set(publishers.held()) - set(held)))


async def _closed(publisher: Publisher) -> None:
    # Bounded: aiokafka's stop() waits for ever on a batch a dead broker never took.
    try:
        async with asyncio.timeout(CLOSING):
            await publisher.close()
    except Exception as exc:  # a broken connection closes badly, or not at all
        log.debug("closing a publisher: %r", exc)


def _fingerprint(url: str, checked: Checked, credentials: dict[str, Any] | None,
                 tls: ClientTLS | None) -> str:
    text = json.dumps([url, checked.ip, checked.endpoint, credentials,
                       tls.fingerprint if tls else None], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


