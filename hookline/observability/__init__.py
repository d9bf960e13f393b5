"""Observability: the Prometheus metrics every process counts (`metrics`), how they are
served (`serving`), and OpenTelemetry traces (`tracing`)."""
