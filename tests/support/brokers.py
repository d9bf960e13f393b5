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
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import TypeVar

from tests.support.aws import KinesisRecord, Moto, S3Object, SqsMessage, SqsQueue, Subscribed
from tests.support.kafka import Kafka, KafkaRecord
from tests.support.procs import Served
from tests.support.rabbitmq import AmqpMessage, RabbitMQ

S = TypeVar("S", bound=Served)

__all__ = ["AmqpMessage", "Kafka", "KafkaRecord", "KinesisRecord", "Moto", "RabbitMQ",
           "S3Object", "SqsMessage", "SqsQueue", "Subscribed", "kafka_broker", "moto_server",
           "rabbitmq_broker"]


def kafka_broker(folder: Path | None = None) -> AbstractContextManager[Kafka]:
    return _served(Kafka, folder, "kafka")


def rabbitmq_broker(folder: Path | None = None) -> AbstractContextManager[RabbitMQ]:
    return _served(RabbitMQ, folder, "rabbitmq")


def moto_server(folder: Path | None = None) -> AbstractContextManager[Moto]:
    return _served(Moto, folder, "moto")


@contextmanager
def _served(kind: Callable[[Path], S], folder: Path | None, name: str) -> Iterator[S]:
    """One server of `kind`, started in `folder` (else a temporary one), closed after."""
    with _folder(folder, name) as where:
        server = kind(where)
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
