"""AWS's APIs on loopback: moto's server (the dev extra's moto[server]) in a process of its
own, so a test can stop it mid-load and start it again on the same port. This is the one
emulated part of the destinations' tests: AWS cannot be reached from here.

Requests must be signed with `access_key_id`/`secret_access_key` (moto's IAM checks them,
as AWS would: a wrong secret is a 403), and those stay the same across restarts: the key is
made right after each start from a fixed seed. Everything else is lost on a stop: tests
make their queues, topics, buses, streams and buckets again after one.

The helpers read back what a destination wrote, with boto3: SQS (standard and FIFO), an SNS
topic and an EventBridge bus each delivering into an SQS queue of their own, a Kinesis stream,
an S3 bucket."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import boto3
import httpx

from tests.support.procs import Served, free_port, spawn, stop, wait_port

# Any seed will do, as long as it is the same one on every start.
_KEY_SEED = 53
_EVERYTHING = {"Version": "2012-10-17",
               "Statement": [{"Effect": "Allow", "Action": "*", "Resource": "*"}]}


@dataclass(frozen=True)
class SqsQueue:
    name: str
    url: str
    arn: str


@dataclass(frozen=True)
class SqsMessage:
    body: str
    attributes: dict[str, str | bytes]  # message attributes: StringValue or BinaryValue
    system: dict[str, str]  # MessageGroupId, MessageDeduplicationId, SentTimestamp...
    message_id: str


@dataclass(frozen=True)
class Subscribed:
    """An SNS topic or an EventBridge bus, and the SQS queue its deliveries land in."""
    name: str
    arn: str
    queue: SqsQueue


@dataclass(frozen=True)
class KinesisRecord:
    data: bytes
    partition_key: str
    shard_id: str
    sequence_number: str


@dataclass(frozen=True)
class S3Object:
    key: str
    body: bytes
    metadata: dict[str, str]
    content_type: str


class Moto(Served):
    region = "eu-west-1"
    account_id = "123456789012"  # moto's default account

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.endpoint = f"http://127.0.0.1:{self.port}"
        self.log = folder / "moto.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.access_key_id = self.secret_access_key = ""
        self._clients: dict[str, Any] = {}

    @property
    def credentials(self) -> dict[str, str]:
        """boto3's and aiobotocore's keyword arguments: region, key pair, endpoint."""
        return {"region_name": self.region, "endpoint_url": self.endpoint,
                "aws_access_key_id": self.access_key_id,
                "aws_secret_access_key": self.secret_access_key}

    def client(self, service: str) -> Any:
        """A boto3 client with the valid key (kept: making one loads its service model)."""
        if service not in self._clients:
            self._clients[service] = boto3.client(service, **self.credentials)
        return self._clients[service]

    def start(self) -> None:
        """On the same port, with the same key, and nothing else; no-op when running."""
        if self.running:
            return
        self.proc = spawn([sys.executable, "-m", "tests.support.moto_server", "-H",
                           "127.0.0.1", "-p", str(self.port)], {}, self.log)
        wait_port(self.port, 30, self.proc)
        self.access_key_id, self.secret_access_key = self._make_key()

    def stop(self, *, kill: bool = False) -> None:
        if self.proc is not None:
            stop(self.proc, kill=kill)

    def _make_key(self) -> tuple[str, str]:
        """The key moto's seeded random makes, the same after every restart. A request that
        arrives between the seed and the key (a worker retrying its publishes while moto
        comes back) draws from that random too: the key is then made again, seeded again."""
        wanted = (self.access_key_id, self.secret_access_key) if self.access_key_id else None
        with httpx.Client(base_url=self.endpoint) as api:
            api.post("/moto-api/reset-auth", content=b"inf").raise_for_status()
            iam = boto3.client("iam", endpoint_url=self.endpoint, region_name="us-east-1",
                               aws_access_key_id="setup", aws_secret_access_key="setup")
            iam.create_user(UserName="hookline")
            iam.put_user_policy(UserName="hookline", PolicyName="everything",
                                PolicyDocument=json.dumps(_EVERYTHING))
            for _ in range(20):
                api.post("/moto-api/seed", params={"a": _KEY_SEED}).raise_for_status()
                made = iam.create_access_key(UserName="hookline")["AccessKey"]
                key = (made["AccessKeyId"], made["SecretAccessKey"])
                if wanted is None or key == wanted:
                    break
                iam.delete_access_key(UserName="hookline", AccessKeyId=key[0])
            else:
                raise RuntimeError("moto made another key after a restart")
            api.post("/moto-api/seed", params={"a": time.time_ns() % 2**31}).raise_for_status()
            api.post("/moto-api/reset-auth", content=b"0").raise_for_status()
        return key

    # SQS

    def sqs_queue(self, name: str, *, fifo: bool = False) -> SqsQueue:
        """A queue (FIFO ones need a name ending in .fifo), deduplicating by the
        MessageDeduplicationId a sender gives, not by content."""
        sqs = self.client("sqs")
        attributes = {"FifoQueue": "true", "ContentBasedDeduplication": "false"} if fifo else {}
        url = sqs.create_queue(QueueName=name, Attributes=attributes)["QueueUrl"]
        arn = sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["QueueArn"])
        return SqsQueue(name, url, arn["Attributes"]["QueueArn"])

    def sqs_read(self, queue: SqsQueue | str, n: int, timeout: float = 10,
                 settle: float = 0) -> list[SqsMessage]:
        """Messages received and deleted: all there are once `n` have come and `settle`
        seconds more (to see duplicates), or what came within `timeout`."""
        sqs, url = self.client("sqs"), queue.url if isinstance(queue, SqsQueue) else queue
        messages: list[SqsMessage] = []
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if len(messages) >= n:
                if settle <= 0:
                    break
                end = min(end, time.monotonic() + settle)
            got = sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10, WaitTimeSeconds=0,
                                      MessageAttributeNames=["All"],
                                      MessageSystemAttributeNames=["All"]).get("Messages", [])
            for message in got:
                sqs.delete_message(QueueUrl=url, ReceiptHandle=message["ReceiptHandle"])
            messages += [_sqs_message(m) for m in got]
            if not got:
                time.sleep(0.05)
        return messages

    # SNS and EventBridge, read back through SQS

    def sns_topic(self, name: str, *, raw: bool = True) -> Subscribed:
        """A topic (`name` ending in .fifo for a FIFO one) with an SQS queue subscribed: raw
        delivery puts the message as published in the body and its attributes in the SQS
        message's; otherwise the body is SNS's JSON envelope."""
        fifo = name.endswith(".fifo")
        sns = self.client("sns")
        arn = sns.create_topic(Name=name, Attributes={"FifoTopic": "true"} if fifo else {}
                               )["TopicArn"]
        queue = self.sqs_queue(f"{name.removesuffix('.fifo')}-sns" + (".fifo" if fifo else ""),
                               fifo=fifo)
        sns.subscribe(TopicArn=arn, Protocol="sqs", Endpoint=queue.arn,
                      Attributes={"RawMessageDelivery": "true" if raw else "false"})
        return Subscribed(name, arn, queue)

    def eventbridge_bus(self, name: str, pattern: dict[str, Any] | None = None) -> Subscribed:
        """A bus (or `default`) with a rule sending what matches `pattern` (every event by
        default) to an SQS queue, as EventBridge's JSON event: source, detail-type, detail."""
        events = self.client("events")
        if name == "default":
            arn = f"arn:aws:events:{self.region}:{self.account_id}:event-bus/default"
        else:
            arn = events.create_event_bus(Name=name)["EventBusArn"]
        queue = self.sqs_queue(f"{name}-events")
        match = pattern or {"account": [self.account_id]}
        events.put_rule(Name=f"{name}-all", EventBusName=name, EventPattern=json.dumps(match))
        events.put_targets(Rule=f"{name}-all", EventBusName=name,
                           Targets=[{"Id": "queue", "Arn": queue.arn}])
        return Subscribed(name, arn, queue)

    # Kinesis

    def kinesis_stream(self, name: str, shards: int = 1) -> str:
        """The stream's ARN."""
        kinesis = self.client("kinesis")
        kinesis.create_stream(StreamName=name, ShardCount=shards)
        return str(kinesis.describe_stream_summary(StreamName=name)
                   ["StreamDescriptionSummary"]["StreamARN"])

    def kinesis_read(self, stream: str, n: int, timeout: float = 10) -> list[KinesisRecord]:
        """The stream's records from its start, shard by shard: all there are once at least
        `n` have come, or what came within `timeout`."""
        kinesis = self.client("kinesis")
        end = time.monotonic() + timeout
        while True:
            records: list[KinesisRecord] = []
            for shard in kinesis.list_shards(StreamName=stream)["Shards"]:
                iterator = kinesis.get_shard_iterator(
                    StreamName=stream, ShardId=shard["ShardId"],
                    ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
                while iterator:
                    page = kinesis.get_records(ShardIterator=iterator, Limit=1000)
                    records += [KinesisRecord(r["Data"], r["PartitionKey"], shard["ShardId"],
                                              r["SequenceNumber"]) for r in page["Records"]]
                    iterator = page.get("NextShardIterator") if page["Records"] else None
            if len(records) >= n or time.monotonic() > end:
                return records
            time.sleep(0.1)

    # S3

    def s3_bucket(self, name: str) -> None:
        """A bucket in the region (names: 3 to 63 lowercase letters, digits, dots, dashes)."""
        self.client("s3").create_bucket(
            Bucket=name, CreateBucketConfiguration={"LocationConstraint": self.region})

    def s3_objects(self, bucket: str, prefix: str = "") -> list[S3Object]:
        """Every object under `prefix`, by key, with its body and user metadata."""
        s3 = self.client("s3")
        objects = []
        for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=prefix):
            for item in page.get("Contents", []):
                got = s3.get_object(Bucket=bucket, Key=item["Key"])
                objects.append(S3Object(item["Key"], got["Body"].read(), got["Metadata"],
                                        got["ContentType"]))
        return sorted(objects, key=lambda o: o.key)


def _sqs_message(message: dict[str, Any]) -> SqsMessage:
    attributes = {name: value.get("StringValue", value.get("BinaryValue", b""))
                  for name, value in message.get("MessageAttributes", {}).items()}
    return SqsMessage(body=message["Body"], attributes=attributes,
                      system=dict(message.get("Attributes", {})),
                      message_id=message["MessageId"])
