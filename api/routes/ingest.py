"""The ingestion URL, /in/{token}: providers post here; no API key, the token is the secret.

Verification and storage (the Message, its Deliveries and their workflow starts in the
outbox) finish in one transaction before the answer; the workers' relay makes the starts."""

from __future__ import annotations

import time
from functools import partial
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from api.deps import batches_of, filter_pool_of
from api.schemas.common import problems
from api.schemas.messages import Accepted
from hookline.errors import Unauthorized
from hookline.observability import metrics
from hookline.services import ingest
from hookline.settings import get_settings
from hookline.tenant_code.filter_pool import run_filtered

router = APIRouter(tags=["ingestion"])
PATH = "/in/{token}"
HANDSHAKE = {"description": "A provider's registration handshake, answered as it expects "
                            "(Slack, Zoom, Discord, Twitch, Asana...; Meta, Dropbox, Okta "
                            "by GET); nothing is stored"}
RESPONSES: dict[int | str, dict[str, Any]] = {
    200: HANDSHAKE,
    **problems(401, 404, 413, 500, 503),
}
RESPONSES[401]["description"] = "The signature did not verify: stored with a null body, " \
                                "not forwarded"


class SignatureFailed(Unauthorized):
    slug, title = "signature-failed", "Signature verification failed"


def _received(token: str, request: Request, body: bytes) -> ingest.Received:
    headers: dict[str, str] = {}
    for name, value in request.headers.items():  # names arrive lowercase
        headers[name] = f"{headers[name]}, {value}" if name in headers else value
    return ingest.Received(
        token=token, method=request.method, headers=headers, body=body,
        query=request.scope.get("query_string", b"").decode("latin-1"),
        remote_ip=request.client.host if request.client else None, now=time.time())


async def receive(token: str, request: Request) -> Response:
    body = await request.body()  # the middleware refuses (413) beyond 5 MiB
    received, schedule = _received(token, request, body), get_settings().retry_delays
    outcome = await run_filtered(
        batches_of(request), filter_pool_of(request),
        lambda verdicts, _: partial(ingest.receive, received=received, schedule=schedule,
                                    verdicts=verdicts))
    if outcome.reply is not None:
        reply = outcome.reply
        return Response(b"" if request.method == "HEAD" else reply.body,
                        status_code=reply.status, media_type=reply.content_type,
                        headers=dict(reply.headers))
    metrics.ingested(outcome.provider, outcome.verification, "rejected" if outcome.failure
                     else "duplicate" if outcome.duplicate else "accepted")
    if outcome.failure is not None:
        raise SignatureFailed(f"{outcome.failure}; stored as message {outcome.message_id}, "
                              "not forwarded")
    return JSONResponse({"id": outcome.message_id}, status_code=outcome.status)


for method in ("POST", "PUT", "PATCH"):
    router.add_api_route(
        PATH, receive, methods=[method], name=f"ingest_{method.lower()}",
        status_code=202, response_model=Accepted, responses=RESPONSES,
        summary="Ingestion URL",
        description="Stores the request (any content type, up to 5 MiB), verifies it with "
                    "the Source's provider and forwards it to the Source's destinations. "
                    "Answers 202 {id} (200 {id} for the providers that accept nothing else: "
                    "Mailgun, Xero); a duplicate provider event id within 24 h answers "
                    "the first message's id, and is neither stored nor forwarded again.")
for method in ("GET", "HEAD"):
    router.add_api_route(PATH, receive, methods=[method], name=f"ingest_{method.lower()}",
                         status_code=200, response_model=None,
                         responses=problems(404, 405, 500, 503),
                         summary=f"Ingestion URL: {method} handshakes (Meta, Dropbox, Okta, X, "
                                 "Trello)",
                         description=f"Only provider handshakes answer {method}; anything else "
                                     "is 405.")
