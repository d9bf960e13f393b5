"""One attempt to a broker target: read its URL, guard its broker or service endpoint,
publish within the attempt's time through the target's kept publisher, and say how it went
as an HTTP attempt would (`AttemptResult`, with no status code)."""

from __future__ import annotations

import asyncio
import time

from hookline.contracts import AttemptResult
from hookline.delivery.kinds import confirmed, failed
from hookline.delivery.kinds.brokers.address import parse
from hookline.delivery.kinds.brokers.message import AUTH, REFUSED, BrokerFailed, BrokerMessage
from hookline.delivery.kinds.brokers.pool import Publishers
from hookline.delivery.kinds.brokers.sign_in import identity_refused
from hookline.delivery.model import Outgoing
from hookline.statuses import ErrorType
from hookline.target_kinds import AWS_KINDS
from hookline.url_guard import DNSFailure, URLRefused


async def publish(publishers: Publishers, out: Outgoing, message: BrokerMessage
                  ) -> AttemptResult:
    started = time.monotonic()
    try:
        address = parse(out.url)
        checked = await publishers.guard.check(address, out.endpoint_override,
                                               out.require_https)
    except URLRefused as exc:
        return failed(ErrorType.BLOCKED_URL, str(exc), started)
    except DNSFailure as exc:
        return failed(ErrorType.DNS, str(exc), started)
    if address.kind in AWS_KINDS and (refused := identity_refused(
            out.credentials, out.endpoint_override, out.instance_aws)) is not None:
        return failed(AUTH, f"credentials {refused}", started)
    try:
        publisher = publishers.publisher(out.target_id, address, checked, out.credentials,
                                         out.tls)
        async with asyncio.timeout(publishers.timeout):
            await publisher.publish(message)
    except TimeoutError:
        publishers.drop(out.target_id)
        return failed(ErrorType.TIMEOUT,
                       f"the broker did not confirm within {publishers.timeout:g} s", started)
    except URLRefused as exc:  # a broker the cluster named, refused by the guard
        publishers.drop(out.target_id)
        return failed(ErrorType.BLOCKED_URL, str(exc), started)
    except BrokerFailed as exc:
        if exc.error_type != REFUSED:  # the connection may be broken: make a new one
            publishers.drop(out.target_id)
        return failed(exc.error_type, str(exc), started)
    return confirmed(started)

