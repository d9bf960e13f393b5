"""A process's client of Temporal, kept current while its credential files rotate: the CA,
the client certificate and key, and the API key file, as cert-manager or a Secret's mount
replace them.

Temporal's SDK sends the API key with each call, so a new key is set on the client in
place. TLS is settled when a connection is made, so a new certificate needs a new client:
it is connected and checked first, then handed to whoever uses the client (the worker's
`client` setter, which lets calls in flight end on the old one). Until the new files make
a client Temporal accepts, the old one serves on."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence

from temporalio.client import Client, Interceptor
from temporalio.runtime import Runtime

from hookline.secret_files import stamp
from hookline.settings import InvalidSettings, Settings
from hookline.temporal import connect, connect_checked
from hookline.temporal_access import Access, access_of

log = logging.getLogger("hookline.temporal")

CHECK_EVERY = 5.0  # seconds; a mounted Secret itself changes a minute or so after its update


class TemporalLink:
    """The client every part of a process reads at each use (`client`); `follow` replaces
    it when the credential files change, and calls each of `on_replaced` with the new one."""

    def __init__(self, client: Client, settings: Settings, *, runtime: Runtime | None = None,
                 interceptors: Sequence[Interceptor] = (), lazy: bool = False) -> None:
        self.client = client
        self.settings = settings
        self.on_replaced: list[Callable[[Client], None]] = []
        self._runtime, self._interceptors, self._lazy = runtime, interceptors, lazy
        self._paths = [path for path in (settings.temporal_tls_ca, settings.temporal_tls_cert,
                                         settings.temporal_tls_key,
                                         settings.temporal_api_key_file) if path]
        self._stamps = self._stamped()
        self._access: Access = access_of(settings)

    def _stamped(self) -> list[tuple[int, int, int] | None]:
        return [stamp(path) for path in self._paths]

    async def check(self) -> bool:
        """Once: when the files changed, apply what they now hold. True when the client
        changed (a new key, or a new client)."""
        now = self._stamped()
        if now == self._stamps:
            return False
        try:
            access = access_of(self.settings)
        except InvalidSettings as exc:  # half rotated (a new certificate, the old key)
            self._stamps = now  # said once; the next change is looked at again
            log.warning("Temporal's credential files changed but do not hold together; "
                        "still connected with the previous ones:\n%s",
                        str(exc).split("\n", 1)[-1])
            return False
        if access.tls == self._access.tls:
            self._stamps, self._access = now, access
            if access.api_key == self.client.api_key:
                return False
            self.client.api_key = access.api_key
            log.info("Temporal API key read again from %s", self.settings.temporal_api_key_file)
            return True
        try:
            new = await self._connect()
        except Exception as exc:  # tried again at the next check
            log.warning("Temporal's TLS files changed, but a client with them failed (%s); "
                        "still connected with the previous ones", " ".join(str(exc).split())[:300])
            return False
        self._stamps, self._access, self.client = now, access, new
        for replaced in self.on_replaced:
            replaced(new)
        log.info("Temporal's TLS files changed: connected again with them")
        return True

    async def _connect(self) -> Client:
        if self._lazy:  # the API's: it serves while Temporal is away
            return await connect(self.settings, lazy=True, runtime=self._runtime,
                                 interceptors=self._interceptors)
        return await connect_checked(self.settings, runtime=self._runtime,
                                     interceptors=self._interceptors)

    async def follow(self, every: float = CHECK_EVERY) -> None:
        """Until cancelled; at once done when the settings name no file to follow."""
        while self._paths:
            await asyncio.sleep(every)
            try:
                await self.check()
            except Exception:  # a loop that must outlive any one check
                log.exception("checking Temporal's credential files failed")
