"""Each attempt to the kind of target its URL names (`kinds`): one construction, one set of
address rules, for the worker, the API's previews and checks, and the tests."""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from functools import partial
from typing import Any

from hookline.contracts import AttemptResult
from hookline.delivery.kinds import Kind
from hookline.delivery.kinds.brokers.address import BrokerAddress
from hookline.delivery.kinds.brokers.guard import BrokerGuard, Checked
from hookline.delivery.kinds.brokers.kind import BrokerSender
from hookline.delivery.kinds.brokers.pool import Publishers
from hookline.delivery.kinds.http import oauth
from hookline.delivery.kinds.http.egress import Egress
from hookline.delivery.kinds.http.sender import HttpSender
from hookline.delivery.kinds.mail import MailSender
from hookline.delivery.model import Outgoing
from hookline.observability import tracing
from hookline.settings import Settings
from hookline.smtp import SmtpTarget, smtp_of, smtp_target
from hookline.target_kinds import is_broker, is_mail
from hookline.url_guard import AddressGuard, Network, Target


class Sender:
    """Keeps one sender per kind, with the same address rules (HOOKLINE_ALLOWED_PORTS,
    _SUBNETS): HTTP receivers, token URLs and tenants' proxies; brokers' hosts and AWS
    service endpoints. Failure notices' e-mail goes to the instance's SMTP server
    (`smtp`; None: none, and e-mail fails `mail_refused`)."""

    def __init__(self, *, timeout: float, allowed_ports: frozenset[int], any_port: bool,
                 allowed_networks: Sequence[Network], egress: Egress = Egress(),
                 smtp: Callable[[], SmtpTarget] | None = None,
                 mail_from: str = "alerts@hookline.localhost") -> None:
        self.http = HttpSender(timeout=timeout, egress=egress, guard=AddressGuard(
            allowed_ports=allowed_ports, any_port=any_port, allowed_networks=allowed_networks))
        self.broker = BrokerSender(BrokerGuard(
            allowed_ports=allowed_ports, any_port=any_port, allowed_networks=allowed_networks),
            timeout)
        self.mail = MailSender(smtp or partial(smtp_target, ""), mail_from, timeout)

    @property
    def brokers(self) -> Publishers:
        return self.broker.publishers

    def kind(self, url: str) -> Kind:
        if is_mail(url):
            return self.mail
        return self.broker if is_broker(url) else self.http

    def send(self, out: Outgoing, *, msg_id: str | None = None
             ) -> Coroutine[Any, Any, AttemptResult]:
        # The kind's own coroutine, not one wrapping it: the attempt's awaits resume it
        # directly.
        return self.kind(out.url).send(out, msg_id or out.msg_id)

    async def guard(self, url: str, require_https: bool) -> Target:
        """An HTTP receiver's URL under the rules; raises URLRefused or DNSFailure."""
        return await self.http.rules.url(url, require_https)

    async def guard_broker(self, address: BrokerAddress, endpoint_override: str | None,
                           require_https: bool) -> Checked:
        """A broker target's host or AWS service endpoint under the rules."""
        return await self.broker.guard.check(address, endpoint_override, require_https)

    async def guard_proxy(self, proxy: str) -> str:
        return await self.http.guard_proxy(proxy)

    async def post_form(self, url: str, body: str, headers: dict[str, str], *,
                        require_https: bool, proxy: str | None = None) -> oauth.Answer:
        return await self.http.post_form(url, body, headers, require_https=require_https,
                                         proxy=proxy)

    async def aclose(self) -> None:
        await self.http.aclose()
        await self.broker.aclose()


class TracedSender(Sender):
    """A Sender whose every attempt is a client span (`observability.tracing`): used only while
    tracing is on, so that off, sending pays nothing for it."""

    async def send(self, out: Outgoing, *, msg_id: str | None = None) -> AttemptResult:
        with tracing.client_span(out.url) as span:
            result = await super().send(out, msg_id=msg_id)
            tracing.http_outcome(span, result.status_code, result.error_type)
            return result


def sender_from_settings(settings: Settings) -> Sender:
    """One construction for the worker and the API, so both apply the same URL rules. Call
    it after `tracing.setup`. InvalidSettings when the egress proxy's file is wrong."""
    kind = TracedSender if tracing.enabled() else Sender
    egress = Egress.of(settings.egress_proxy, settings.no_proxy, settings.egress_proxy_file)
    return kind(timeout=settings.attempt_timeout_seconds,
                allowed_ports=settings.allowed_port_set, any_port=settings.any_port_allowed,
                allowed_networks=settings.allowed_networks, egress=egress,
                smtp=smtp_of(settings), mail_from=settings.alert_from)
