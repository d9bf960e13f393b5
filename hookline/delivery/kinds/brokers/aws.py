"""The AWS kinds: a message to an SQS queue, an SNS topic, an EventBridge bus, a Kinesis
stream or an S3 object, with the Standard Webhooks headers a consumer verifies it by
(`webhook-id`, `webhook-timestamp`, `webhook-signature`, `content-type`,
`webhook-event-type` and the target's fixed headers):

- SQS: the body as the message, the headers as String message attributes. A FIFO queue
  (`.fifo`): the message's key as MessageGroupId (one consumer's events in order) and its
  id as MessageDeduplicationId, so a retried send within SQS's 5 minutes is not a second
  message. The queue's URL comes from GetQueueUrl (`sqs:GetQueueUrl`), once.
- SNS: the same, published to `arn:<partition>:sns:<region>:<account>:<topic>`, the account
  being the credentials' own (STS GetCallerIdentity, which needs no permission, once): a
  topic in another account is reached with a `roleArn` in that account. A `.fifo` topic
  takes the key and id as SQS FIFO does.
- EventBridge: PutEvents, Source `hookline`, DetailType the event type (else `webhook`),
  Detail the envelope below; an entry the bus failed is a refusal.
- Kinesis: PutRecord, the envelope as the record's data, the key as its PartitionKey.
- S3: PutObject, one object per message: the body as sent, its content type, the other
  headers as user metadata (x-amz-meta-*), under the URL's prefix + `S3_KEY` (below).

The envelope (EventBridge's Detail, Kinesis's data, which carry no headers):
    {"headers": {"webhook-id": ..., ...}, "body": "<the body, as text>"}
a consumer verifies the signature over `body` encoded as UTF-8: the exact bytes signed. A
body that is not UTF-8 goes as "bodyBase64" instead of "body"."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import time
from typing import Any

from hookline import target_kinds as kinds
from hookline.delivery.credentials import ClientTLS
from hookline.delivery.kinds.brokers.address import BrokerAddress
from hookline.delivery.kinds.brokers.aws_clients import AwsConnection, failure
from hookline.delivery.kinds.brokers.aws_models import Models
from hookline.delivery.kinds.brokers.guard import BrokerGuard, Checked
from hookline.delivery.kinds.brokers.message import (
    MAX_ATTRIBUTES,
    REFUSED,
    BrokerFailed,
    BrokerMessage,
    Publisher,
)
from hookline.ids import made_at

SOURCE = "hookline"
DETAIL_TYPE = "webhook"  # EventBridge's DetailType for a message with no event type
# An S3 object's key after the URL's prefix (a folder: `s3://bucket/in` puts objects under
# `in/`). Placeholders: {date} (YYYY-MM-DD) and {hour} (HH) of the event's creation (its
# id's time), in UTC; {timestamp} (its unix seconds); {msgId}; {eventType} (or `webhook`).
# A retry writes the same key, so it replaces the object rather than adding one.
S3_KEY = "{date}/{msgId}.json"
PLACEHOLDERS = ("date", "hour", "timestamp", "msgId", "eventType")
_KEY_TEXT = re.compile(r"^[!-~]{1,128}$")  # SQS FIFO's group and deduplication ids
_PATH_SAFE = re.compile(r"[^A-Za-z0-9._=-]")
DEFAULT_KEY = "default"  # a FIFO group or partition key for a message with no key


def envelope(message: BrokerMessage) -> bytes:
    """The headers and body as one JSON object, for services whose records carry no
    headers; the body's text is exactly the signed bytes."""
    try:
        body: dict[str, str] = {"body": message.body.decode("utf-8")}
    except UnicodeDecodeError:
        body = {"bodyBase64": base64.b64encode(message.body).decode()}
    return json.dumps({"headers": message.headers, **body}, ensure_ascii=False,
                      separators=(",", ":")).encode()


def check_s3_key(template: str) -> str:
    """Raises ValueError unless `template` uses only PLACEHOLDERS."""
    try:
        template.format_map(_placeholders(BrokerMessage("msg_x", b"", {}, "", 0)))
    except (KeyError, ValueError, IndexError) as exc:
        raise ValueError(f"an S3 key template takes only {{{'}, {'.join(PLACEHOLDERS)}}}: "
                         f"{template!r} ({exc!r})") from None
    return template


def s3_key(prefix: str, template: str, message: BrokerMessage) -> str:
    rendered = template.format_map(_placeholders(message))
    folder = prefix.strip("/")
    return f"{folder}/{rendered}" if folder else rendered


def _placeholders(message: BrokerMessage) -> dict[str, str]:
    # The event's own time (its id's), not the attempt's: a retry writes the same key.
    made = made_at(message.msg_id)
    seconds = int(made) if made is not None else message.timestamp
    when = time.gmtime(seconds)
    return {"date": time.strftime("%Y-%m-%d", when), "hour": time.strftime("%H", when),
            "timestamp": str(seconds), "msgId": _PATH_SAFE.sub("_", message.msg_id),
            "eventType": _PATH_SAFE.sub("_", message.event_type or DETAIL_TYPE)}


def fifo_id(value: str) -> str:
    """A FIFO group or deduplication id: the value when SQS takes it (1 to 128 printable
    ASCII characters), else its SHA-256, so one value still makes one id."""
    if _KEY_TEXT.match(value):
        return value
    return hashlib.sha256(value.encode()).hexdigest() if value else DEFAULT_KEY


def partition_key(key: str) -> str:
    """Kinesis takes 1 to 256 characters."""
    if not key:
        return DEFAULT_KEY
    return key if len(key) <= 256 else hashlib.sha256(key.encode()).hexdigest()


class _AwsPublisher:
    """A publisher of one AWS kind: `_send` makes the call with the service's client."""

    noun = ""

    def __init__(self, address: BrokerAddress, checked: Checked,
                 credentials: dict[str, Any] | None, timeout: float, models: Models) -> None:
        self.address = address
        self.what = f"the {self.noun} {address.name!r}"
        self.connection = AwsConnection(models, address, checked, credentials, timeout)

    async def publish(self, message: BrokerMessage) -> None:
        try:
            await self._send(await self.connection.client(), message)
        except BrokerFailed:
            raise
        except Exception as exc:
            failed = failure(exc, self.what)
            if failed is None:
                raise
            raise failed from None

    async def _send(self, client: Any, message: BrokerMessage) -> None:
        raise NotImplementedError

    def _confirmed(self, answer: Any, member: str) -> None:
        """AWS's answer names what it stored (a message id, a sequence number, an ETag): a
        200 without it is another server's, the endpoint's failure."""
        if not isinstance(answer, dict) or not answer.get(member):
            raise BrokerFailed(REFUSED, f"{self.what}: the endpoint's answer is not AWS's "
                                        f"(no {member})")

    async def close(self) -> None:
        await self.connection.close()

    def _text(self, message: BrokerMessage) -> str:
        try:
            return message.body.decode("utf-8")
        except UnicodeDecodeError:
            raise BrokerFailed(REFUSED, f"{self.what} takes text, and this body is not "
                                        "UTF-8") from None

    def _attributes(self, message: BrokerMessage) -> dict[str, dict[str, str]]:
        """The headers as String attributes; an empty value is left out (SQS and SNS take
        none)."""
        found = {name: {"DataType": "String", "StringValue": value}
                 for name, value in message.headers.items() if value}
        if len(found) > MAX_ATTRIBUTES:
            raise BrokerFailed(REFUSED, f"{self.what} takes at most {MAX_ATTRIBUTES} message "
                                        f"attributes, and the message has {len(found)} "
                                        f"headers ({', '.join(found)}): drop fixed headers")
        return found


class SqsPublisher(_AwsPublisher):
    noun = "SQS queue"
    _url: str | None = None

    async def _send(self, client: Any, message: BrokerMessage) -> None:
        if self._url is None:
            self._url = str((await client.get_queue_url(QueueName=self.address.name))
                            ["QueueUrl"])
        sent: dict[str, Any] = {"QueueUrl": self._url, "MessageBody": self._text(message),
                                "MessageAttributes": self._attributes(message)}
        if self.address.fifo:
            sent.update(MessageGroupId=fifo_id(message.key),
                        MessageDeduplicationId=fifo_id(message.msg_id))
        self._confirmed(await client.send_message(**sent), "MessageId")


class SnsPublisher(_AwsPublisher):
    noun = "SNS topic"
    _arn: str | None = None

    async def _send(self, client: Any, message: BrokerMessage) -> None:
        if self._arn is None:
            who = await (await self.connection.sts()).get_caller_identity()
            partition = str(who["Arn"]).split(":")[1]
            self._arn = (f"arn:{partition}:sns:{self.address.region}:{who['Account']}:"
                         f"{self.address.name}")
        sent: dict[str, Any] = {"TopicArn": self._arn, "Message": self._text(message),
                                "MessageAttributes": self._attributes(message)}
        if self.address.name.endswith(".fifo"):
            sent.update(MessageGroupId=fifo_id(message.key),
                        MessageDeduplicationId=fifo_id(message.msg_id))
        self._confirmed(await client.publish(**sent), "MessageId")


class EventBridgePublisher(_AwsPublisher):
    noun = "event bus"

    async def _send(self, client: Any, message: BrokerMessage) -> None:
        answer = await client.put_events(Entries=[{
            "Source": SOURCE, "DetailType": message.event_type or DETAIL_TYPE,
            "Detail": envelope(message).decode(), "EventBusName": self.address.name}])
        if answer.get("FailedEntryCount"):
            entry = (answer.get("Entries") or [{}])[0]
            raise BrokerFailed(REFUSED, f"{self.what} failed the event: "
                                        f"{entry.get('ErrorCode')}: {entry.get('ErrorMessage')}")
        self._confirmed((answer.get("Entries") or [{}])[0], "EventId")


class KinesisPublisher(_AwsPublisher):
    noun = "Kinesis stream"

    async def _send(self, client: Any, message: BrokerMessage) -> None:
        self._confirmed(await client.put_record(
            StreamName=self.address.name, Data=envelope(message),
            PartitionKey=partition_key(message.key)), "SequenceNumber")


class S3Publisher(_AwsPublisher):
    noun = "S3 bucket"

    async def _send(self, client: Any, message: BrokerMessage) -> None:
        headers = dict(message.headers)
        content_type = headers.pop("content-type", "application/octet-stream")
        key = s3_key(self.address.options.get("prefix", ""), S3_KEY, message)
        self._confirmed(await client.put_object(
            Bucket=self.address.name, Key=key, Body=message.body, ContentType=content_type,
            Metadata=headers), "ETag")


PUBLISHERS: dict[str, type[_AwsPublisher]] = {
    kinds.SQS: SqsPublisher, kinds.SNS: SnsPublisher, kinds.EVENTBRIDGE: EventBridgePublisher,
    kinds.KINESIS: KinesisPublisher, kinds.S3: S3Publisher}


class AwsFactory:
    """`pool.Factory` for the AWS kinds: their publishers share one worker's `Models`."""

    def __init__(self) -> None:
        self.models = Models()

    def __call__(self, address: BrokerAddress, checked: Checked,
                 credentials: dict[str, Any] | None, tls: ClientTLS | None, timeout: float,
                 guard: BrokerGuard) -> Publisher:
        return PUBLISHERS[address.kind](address, checked, credentials, timeout, self.models)
