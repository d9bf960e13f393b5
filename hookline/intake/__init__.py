"""Broker Sources at work (issue 69): reading a Kafka topic, an SQS queue or a RabbitMQ
queue, publishing each message as an Event through the same path as `POST /v1/events`, and
acknowledging it only once that Event is committed. The top floor of `hookline`: it drives
the use cases as the API does."""
