"""Apache Kafka 4.1 in KRaft mode on loopback: one node, broker and controller, from the jars
`make tools-brokers` puts in .tools/kafka, on the machine's Java. It listens twice: plain
(`bootstrap`), and SASL (`sasl_bootstrap`) with one user, `user`/`password`, for PLAIN,
SCRAM-SHA-256 and SCRAM-SHA-512, so a test can give a destination wrong credentials.

Topics are not created on first use (auto.create.topics.enable=false, as production clusters
run): a test makes its topics with `create_topic`, and a publish to another topic is refused.
`stop()` and `start()` keep the port and the data: records written before an outage are
there after it."""

from __future__ import annotations

import asyncio
import base64
import subprocess
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.structs import ConsumerRecord

from tests.support import aio, tools
from tests.support.procs import Served, free_port, spawn, stop, wait_port

# The heap and GC of a test broker: a few MB of records, and two cores shared with others.
_JVM = ["-Xms64m", "-Xmx384m", "-XX:+UseSerialGC", "-XX:-UsePerfData",
        "-Djava.awt.headless=true", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
        "-Dorg.slf4j.simpleLogger.showDateTime=true"]
_MECHANISMS = ("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512")


@dataclass(frozen=True)
class KafkaRecord:
    topic: str
    partition: int
    offset: int
    key: bytes | None
    value: bytes
    headers: dict[str, str]  # decoded as UTF-8; the last value of a repeated name
    raw_headers: tuple[tuple[str, bytes], ...]
    timestamp_ms: int


# Where the ELSEWHERE listener says the broker is: a private address no test stack allows.
ELSEWHERE = "10.255.255.1"


class Kafka(Served):
    user = "hookline"

    def __init__(self, folder: Path, password: str = "kafka-secret") -> None:
        self.folder, self.password = folder, password
        self.port, self.sasl_port, self.controller_port = free_port(), free_port(), free_port()
        self.elsewhere_port = free_port()
        self.bootstrap = f"127.0.0.1:{self.port}"
        self.sasl_bootstrap = f"127.0.0.1:{self.sasl_port}"
        # A listener on loopback whose metadata names the broker at a private address, as a
        # hostile (or misconfigured) cluster's would: clients bootstrap here, then are told
        # to produce to ELSEWHERE.
        self.elsewhere_bootstrap = f"127.0.0.1:{self.elsewhere_port}"
        self.log = folder / "kafka.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.jars = tools.kafka()
        self.properties = folder / "server.properties"
        self.properties.write_text(self._properties())
        self._format()

    def sasl(self, mechanism: str = "PLAIN", password: str | None = None) -> dict[str, str]:
        """aiokafka's arguments for the SASL listener (right password unless given one)."""
        return {"bootstrap_servers": self.sasl_bootstrap, "security_protocol": "SASL_PLAINTEXT",
                "sasl_mechanism": mechanism, "sasl_plain_username": self.user,
                "sasl_plain_password": self.password if password is None else password}

    def start(self) -> None:
        """On the same ports and data as before; no-op when running."""
        if self.running:
            return
        self.proc = spawn(["java", *_JVM, "-cp", f"{self.jars}/*", "kafka.Kafka",
                           str(self.properties)], {}, self.log)
        wait_port(self.port, 60, self.proc)
        aio.run(self._ready(60))

    def stop(self, *, kill: bool = False) -> None:
        """A controlled shutdown (SIGTERM, about 2 s), or a crash with `kill` (instant)."""
        if self.proc is not None:
            stop(self.proc, kill=kill, seconds=30)

    def create_topic(self, name: str, partitions: int = 3) -> None:
        """Created and led (every partition has a leader) when this returns."""
        aio.run(self._create_topic(name, partitions))

    def consume(self, topic: str, n: int, timeout: float = 10, settle: float = 0
                ) -> list[KafkaRecord]:
        """The topic's records from its beginning, in (partition, offset) order: all there
        are once at least `n` have come, and `settle` seconds more (to see duplicates), or
        what came within `timeout`. No consumer group: each call reads from the start."""
        return aio.run(self._consume(topic, n, timeout, settle))

    def produce(self, topic: str, messages: list[tuple[bytes, dict[str, str]]],
                key: bytes | None = None) -> None:
        """Each message (a body, its headers) written to `topic`, confirmed, in order."""
        aio.run(self._produce(topic, messages, key))

    def committed(self, group: str, topic: str) -> int:
        """The offsets `group` committed on `topic`, summed over its partitions (none: 0)."""
        return aio.run(self._committed(group, topic))

    # The broker's configuration, formatted once: the same on every start.

    def _properties(self) -> str:
        plain = " ".join(["org.apache.kafka.common.security.plain.PlainLoginModule required",
                          f'user_{self.user}="{self.password}";'])
        scram = "org.apache.kafka.common.security.scram.ScramLoginModule required;"
        settings = {
            "process.roles": "broker,controller",
            "node.id": "1",
            "controller.quorum.voters": f"1@127.0.0.1:{self.controller_port}",
            "listeners": f"PLAINTEXT://{self.bootstrap},SASL_PLAINTEXT://{self.sasl_bootstrap},"
                         f"ELSEWHERE://{self.elsewhere_bootstrap},"
                         f"CONTROLLER://127.0.0.1:{self.controller_port}",
            "advertised.listeners": f"PLAINTEXT://{self.bootstrap},"
                                    f"SASL_PLAINTEXT://{self.sasl_bootstrap},"
                                    f"ELSEWHERE://{ELSEWHERE}:{self.port}",
            "inter.broker.listener.name": "PLAINTEXT",
            "controller.listener.names": "CONTROLLER",
            "listener.security.protocol.map":
                "PLAINTEXT:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT,ELSEWHERE:PLAINTEXT,"
                "CONTROLLER:PLAINTEXT",
            "sasl.enabled.mechanisms": ",".join(_MECHANISMS),
            "listener.name.sasl_plaintext.plain.sasl.jaas.config": plain,
            "listener.name.sasl_plaintext.scram-sha-256.sasl.jaas.config": scram,
            "listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config": scram,
            "log.dirs": str(self.folder / "data"),
            "num.partitions": "3",
            "auto.create.topics.enable": "false",
            # One node: every internal topic has one replica, and one partition where it
            # may (50 for the offsets topic would slow the first consumer group).
            "offsets.topic.replication.factor": "1",
            "offsets.topic.num.partitions": "1",
            "transaction.state.log.replication.factor": "1",
            "transaction.state.log.min.isr": "1",
            "transaction.state.log.num.partitions": "1",
            "share.coordinator.state.topic.replication.factor": "1",
            "share.coordinator.state.topic.min.isr": "1",
            "group.initial.rebalance.delay.ms": "0",
            # After a crash the node's new incarnation waits for the old one's session to
            # expire before it serves: 9 s by default, 3 s here (heartbeats every 0.5 s).
            "broker.session.timeout.ms": "3000",
            "broker.heartbeat.interval.ms": "500",
        }
        return "".join(f"{key}={value}\n" for key, value in settings.items())

    def _format(self) -> None:
        scram = [arg for mechanism in _MECHANISMS[1:] for arg in
                 ("--add-scram", f"{mechanism}=[name={self.user},password={self.password}]")]
        subprocess.run(["java", "-Xmx128m", "-XX:+UseSerialGC", "-XX:-UsePerfData", "-cp",
                        f"{self.jars}/*", "kafka.tools.StorageTool", "format", "-t",
                        _cluster_id(), "-c", str(self.properties), *scram],
                       check=True, capture_output=True)

    async def _ready(self, seconds: float) -> None:
        # The port opens before the broker has registered with its controller.
        deadline = time.monotonic() + seconds
        while True:
            admin = AIOKafkaAdminClient(bootstrap_servers=self.bootstrap,
                                        request_timeout_ms=5000)
            try:
                await admin.start()
                if (await admin.describe_cluster())["brokers"]:
                    return
            except Exception:
                if time.monotonic() > deadline:
                    raise
            finally:
                await admin.close()
            await asyncio.sleep(0.1)

    async def _create_topic(self, name: str, partitions: int) -> None:
        admin = AIOKafkaAdminClient(bootstrap_servers=self.bootstrap)
        await admin.start()
        try:
            answer = (await admin.create_topics([NewTopic(name, partitions, 1)])).to_object()
            errors = [t for t in answer.get("topic_errors", answer.get("topics", []))
                      if t.get("error_code")]
            if errors:
                raise RuntimeError(f"create_topic {name}: {errors}")
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                [topic] = await admin.describe_topics([name])
                led = [p for p in topic["partitions"] if p["leader"] >= 0]
                if not topic["error_code"] and len(led) == partitions:
                    return
                await asyncio.sleep(0.05)
            raise TimeoutError(f"topic {name} has no leader for every partition")
        finally:
            await admin.close()

    async def _partitions(self, topic: str) -> list[int]:
        admin = AIOKafkaAdminClient(bootstrap_servers=self.bootstrap)
        await admin.start()
        try:
            [found] = await admin.describe_topics([topic])
        finally:
            await admin.close()
        if found["error_code"]:
            raise LookupError(f"topic {topic}: Kafka error {found['error_code']}")
        return sorted(p["partition"] for p in found["partitions"])

    async def _consume(self, topic: str, n: int, timeout: float, settle: float
                       ) -> list[KafkaRecord]:
        partitions = [TopicPartition(topic, p) for p in await self._partitions(topic)]
        consumer = AIOKafkaConsumer(bootstrap_servers=self.bootstrap, group_id=None,
                                    enable_auto_commit=False)
        await consumer.start()
        try:
            consumer.assign(partitions)
            await consumer.seek_to_beginning(*partitions)
            records: list[KafkaRecord] = []
            end = time.monotonic() + timeout
            while time.monotonic() < end:
                if len(records) >= n:
                    end = min(end, time.monotonic() + settle)
                batches = await consumer.getmany(timeout_ms=100)
                records += [_record(m) for batch in batches.values() for m in batch]
                if len(records) >= n and settle <= 0:
                    break
            return sorted(records, key=lambda r: (r.partition, r.offset))
        finally:
            await consumer.stop()


    async def _produce(self, topic: str, messages: list[tuple[bytes, dict[str, str]]],
                       key: bytes | None) -> None:
        producer = AIOKafkaProducer(bootstrap_servers=self.bootstrap, acks="all")
        await producer.start()
        try:
            for body, headers in messages:
                await producer.send_and_wait(topic, body, key=key, headers=[
                    (name, value.encode()) for name, value in headers.items()])
        finally:
            await producer.stop()

    async def _committed(self, group: str, topic: str) -> int:
        admin = AIOKafkaAdminClient(bootstrap_servers=self.bootstrap)
        await admin.start()
        try:
            offsets = await admin.list_consumer_group_offsets(group)
        finally:
            await admin.close()
        return sum(meta.offset for partition, meta in offsets.items()
                   if partition.topic == topic and meta.offset >= 0)


def _record(message: ConsumerRecord[bytes, bytes]) -> KafkaRecord:
    headers = tuple((name, bytes(value)) for name, value in message.headers)
    return KafkaRecord(topic=message.topic, partition=message.partition, offset=message.offset,
                       key=message.key, value=message.value or b"",
                       headers={k: v.decode("utf-8", "replace") for k, v in headers},
                       raw_headers=headers, timestamp_ms=message.timestamp)


def _cluster_id() -> str:
    # Kafka's Uuid in its own text form (base64url, no padding), made here rather than by
    # a second JVM start (`StorageTool random-uuid`, a second on this machine); Kafka
    # refuses ids whose text starts with '-'.
    while True:
        text = base64.urlsafe_b64encode(uuid.uuid4().bytes).decode().rstrip("=")
        if not text.startswith("-"):
            return text
