"""The brokers the destinations' tests deliver to (tests/support/brokers.py): each starts,
takes a message with headers and gives it back, refuses wrong credentials, and comes back
on the same port after a crash with what it had kept (Kafka's records, RabbitMQ's durable
queue; moto starts empty, with the same key). What the client libraries raise is pinned
too: the destinations classify failures by it."""

from __future__ import annotations

import socket

import aio_pika
import aiormq
import boto3
import pytest
from aiokafka import AIOKafkaProducer
from aiokafka.conn import create_conn
from aiokafka.errors import KafkaConnectionError, SaslAuthenticationFailed
from botocore.exceptions import ClientError
from pamqp import commands

from tests.support import aio
from tests.support.brokers import Kafka, Moto, RabbitMQ
from tests.support.procs import alive, descendants


def listening(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0


def gone(pids: list[int]) -> bool:
    return not any(alive(pid) for pid in pids)


async def produce(topic: str, values: list[bytes], **client: object) -> list[int]:
    producer = AIOKafkaProducer(acks="all", enable_idempotence=True, **client)
    try:
        await producer.start()  # a failed start leaves it to be stopped too
        sent = [await producer.send_and_wait(topic, value, key=b"acme",
                                             headers=[("webhook-id", value)])
                for value in values]
    finally:
        await producer.stop()
    return [metadata.partition for metadata in sent]


def test_kafka_round_trip_kept_across_a_crash(kafka: Kafka) -> None:
    kafka.create_topic("hooks", partitions=3)
    partitions = aio.run(produce("hooks", [b"evt_1", b"evt_2"], bootstrap_servers=kafka.bootstrap))
    partitions += aio.run(produce("hooks", [b"evt_3"], **kafka.sasl("SCRAM-SHA-256")))
    assert len(set(partitions)) == 1  # one key, one partition

    records = kafka.consume("hooks", 3)
    assert [(r.key, r.value, r.headers) for r in records] == [
        (b"acme", f"evt_{i}".encode(), {"webhook-id": f"evt_{i}"}) for i in (1, 2, 3)]

    tree = [kafka.proc.pid, *descendants(kafka.proc.pid)]  # type: ignore[union-attr]
    with kafka.outage(kill=True):
        assert not listening(kafka.port) and gone(tree)
    aio.run(produce("hooks", [b"evt_4"], bootstrap_servers=kafka.bootstrap))
    assert [r.value for r in kafka.consume("hooks", 4)] == [b"evt_1", b"evt_2", b"evt_3",
                                                            b"evt_4"]


def test_kafka_wrong_password_is_a_failed_bootstrap(kafka: Kafka) -> None:
    # aiokafka's producer only logs the SASL error and raises what an unreachable broker
    # raises; a connection of its own says which it was.
    with pytest.raises(KafkaConnectionError):
        aio.run(produce("hooks", [b"x"], **kafka.sasl("PLAIN", password="wrong")))

    async def connect() -> None:
        await create_conn("127.0.0.1", kafka.sasl_port, security_protocol="SASL_PLAINTEXT",
                          sasl_mechanism="PLAIN", sasl_plain_username=kafka.user,
                          sasl_plain_password="wrong")

    with pytest.raises(SaslAuthenticationFailed):
        aio.run(connect())


async def publish(url: str, bodies: list[bytes], routing_key: str = "invoice.paid",
                  **channel: bool) -> list[object]:
    async with await aio_pika.connect(url) as connection:
        confirmed = await connection.channel(publisher_confirms=True, **channel)
        exchange = await confirmed.get_exchange("hooks")
        return [await exchange.publish(
            aio_pika.Message(body, headers={"webhook-id": body.decode()},
                             delivery_mode=aio_pika.DeliveryMode.PERSISTENT),
            routing_key=routing_key, mandatory=True) for body in bodies]


def test_rabbitmq_durable_queue_kept_across_a_crash(rabbitmq: RabbitMQ) -> None:
    rabbitmq.declare("hooks", "deliveries", routing_key="invoice.#")
    acks = aio.run(publish(rabbitmq.url_for(rabbitmq.user, rabbitmq.password),
                           [b"evt_1", b"evt_2", b"evt_3"]))
    assert all(isinstance(ack, commands.Basic.Ack) for ack in acks)
    assert rabbitmq.count("deliveries") == 3

    tree = [rabbitmq.proc.pid, *descendants(rabbitmq.proc.pid)]  # type: ignore[union-attr]
    with rabbitmq.outage(kill=True):
        assert not listening(rabbitmq.port) and gone(tree)
    messages = rabbitmq.read("deliveries", 3)
    assert [(m.body, m.headers, m.routing_key, m.persistent) for m in messages] == [
        (f"evt_{i}".encode(), {"webhook-id": f"evt_{i}"}, "invoice.paid", True)
        for i in (1, 2, 3)]
    assert rabbitmq.count("deliveries") == 0


def test_rabbitmq_refusals(rabbitmq: RabbitMQ) -> None:
    rabbitmq.declare("hooks", "deliveries", routing_key="invoice.#")
    # A wrong password is a ConnectionError too: test for it before AMQPConnectionError.
    with pytest.raises(aiormq.exceptions.ProbableAuthenticationError):
        aio.run(publish(rabbitmq.url_for("guest", "wrong"), [b"x"]))

    # Unroutable with mandatory: the broker returns the message, and aio-pika hands the
    # Basic.Return back as the publish's result, unless the channel raises on returns.
    [returned] = aio.run(publish(rabbitmq.url_for(), [b"x"], routing_key="nowhere"))
    assert isinstance(returned, aiormq.abc.DeliveredMessage)
    assert isinstance(returned.delivery, commands.Basic.Return)
    assert (returned.delivery.reply_code, returned.delivery.reply_text) == (312, "NO_ROUTE")
    with pytest.raises(aiormq.exceptions.PublishError):
        aio.run(publish(rabbitmq.url_for(), [b"x"], routing_key="nowhere",
                        on_return_raises=True))


def test_moto_services_and_a_restart(moto: Moto) -> None:
    attribute = {"webhook-id": {"DataType": "String", "StringValue": "evt_1"}}
    sqs = moto.client("sqs")
    fifo = moto.sqs_queue("deliveries.fifo", fifo=True)
    for _ in range(2):  # a retried send: the same deduplication id
        sqs.send_message(QueueUrl=fifo.url, MessageBody='{"n":1}', MessageGroupId="acme",
                         MessageDeduplicationId="evt_1", MessageAttributes=attribute)
    [message] = moto.sqs_read(fifo, 1, settle=0.3)
    assert (message.body, message.attributes, message.system["MessageGroupId"]) == \
        ('{"n":1}', {"webhook-id": "evt_1"}, "acme")

    topic = moto.sns_topic("hooks")
    moto.client("sns").publish(TopicArn=topic.arn, Message='{"n":2}', MessageAttributes=attribute)
    bus = moto.eventbridge_bus("hooks")
    moto.client("events").put_events(Entries=[{"EventBusName": "hooks", "Source": "hookline",
                                               "DetailType": "invoice.paid", "Detail": "{}"}])
    moto.kinesis_stream("hooks")
    moto.client("kinesis").put_record(StreamName="hooks", Data=b"{}", PartitionKey="acme")
    moto.s3_bucket("hookline-events")
    moto.client("s3").put_object(Bucket="hookline-events", Key="in/evt_1.json", Body=b"{}",
                                 Metadata={"webhook-id": "evt_1"})
    assert [(m.body, m.attributes) for m in moto.sqs_read(topic.queue, 1)] == \
        [('{"n":2}', {"webhook-id": "evt_1"})]
    assert '"detail-type": "invoice.paid"' in moto.sqs_read(bus.queue, 1)[0].body
    assert [(r.data, r.partition_key) for r in moto.kinesis_read("hooks", 1)] == [(b"{}", "acme")]
    assert [(o.key, o.metadata) for o in moto.s3_objects("hookline-events")] == \
        [("in/evt_1.json", {"webhook-id": "evt_1"})]

    wrong = boto3.client("sqs", **{**moto.credentials, "aws_secret_access_key": "wrong"})
    with pytest.raises(ClientError) as refused:
        wrong.list_queues()
    assert refused.value.response["ResponseMetadata"]["HTTPStatusCode"] == 403

    endpoint, key = moto.endpoint, moto.access_key_id
    with moto.outage():
        assert not listening(moto.port)
    assert (moto.endpoint, moto.access_key_id) == (endpoint, key)
    with pytest.raises(ClientError, match="NonExistentQueue"):
        sqs.send_message(QueueUrl=fifo.url, MessageBody="{}", MessageGroupId="acme",
                         MessageDeduplicationId="evt_2")
    assert moto.sqs_queue("deliveries.fifo", fifo=True).url == fifo.url
