"""What a target's transformation makes of one attempt (`hookline.tenant_code.transformations`): the
Outgoing to send instead, None when the handler cancelled the Delivery, or the attempt's
failure (`errorType: transformation`) when the handler failed."""

from __future__ import annotations

import time
from dataclasses import replace

from hookline.contracts import AttemptResult
from hookline.delivery.model import Outgoing
from hookline.statuses import ErrorType
from hookline.target_kinds import is_broker
from hookline.tenant_code import transformations
from hookline.tenant_code.transform_pool import ExecutorPool
from hookline.tenant_code.transformations import TransformFailed


def shaped(pool: ExecutorPool, out: Outgoing, key: str | None = None
           ) -> Outgoing | AttemptResult | None:
    """Blocks for an executor's turn and up to the time limit: call it from a thread. `key`:
    the V8 context to run in (the target's, unless a preview wants a fresh one)."""
    assert out.transformation is not None
    started = time.monotonic()
    webhook = transformations.webhook_of(url=out.url, event_type=out.event_type, body=out.body,
                                         content_type=out.content_type,
                                         headers=out.custom_headers,
                                         key=out.key if is_broker(out.url) else None)
    try:
        changed = transformations.changed(
            pool.run(key or out.target_id, out.transformation, webhook), out.url, out.body)
    except TransformFailed as exc:
        return AttemptResult(succeeded=False, status_code=None, response_body=None,
                             error_type=ErrorType.TRANSFORMATION, error_message=str(exc),
                             duration_ms=int((time.monotonic() - started) * 1000),
                             exhausted=exc.exhausted)
    if changed.cancel:
        return None
    return replace(out, url=changed.url, body=changed.body, custom_headers=changed.headers,
                   content_type=changed.content_type or out.content_type,
                   key=out.key if changed.key is None else changed.key)
