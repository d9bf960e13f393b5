"""The brokers the destinations' tests deliver to, each a real server on a free loopback
port in a folder of its own, started by the test and stopped with everything it started:

- `Kafka` (tests/support/kafka.py): Apache Kafka 4.1, KRaft, from `make tools-brokers`.
- `RabbitMQ` (tests/support/rabbitmq.py): Debian's rabbitmq-server, from the same target.
- `Moto` (tests/support/aws.py): moto's server for SQS, SNS, EventBridge, Kinesis and S3,
  the one emulated part (AWS cannot be reached from here).

Each has `stop(kill=False)` and `start()` on the same port (Kafka and RabbitMQ keep their
data; moto starts empty) and `outage()`, a block during which it is down. Tests get them as
the module-scoped fixtures `kafka`, `rabbitmq` and `moto` (tests/conftest.py), which put a
test in the e2e tier; elsewhere, these context managers."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.support.aws import KinesisRecord, Moto, S3Object, SqsMessage, SqsQueue, Subscribed
from tests.support.kafka import Kafka, KafkaRecord
from tests.support.rabbitmq import AmqpMessage, RabbitMQ

__all__ = ["AmqpMessage", "Kafka", "KafkaRecord", "KinesisRecord", "Moto", "RabbitMQ",
           "S3Object", "SqsMessage", "SqsQueue", "Subscribed", "kafka_broker", "moto_server",
           "rabbitmq_broker"]


@contextmanager
def kafka_broker(folder: Path | None = None) -> Iterator[Kafka]:
    with _folder(folder, "kafka") as where:
        broker = Kafka(where)
        try:
            broker.start()
            yield broker
        finally:
            broker.close()


@contextmanager
def rabbitmq_broker(folder: Path | None = None) -> Iterator[RabbitMQ]:
    with _folder(folder, "rabbitmq") as where:
        broker = RabbitMQ(where)
        try:
            broker.start()
            yield broker
        finally:
            broker.close()


@contextmanager
def moto_server(folder: Path | None = None) -> Iterator[Moto]:
    with _folder(folder, "moto") as where:
        server = Moto(where)
        try:
            server.start()
            yield server
        finally:
            server.close()


@contextmanager
def _folder(given: Path | None, name: str) -> Iterator[Path]:
    """The given folder, kept (a test's tmp_path, with the logs); else a temporary one."""
    if given is not None:
        yield given
        return
    made = Path(tempfile.mkdtemp(prefix=f"hookline-{name}-"))
    try:
        yield made
    finally:
        shutil.rmtree(made, ignore_errors=True)
