"""Prometheus metrics of the API processes, at /metrics: no API key (keep the port where
only the scraper reaches it). docs/METRICS.md lists every metric."""

from __future__ import annotations

from fastapi import APIRouter, Response
from prometheus_client import CONTENT_TYPE_LATEST

from hookline.observability import serving

router = APIRouter(tags=["metrics"])


@router.get("/metrics", response_class=Response, responses={200: {
    "description": "Prometheus text exposition format",
    "content": {"text/plain": {"schema": {"type": "string"}}}}})
def get_metrics() -> Response:
    """Publish and ingestion latency, ingestion by provider and verification, rate-limit
    refusals and cancellations by API actions; with several API processes, all of theirs."""
    return Response(serving.exposition(), media_type=CONTENT_TYPE_LATEST)
