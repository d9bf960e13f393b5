"""The kinds of target, by their URL's scheme: `http` (http://, https://), or a broker's
(`hookline.delivery.kinds.brokers`): `kafka`, `amqp` (amqp://, amqps://) and the AWS kinds;
and a polling endpoint's, which has no URL (`polling`). Pure, and below everything that asks
what kind a URL is (the API, transformations, the engine)."""

from __future__ import annotations

HTTP = "http"
KAFKA = "kafka"
AMQP = "amqp"
SQS, SNS, EVENTBRIDGE, KINESIS, S3 = "sqs", "sns", "eventbridge", "kinesis", "s3"
AWS_KINDS = (SQS, SNS, EVENTBRIDGE, KINESIS, S3)
# Every kind a target may be, in the order the API lists them (an environment's
# `targetKinds`); `http` covers http:// and https://.
KINDS = (HTTP, KAFKA, AMQP, *AWS_KINDS)
# The kinds a broker Source reads (`hookline.intake`): a Kafka topic, an SQS queue, a
# RabbitMQ queue.
SOURCE_KINDS = (KAFKA, SQS, AMQP)
# A polling endpoint (`hookline.services.polling`) is sent nothing: its Consumer pulls its
# Deliveries. It stores this in place of a URL, which no guard, sender or kind check takes.
POLLING = "polling"
POLLING_URL = "polling:"
# A failure notice's e-mail (`services/notice_channels`): a hidden endpoint's, never a
# tenant's (no API takes the scheme: `kind_of` leaves it to `http`'s rules to refuse).
MAIL = "mail"
MAIL_PREFIX = "mailto:"
KIND_OF_SCHEME = {"http": HTTP, "https": HTTP, "kafka": KAFKA, "amqp": AMQP, "amqps": AMQP,
                  **{kind: kind for kind in AWS_KINDS}}


def kind_of(url: str) -> str:
    """The kind a URL names by its scheme; an unknown scheme is `http`'s to refuse."""
    if url == POLLING_URL:
        return POLLING
    scheme = url.split(":", 1)[0].lower() if ":" in url else ""
    return KIND_OF_SCHEME.get(scheme, HTTP)


def is_mail(url: str) -> bool:
    return url.startswith(MAIL_PREFIX)


def is_broker(url: str) -> bool:
    return kind_of(url) not in (HTTP, POLLING)


def is_polling(url: str | None) -> bool:
    return url == POLLING_URL
