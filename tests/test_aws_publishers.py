"""Issue 53, the AWS kinds at the publisher level (`hookline.delivery.kinds.brokers.aws`), against
moto's server on loopback (tests/support/aws.py, which checks signatures as AWS does): for
each of SQS (standard and FIFO), SNS, EventBridge, Kinesis and S3, 20 messages read back
with their bodies and headers as sent and the signature verified by Standard Webhooks' own
verifier; a FIFO retry is one message; a key pair, a role and the instance's chain sign in,
and wrong ones are `broker_auth`; a missing queue, topic, bus, stream or bucket is
`broker_refused`; a stopped or silent endpoint is `broker_unreachable`, within the
attempt's time and once; the connection goes to the checked address. Pure: the
credentials' shape, the envelope, the S3 key and the FIFO ids."""

from __future__ import annotations

import asyncio
import base64
import ipaddress
import json
import time
from typing import Any

import pytest
from standardwebhooks import Webhook

from hookline.contracts import AttemptResult
from hookline.delivery.kinds.brokers.address import parse
from hookline.delivery.kinds.brokers.aws import (
    AwsFactory,
    check_s3_key,
    envelope,
    fifo_id,
    partition_key,
    s3_key,
)
from hookline.delivery.kinds.brokers.guard import BrokerGuard, Checked
from hookline.delivery.kinds.brokers.kind import broker_message
from hookline.delivery.kinds.brokers.message import AUTH, REFUSED, UNREACHABLE, BrokerFailed
from hookline.delivery.kinds.brokers.message import BrokerMessage as Message
from hookline.delivery.kinds.brokers.pool import Publishers
from hookline.delivery.kinds.brokers.publish import publish
from hookline.delivery.kinds.brokers.sign_in import CredentialsRefused
from hookline.delivery.kinds.brokers.sign_in import check_aws as check_credentials
from hookline.delivery.model import Outgoing
from hookline.ids import first_id_at
from hookline.signing import new_secret, webhook_headers
from tests.support.brokers import Moto

N = 20
SECRET = new_secret()
FACTORY = AwsFactory()  # one per module, as one per worker: the models load once
ANY_ROLE = json.dumps({"Version": "2012-10-17", "Statement": [
    {"Effect": "Allow", "Principal": {"AWS": "*"}, "Action": "sts:AssumeRole"}]})
EVERYTHING = json.dumps({"Version": "2012-10-17", "Statement": [
    {"Effect": "Allow", "Action": "*", "Resource": "*"}]})


def message(n: int, key: str = "acme", msg_id: str | None = None) -> Message:
    body = json.dumps({"type": "invoice.paid", "data": {"n": n, "note": "café"}}).encode()
    msg_id, timestamp = msg_id or f"msg_{n}_{time.time_ns()}", int(time.time())
    headers = {"x-tenant": "t1", **webhook_headers([SECRET], msg_id, timestamp, body),
               "content-type": "application/json", "webhook-event-type": "invoice.paid"}
    return Message(msg_id, body, headers, key, timestamp, "invoice.paid")


def verified(body: bytes, headers: dict[str, Any]) -> Any:
    return Webhook(SECRET).verify(body, {name: str(value) for name, value in headers.items()})


def checked(moto: Moto, host: str = "127.0.0.1") -> Checked:
    return Checked(host, moto.port, "127.0.0.1", f"http://{host}:{moto.port}")


def keys(moto: Moto, **changed: str) -> dict[str, str]:
    return {"accessKeyId": moto.access_key_id, "secretAccessKey": moto.secret_access_key,
            **changed}


async def send(url: str, moto: Moto, sent: list[Message], credentials: Any = "keys",
               at: Checked | None = None, timeout: float = 5) -> list[BaseException | None]:
    """Publishes concurrently through one publisher; each message's failure or None."""
    publisher = FACTORY(parse(url), at or checked(moto),
                        keys(moto) if credentials == "keys" else credentials, None, timeout,
                        None)  # type: ignore[arg-type]  # the AWS kinds use no guard
    try:
        return list(await asyncio.gather(*(publisher.publish(m) for m in sent),
                                         return_exceptions=True))
    finally:
        await publisher.close()


def error_types(results: list[BaseException | None]) -> set[str | None]:
    return {r.error_type if isinstance(r, BrokerFailed) else None if r is None else repr(r)
            for r in results}


def run(work: Any) -> Any:
    return asyncio.run(work)


def unique(name: str) -> str:
    return f"{name}{time.time_ns() % 10**9}"


# Pure


@pytest.mark.parametrize(("raw", "kept"), [
    (None, {}),
    ({}, {}),
    ({"accessKeyId": "AKIAABCDEFGHIJKLMNOP", "secretAccessKey": "s"},
     {"accessKeyId": "AKIAABCDEFGHIJKLMNOP", "secretAccessKey": "s"}),
    ({"accessKeyId": "ASIAABCDEFGHIJKLMNOP", "secretAccessKey": "s", "sessionToken": "t",
      "roleArn": None}, {"accessKeyId": "ASIAABCDEFGHIJKLMNOP", "secretAccessKey": "s",
                         "sessionToken": "t"}),
    ({"roleArn": "arn:aws:iam::123456789012:role/hooks"},
     {"roleArn": "arn:aws:iam::123456789012:role/hooks"}),
    ({"roleArn": "arn:aws-cn:iam::123456789012:role/a/b", "externalId": "env_2a9"},
     {"roleArn": "arn:aws-cn:iam::123456789012:role/a/b", "externalId": "env_2a9"}),
])
def test_credentials_taken(raw: Any, kept: dict[str, str]) -> None:
    assert check_credentials("sqs", raw) == kept


@pytest.mark.parametrize(("kind", "raw", "field", "rule"), [
    ("sqs", "AKIA", "credentials", "must be an object"),
    ("kafka", {}, "credentials", "are not taken by a kafka target"),
    ("sns", {"username": "u"}, "credentials.username", "is not an AWS credential"),
    ("sqs", {"accessKeyId": "AKIAABCDEFGHIJKLMNOP"}, "credentials.secretAccessKey",
     "is required with accessKeyId"),
    ("sqs", {"secretAccessKey": "s"}, "credentials.accessKeyId", "is required"),
    ("s3", {"sessionToken": "t"}, "credentials.accessKeyId", "is required with sessionToken"),
    ("sqs", {"accessKeyId": "AKIA", "secretAccessKey": "s"}, "credentials.accessKeyId",
     "must be 16 to 128"),
    ("sqs", {"accessKeyId": "", "secretAccessKey": "s"}, "credentials.accessKeyId",
     "must be a non-empty string"),
    ("kinesis", {"secretAccessKey": 5}, "credentials.secretAccessKey", "must be a non-empty"),
    ("sqs", {"roleArn": "arn:aws:iam::123456789012:role/r", "accessKeyId": "x"},
     "credentials.roleArn", "takes no key pair"),
    ("sqs", {"roleArn": "arn:aws:iam::123:role/r"}, "credentials.roleArn",
     "must be an IAM role"),
    ("sqs", {"roleArn": "arn:aws:iam::123456789012:user/u"}, "credentials.roleArn", "must"),
    ("eventbridge", {"roleArn": "arn:aws:iam::123456789012:role/r", "externalId": "x"},
     "credentials.externalId", "must be 2 to 1224"),
    ("sqs", {"externalId": "abc"}, "credentials.externalId", "goes with credentials.roleArn"),
])
def test_credentials_refused_naming_the_member(kind: str, raw: Any, field: str,
                                               rule: str) -> None:
    with pytest.raises(ValueError) as refused:
        check_credentials(kind, raw)
    assert isinstance(refused.value, CredentialsRefused)
    assert refused.value.field == field and refused.value.rule.startswith(rule), refused.value
    assert str(refused.value).startswith(f"{field} {rule}")


def test_envelope_s3_keys_and_fifo_ids() -> None:
    sent = message(1)
    opened = json.loads(envelope(sent))
    assert opened == {"headers": sent.headers, "body": sent.body.decode()}
    verified(opened["body"].encode(), opened["headers"])
    binary = Message("msg_b", b"\xff\x00", {}, "", 0)
    assert json.loads(envelope(binary)) == {"headers": {},
                                            "bodyBase64": base64.b64encode(b"\xff\x00").decode()}

    at = Message("msg_1/..", b"", {}, "", 1764288000, "invoice paid")  # 2025-11-28 00:00 UTC
    assert s3_key("", "{date}/{msgId}.json", at) == "2025-11-28/msg_1_...json"
    assert s3_key("in", "{date}/{msgId}.json", at) == "in/2025-11-28/msg_1_...json"
    assert s3_key("a/b/", "{eventType}/dt={date}/{hour}/{timestamp}.json", at) == \
        "a/b/invoice_paid/dt=2025-11-28/00/1764288000.json"
    # An event's id says when it was made: a retry on another day writes the same key.
    made = first_id_at("evt", 1764288000) + "0" * 16
    retried = Message(made, b"", {}, "", 1764288000 + 86400 * 3, "invoice.paid")
    assert s3_key("", "{date}/{msgId}.json", retried) == f"2025-11-28/{made}.json"
    assert check_s3_key("{date}/{msgId}") == "{date}/{msgId}"
    with pytest.raises(ValueError, match="takes only"):
        check_s3_key("{date}/{consumer}")

    assert fifo_id("acme") == "acme"
    assert fifo_id("") == "default"
    assert fifo_id("é" * 3) == fifo_id("é" * 3) != "é" * 3 and len(fifo_id("x" * 129)) == 64
    assert partition_key("k" * 256) == "k" * 256 and len(partition_key("k" * 257)) == 64


# Against moto: 20 messages each, read back


def test_sqs_standard_gets_every_message_signed(moto: Moto) -> None:
    queue = moto.sqs_queue(unique("hooks"))
    sent = [message(n) for n in range(N)]
    assert error_types(run(send(f"sqs://{moto.region}/{queue.name}", moto, sent))) == {None}
    got = {m.attributes["webhook-id"]: m for m in moto.sqs_read(queue, N, settle=0.2)}
    assert sorted(got) == sorted(m.msg_id for m in sent)
    for one in sent:
        arrived = got[one.msg_id]
        assert (arrived.body.encode(), arrived.attributes) == (one.body, one.headers)
        verified(arrived.body.encode(), arrived.attributes)


def test_sqs_fifo_groups_by_key_and_a_retry_is_one_message(moto: Moto) -> None:
    queue = moto.sqs_queue(unique("hooks") + ".fifo", fifo=True)
    sent = [message(n, key=f"c{n % 2}") for n in range(N)]
    url = f"sqs://{moto.region}/{queue.name}"
    assert error_types(run(send(url, moto, sent))) == {None}
    assert error_types(run(send(url, moto, sent[:3]))) == {None}  # retried: same ids
    got = moto.sqs_read(queue, N, settle=0.5)
    assert sorted(m.attributes["webhook-id"] for m in got) == sorted(m.msg_id for m in sent)
    for arrived in got:
        verified(arrived.body.encode(), arrived.attributes)
        assert arrived.system["MessageDeduplicationId"] == arrived.attributes["webhook-id"]
        assert arrived.system["MessageGroupId"] == \
            f"c{json.loads(arrived.body)['data']['n'] % 2}"


def test_sns_publishes_to_the_credentials_account_topic(moto: Moto) -> None:
    topic = moto.sns_topic(unique("hooks"))
    sent = [message(n) for n in range(N)]
    assert error_types(run(send(f"sns://{moto.region}/{topic.name}", moto, sent))) == {None}
    got = {m.attributes["webhook-id"]: m for m in moto.sqs_read(topic.queue, N, settle=0.2)}
    assert sorted(got) == sorted(m.msg_id for m in sent)
    for one in sent:
        assert (got[one.msg_id].body.encode(), got[one.msg_id].attributes) == \
            (one.body, one.headers)
        verified(got[one.msg_id].body.encode(), got[one.msg_id].attributes)

    fifo = moto.sns_topic(unique("hooks") + ".fifo")
    sent = [message(n, key=f"c{n % 2}") for n in range(4)]
    url = f"sns://{moto.region}/{fifo.name}"
    assert error_types(run(send(url, moto, sent + sent[:2]))) == {None}  # two retried
    got = {m.attributes["webhook-id"]: m for m in moto.sqs_read(fifo.queue, 4, settle=0.3)}
    assert sorted(got) == sorted(m.msg_id for m in sent)
    assert {(m.system["MessageGroupId"], m.system["MessageDeduplicationId"])
            for m in got.values()} == {(m.key, m.msg_id) for m in sent}


def test_eventbridge_detail_is_the_envelope(moto: Moto) -> None:
    bus = moto.eventbridge_bus(unique("hooks"))
    sent = [message(n) for n in range(N)]
    assert error_types(run(send(f"eventbridge://{moto.region}/{bus.name}", moto, sent))) \
        == {None}
    events = [json.loads(m.body) for m in moto.sqs_read(bus.queue, N, settle=0.2)]
    by_id = {e["detail"]["headers"]["webhook-id"]: e for e in events}
    assert sorted(by_id) == sorted(m.msg_id for m in sent)
    for one in sent:
        event = by_id[one.msg_id]
        assert (event["source"], event["detail-type"]) == ("hookline", "invoice.paid")
        assert event["detail"] == {"headers": one.headers, "body": one.body.decode()}
        verified(event["detail"]["body"].encode(), event["detail"]["headers"])


def test_kinesis_records_carry_the_envelope_under_the_key(moto: Moto) -> None:
    stream = unique("hooks")
    moto.kinesis_stream(stream, shards=2)
    sent = [message(n, key=f"c{n % 2}") for n in range(N)]
    assert error_types(run(send(f"kinesis://{moto.region}/{stream}", moto, sent))) == {None}
    records = moto.kinesis_read(stream, N)
    by_id = {json.loads(r.data)["headers"]["webhook-id"]: r for r in records}
    assert sorted(by_id) == sorted(m.msg_id for m in sent)
    shards: dict[str, set[str]] = {}
    for one in sent:
        record = by_id[one.msg_id]
        opened = json.loads(record.data)
        assert opened == {"headers": one.headers, "body": one.body.decode()}
        verified(opened["body"].encode(), opened["headers"])
        assert record.partition_key == one.key
        shards.setdefault(record.partition_key, set()).add(record.shard_id)
    assert all(len(found) == 1 for found in shards.values()), shards


def test_s3_one_object_per_message_under_the_prefix(moto: Moto) -> None:
    bucket = unique("hooks-")
    moto.s3_bucket(bucket)
    sent = [message(n) for n in range(N)]
    url = f"s3://{bucket}/in/hooks?region={moto.region}"
    assert error_types(run(send(url, moto, sent))) == {None}
    assert error_types(run(send(url, moto, sent[:2]))) == {None}  # a retry: the same key
    objects = {o.key: o for o in moto.s3_objects(bucket)}
    day = time.strftime("%Y-%m-%d", time.gmtime(sent[0].timestamp))
    assert sorted(objects) == sorted(f"in/hooks/{day}/{m.msg_id}.json" for m in sent)
    for one in sent:
        stored = objects[f"in/hooks/{day}/{one.msg_id}.json"]
        assert (stored.body, stored.content_type) == (one.body, "application/json")
        assert stored.metadata == {k: v for k, v in one.headers.items() if k != "content-type"}
        verified(stored.body, {**stored.metadata, "content-type": stored.content_type})


# Signing in


def test_a_role_and_the_instance_chain_sign_in(moto: Moto,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # The instance's chain: the environment here (no profile, no EC2 metadata).
    for name, value in {"AWS_ACCESS_KEY_ID": moto.access_key_id,
                        "AWS_SECRET_ACCESS_KEY": moto.secret_access_key,
                        "AWS_CONFIG_FILE": "/nonexistent", "AWS_EC2_METADATA_DISABLED": "true",
                        "AWS_SHARED_CREDENTIALS_FILE": "/nonexistent"}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("AWS_SESSION_TOKEN", raising=False)
    monkeypatch.delenv("AWS_PROFILE", raising=False)
    iam = moto.client("iam")
    for role, rights in (("publisher", EVERYTHING), ("nothing", None)):
        iam.create_role(RoleName=role, AssumeRolePolicyDocument=ANY_ROLE)
        if rights:
            iam.put_role_policy(RoleName=role, PolicyName="rights", PolicyDocument=rights)
    topic = moto.sns_topic(unique("roles"))
    url = f"sns://{moto.region}/{topic.name}"
    arn = f"arn:aws:iam::{moto.account_id}:role/"
    assert error_types(run(send(url, moto, [message(1)],
                                  {"roleArn": arn + "publisher", "externalId": "env_1"}))) == {None}
    assert error_types(run(send(url, moto, [message(2)], None))) == {None}
    [refused] = run(send(url, moto, [message(3)], {"roleArn": arn + "nothing"}))
    assert isinstance(refused, BrokerFailed) and refused.error_type == AUTH
    assert "not authorized to perform: sns:Publish" in str(refused)
    got = moto.sqs_read(topic.queue, 2, settle=0.2)
    assert len(got) == 2
    for arrived in got:
        verified(arrived.body.encode(), arrived.attributes)


@pytest.mark.parametrize("kind", ["sqs", "sns", "eventbridge", "kinesis", "s3"])
def test_wrong_credentials_are_broker_auth(moto: Moto, kind: str) -> None:
    url = {"s3": f"s3://auth-bucket/in?region={moto.region}"}.get(kind,
                                                                  f"{kind}://{moto.region}/auth")
    for credentials in (keys(moto, secretAccessKey="wrong"),
                        keys(moto, accessKeyId="AKIAUNKNOWNUNKNOWN00")):
        [failed] = run(send(url, moto, [message(1)], credentials))
        assert isinstance(failed, BrokerFailed) and failed.error_type == AUTH, failed


@pytest.mark.parametrize(("url", "said"), [
    ("sqs://eu-west-1/missing", "NonExistentQueue"),
    ("sqs://eu-west-1/missing.fifo", "NonExistentQueue"),
    ("sns://eu-west-1/missing", "NotFound"),
    ("eventbridge://eu-west-1/missing", "ResourceNotFoundException"),
    ("kinesis://eu-west-1/missing", "ResourceNotFoundException"),
    ("s3://missing-bucket/in?region=eu-west-1", "NoSuchBucket"),
])
def test_what_does_not_exist_is_broker_refused(moto: Moto, url: str, said: str) -> None:
    [failed] = run(send(url, moto, [message(1)]))
    assert isinstance(failed, BrokerFailed) and failed.error_type == REFUSED, failed
    assert said in str(failed)


def test_too_many_headers_for_sqs_is_refused_before_sending(moto: Moto) -> None:
    queue = moto.sqs_queue(unique("many"))
    many = message(1)
    crowded = Message(many.msg_id, many.body,
                      {**many.headers, **{f"x-{n}": "v" for n in range(5)}}, "acme", 0)
    [failed] = run(send(f"sqs://{moto.region}/{queue.name}", moto, [crowded]))
    assert isinstance(failed, BrokerFailed) and failed.error_type == REFUSED
    assert "at most 10 message attributes" in str(failed)


# Where the connection goes, and how it fails


def test_the_connection_goes_to_the_checked_address(moto: Moto) -> None:
    # The endpoint's name resolves nowhere: only the pinned address can reach moto.
    queue = moto.sqs_queue(unique("pinned"))
    at = checked(moto, host="moto.hookline.invalid")
    assert error_types(run(send(f"sqs://{moto.region}/{queue.name}", moto, [message(1)],
                                  at=at))) == {None}
    assert len(moto.sqs_read(queue, 1)) == 1


def test_the_pool_publishes_through_the_guard(moto: Moto) -> None:
    """The pool makes the AWS kinds' publishers; the endpointOverride is what is checked."""
    queue = moto.sqs_queue(unique("pool"))
    guard = BrokerGuard(allowed_ports=frozenset(), any_port=True,
                        allowed_networks=[ipaddress.ip_network("127.0.0.0/8")])
    out = Outgoing(url=f"sqs://{moto.region}/{queue.name}", msg_id="msg_pool", body=b'{"a":1}',
                   content_type="application/json", custom_headers={"x-tenant": "t1"},
                   secrets=[SECRET], require_https=False, target_id="ep_pool",
                   credentials=keys(moto), endpoint_override=moto.endpoint, key="acme",
                   event_type="invoice.paid")

    async def attempt() -> AttemptResult:
        publishers = Publishers(guard, timeout=5)
        try:
            return await publish(publishers, out,
                                 broker_message(out, "msg_pool", int(time.time())))
        finally:
            await publishers.aclose()

    result = run(attempt())
    assert result.succeeded, result
    [arrived] = moto.sqs_read(queue, 1)
    verified(arrived.body.encode(), arrived.attributes)
    assert arrived.attributes["x-tenant"] == "t1"


def test_a_silent_endpoint_fails_once_within_the_attempts_time(moto: Moto) -> None:
    connections: list[asyncio.StreamWriter] = []

    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        connections.append(writer)
        await reader.read(65536)  # the request, never answered

    async def attempt() -> BaseException | None:
        server = await asyncio.start_server(silent, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        try:
            [failed] = await send(f"kinesis://{moto.region}/s", moto, [message(1)],
                                  timeout=0.5, at=Checked("127.0.0.1", port, "127.0.0.1",
                                                          f"http://127.0.0.1:{port}"))
            return failed
        finally:
            server.close()
            for writer in connections:
                writer.close()

    started = time.monotonic()
    failed = run(attempt())
    assert isinstance(failed, BrokerFailed) and failed.error_type == UNREACHABLE, failed
    assert time.monotonic() - started < 2
    assert len(connections) == 1  # botocore's retries are off: the workflow retries


def test_a_stopped_endpoint_is_broker_unreachable(moto: Moto) -> None:
    """Last: moto comes back empty."""
    queue = moto.sqs_queue(unique("outage"))

    async def across_an_outage() -> BrokerFailed:
        publisher = FACTORY(parse(f"sqs://{moto.region}/{queue.name}"), checked(moto),
                            keys(moto), None, 5, None)  # type: ignore[arg-type]
        try:
            await publisher.publish(message(1))  # a kept connection, then the endpoint stops
            with moto.outage(), pytest.raises(BrokerFailed) as failed:
                await publisher.publish(message(2))
            return failed.value
        finally:
            await publisher.close()

    failed = run(across_an_outage())
    assert failed.error_type == UNREACHABLE, failed


@pytest.mark.parametrize("kind", ["sqs", "sns", "eventbridge", "kinesis", "s3"])
@pytest.mark.parametrize("answer", [b"not aws", b"<html>hello</html>", b"{}", b""])
def test_an_answer_that_is_not_awss_is_an_attempts_failure(moto: Moto, kind: str,
                                                           answer: bytes) -> None:
    """Issue 65: an endpoint answering 200 with a body that is not AWS's fails the attempt
    (`broker_refused`, recorded under the window and the breaker), where it used to raise
    out of the attempt, which Temporal then retried without end."""
    async def fake(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while head := await reader.readuntil(b"\r\n\r\n"):
            if b"expect: 100-continue" in head.lower():
                writer.write(b"HTTP/1.1 100 Continue\r\n\r\n")
            length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                           if line.lower().startswith(b"content-length:")), 0)
            await reader.readexactly(length)
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n"
                         b"Content-Length: %d\r\n\r\n%s" % (len(answer), answer))
            await writer.drain()

    async def attempt() -> AttemptResult:
        server = await asyncio.start_server(fake, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        url = {"s3": f"s3://bucket/in?region={moto.region}"}.get(kind,
                                                                  f"{kind}://{moto.region}/q")
        out = Outgoing(url=url, msg_id="msg_fake", body=b'{"a":1}',
                       content_type="application/json", custom_headers={}, secrets=[SECRET],
                       require_https=False, target_id=f"ep_fake_{kind}",
                       credentials=keys(moto), endpoint_override=f"http://127.0.0.1:{port}",
                       key="acme", event_type="invoice.paid")
        publishers = Publishers(BrokerGuard(allowed_ports=frozenset(), any_port=True,
                                            allowed_networks=[ipaddress.ip_network(
                                                "127.0.0.0/8")]), timeout=5)
        try:
            async with server:
                return await publish(publishers, out,
                                     broker_message(out, "msg_fake", int(time.time())))
        finally:
            await publishers.aclose()

    result = run(attempt())
    assert (result.succeeded, result.error_type) == (False, REFUSED), result
