"""Targets that are not HTTP receivers: Kafka, RabbitMQ and AWS's queues, topics, buses,
streams and buckets, named by their URL's scheme (`address`). An attempt to one
(`publish`) is a publish the broker confirmed (`message`), through a connection kept per
target (`pool`) to an address the URL guard checked (`guard`); each kind has its module."""
