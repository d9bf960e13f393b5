"""Every HOOKLINE_* setting, read once into one typed object."""

from __future__ import annotations

import ipaddress
import re
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from hookline.encryption import keys

_UNITS = {"ms": 0.001, "s": 1, "m": 60, "h": 3600, "d": 86400}
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$")
_SIZES = {"B": 1, "KB": 2**10, "MB": 2**20, "GB": 2**30}
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(B|KB|MB|GB)?\s*$", re.IGNORECASE)


PROXY_SCHEMES = ("http", "socks5")  # HOOKLINE_EGRESS_PROXY's (`delivery/kinds/http/egress`)


def check_proxy_url(url: str) -> str:
    """`http://` or `socks5://`, with a host and a port (user:password allowed). Raises
    ValueError naming what is wrong."""
    parts = urlsplit(url.strip())
    if parts.scheme not in PROXY_SCHEMES:
        raise ValueError(f"must start with http:// or socks5:// (not {parts.scheme or url!r})")
    if not parts.hostname:
        raise ValueError("must name the proxy's host")
    parts.port  # noqa: B018  (raises ValueError on a port out of range)
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ValueError("must be the proxy's address alone, without a path")
    return url.strip()


def check_no_proxy(text: str) -> str:
    """curl's NO_PROXY (`delivery/kinds/http/egress.NoProxy`): host names, `.domain`, IP addresses,
    CIDRs, or `*` alone. Raises ValueError on an entry that could never match as meant."""
    entries = [part.strip() for part in text.split(",") if part.strip()]
    if entries == ["*"]:
        return text
    for entry in entries:
        if entry == "*":
            raise ValueError("`*` sends everything direct: give it alone, not in a list")
        if "://" in entry:
            raise ValueError(f"takes host names and networks, not URLs ({entry!r})")
        if "/" in entry:
            try:
                ipaddress.ip_network(entry.strip("[]"), strict=False)
            except ValueError:
                raise ValueError(f"{entry!r} is not a network (CIDR)") from None
    return text


def redacted_url(url: str) -> str:
    """A URL as reads and errors show it: its password, if any, as `***`."""
    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:  # not a URL one can split: nothing to find in it
        return url
    if password is None:
        return url
    return parts._replace(netloc=parts.netloc.replace(f":{password}@", ":***@", 1)).geturl()


def parse_duration(text: str) -> float:
    """'5s', '5m', '2h', '250ms' or a bare number of seconds."""
    match = _DURATION.match(text)
    if not match:
        raise ValueError(f"not a duration: {text!r}")
    return float(match.group(1)) * _UNITS[match.group(2) or "s"]


def parse_size(text: str) -> int:
    """'64MB', '512KB', '1GB' or a bare number of bytes (binary units: 1 MB = 2**20)."""
    match = _SIZE.match(text)
    if not match:
        raise ValueError(f"not a size: {text!r}")
    return int(float(match.group(1)) * _SIZES[(match.group(2) or "B").upper()])


def parse_schedule(text: str) -> list[float]:
    return [parse_duration(part) for part in text.split(",") if part.strip()]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="HOOKLINE_", env_file=".env", extra="ignore")

    database_url: str = "sqlite:///hookline.db"
    temporal_address: str = "127.0.0.1:7233"
    temporal_namespace: str = "default"
    # A secured Temporal (`hookline.temporal_access`; Temporal Cloud, or a cluster with
    # `requireClientAuth`): TLS on, with a private CA's certificate (empty: the system's
    # roots), a client certificate and key for mTLS (PEM files), the name the server's
    # certificate carries when it is not the address's host; or an API key (a JWT for a
    # self-hosted cluster's authorizer), given or read from a file (a mounted Secret).
    temporal_tls: bool = False
    temporal_tls_ca: str = ""
    temporal_tls_cert: str = ""
    temporal_tls_key: str = ""
    temporal_tls_server_name: str = ""
    temporal_api_key: SecretStr = SecretStr("")
    temporal_api_key_file: str = ""
    # The API's /readyz answers 503 while Temporal is unreachable only when this is on:
    # publishes and ingestion never need Temporal (the outbox keeps them), so by default the
    # API stays ready and /readyz reports Temporal in its checks.
    ready_requires_temporal: bool = False
    # Where the Temporal UI is, for `hookline up` to print when it uses a server it did not
    # start (the UI of a dev server it starts is printed anyway).
    temporal_ui_url: str = ""
    # The UI port of the dev server `hookline up` starts (empty: the server's port + 1000).
    temporal_ui_port: int | None = Field(default=None, ge=1, le=65535)
    # How long Temporal keeps closed workflows' histories (the Temporal UI's traces of
    # finished Deliveries): set on the namespace by `hookline up` when it starts the dev
    # server, and the default of `hookline temporal-server --retention`.
    temporal_retention: str = "7d"
    # How long events, messages, their Deliveries and attempts are kept once nothing more
    # can happen to them (`services/retention`); an environment's `retentionDays` overrides
    # it; 0 keeps them for ever. The purge runs daily from the Schedule
    # `<task queue>-retention`, this many events or messages per transaction.
    retention: str = "30d"
    retention_batch: int = Field(default=50, ge=1, le=10_000)
    task_queue: str = "hookline"
    api_host: str = "127.0.0.1"
    api_port: int = 8000
    # Processes serving the API on one port (uvicorn workers): one per spare core. Rate
    # limits, queues and the SQLite writer queue already work across processes.
    api_workers: int = Field(default=1, ge=1, le=64)
    # Where ingestion URLs and portal links point; unset, this machine's API port
    # (`_public_url_follows_the_port`).
    public_url: str = "http://127.0.0.1:8000"
    retry_schedule: str = "5s,5m,30m,2h,5h,10h,10h"
    # How long a polling endpoint's Delivery waits for its Consumer to pull and commit it
    # before it ends `exhausted` (`not_polled`): its window, as the schedule is a push's.
    poll_window: str = "7d"
    # Whether the worker reads broker Sources (`hookline.intake`); off, only `hookline
    # ingest-worker` processes do.
    ingest: bool = True
    attempt_timeout: str = "15s"
    allowed_subnets: str = ""
    allowed_ports: str = "80,443"
    # Every request to a receiver (and to a token endpoint) through this proxy, http:// or
    # socks5:// (`delivery/kinds/http/egress`), but those to the hosts and networks of no_proxy.
    egress_proxy: str = ""
    no_proxy: str = ""
    # The proxy (and below, the SMTP URL) as a file a mounted Secret rotates: read again
    # when it changes (`hookline.secret_files`), so new credentials apply without a restart.
    egress_proxy_file: str = ""
    # The keys that seal credentials at rest (`hookline.encryption.keys`): the first seals,
    # all open. Unset: a development key beside a SQLite database; required with PostgreSQL.
    encryption_keys: SecretStr = SecretStr("")
    smtp_url: str = ""
    smtp_url_file: str = ""
    alert_from: str = "alerts@hookline.localhost"
    # How often the worker looks for accepted Deliveries whose workflow never started, and
    # how old such a row must be before it counts as orphaned rather than in flight.
    reconcile_interval: str = "10s"
    reconcile_after: str = "15s"
    # How often an idle worker looks in the outbox for new Deliveries to start: the most a
    # new Delivery waits for its workflow, and a read of an empty table per worker each time.
    relay_interval: str = "100ms"
    # New Deliveries the relays keep in Temporal waiting for their first attempt, at most;
    # the rest wait in the outbox. Twenty thousand started at once made the dev server
    # thrash (856 delivered in 150 s instead of about 6,000).
    relay_max_waiting: int = Field(default=500, ge=1)
    # The delivery engine's per-target gate (`hookline.delivery.gate`): the ceiling of each
    # endpoint's or destination's adaptive concurrency limit (`hookline.delivery.limit`,
    # which keeps a hanging or failing one at 1 attempt in flight); and the circuit breaker,
    # open after that many consecutive failures (timeouts, connection errors, 5xx, 429) for
    # that long before one probe attempt goes.
    target_max_in_flight: int = Field(default=100, ge=1, le=1000)
    circuit_failures: int = Field(default=5, ge=1)
    circuit_open: str = "30s"
    # Transformations (`hookline.tenant_code.transformations`): each call of a target's JavaScript
    # handler stops at this time and this V8 heap, and the attempt fails `transformation`.
    transform_timeout: str = "1s"
    transform_max_memory: str = "64MB"
    # How often the silence check runs while some Source is watched (paused otherwise):
    # alerts are set in minutes, so once a minute is as often as they need.
    silence_check_interval: str = "1m"
    # How often each worker checks every cron Source's Temporal Schedule against the database.
    schedule_reconcile_interval: str = "60s"
    # Plan given to organizations that have none set explicitly.
    default_rps: int = 100
    default_monthly_events: int = 1_000_000
    default_max_sources: int = 100
    log_level: str = "info"
    # The worker's Prometheus metrics (`observability.metrics`), with the Temporal SDK's: served
    # on this port while it is set, nothing otherwise. The API's are always at /metrics.
    worker_metrics_port: int | None = Field(default=None, ge=1, le=65535)
    worker_metrics_host: str = "127.0.0.1"
    # `hookline up` runs the worker and the Temporal dev server this much nicer than the API:
    # on a shared machine, answering a publish or an ingestion comes before delivering. The
    # API never waits on either (starts go through the outbox), so the most (19) costs it
    # nothing; measured against 10, publishing ran 1.5 times faster (bench/RESULTS.md).
    background_nice: int = Field(default=19, ge=0, le=19)
    # OpenTelemetry tracing (`observability.tracing`), off while both are empty: the OTLP/HTTP
    # collector's base URL, e.g. http://127.0.0.1:4318 (spans go to its /v1/traces); ours,
    # else the standard variable (`otlp_endpoint`). OTEL_SERVICE_NAME overrides the
    # process's name (hookline-api, hookline-worker).
    otel_exporter_otlp_endpoint: str = ""
    otel_standard_endpoint: str = Field(default="",
                                        validation_alias="OTEL_EXPORTER_OTLP_ENDPOINT")
    otel_service_name: str = Field(default="", validation_alias="OTEL_SERVICE_NAME")
    # Who may frame the consumer portal: a Content-Security-Policy `frame-ancestors` source
    # list (e.g. `https://app.example.com`); empty: nobody. Nothing else may ever be framed.
    portal_frame_ancestors: str = Field(default="", pattern=r"^[^;,\r\n]*$")

    @model_validator(mode="after")
    def _public_url_follows_the_port(self) -> Settings:
        if "public_url" not in self.model_fields_set:
            self.public_url = f"http://127.0.0.1:{self.api_port}"
        return self

    @model_validator(mode="after")
    def _a_value_or_its_file(self) -> Settings:
        for name in ("egress_proxy", "smtp_url"):
            if getattr(self, name).strip() and getattr(self, f"{name}_file").strip():
                raise ValueError(f"set either HOOKLINE_{name.upper()} or "
                                 f"HOOKLINE_{name.upper()}_FILE, not both")
        return self

    @field_validator("retry_schedule")
    @classmethod
    def _check_schedule(cls, value: str) -> str:
        parse_schedule(value)
        return value

    @field_validator("attempt_timeout", "temporal_retention", "retention", "reconcile_interval",
                     "poll_window",
                     "reconcile_after", "relay_interval", "silence_check_interval",
                     "schedule_reconcile_interval", "circuit_open", "transform_timeout")
    @classmethod
    def _check_duration(cls, value: str) -> str:
        parse_duration(value)
        return value

    @field_validator("transform_max_memory")
    @classmethod
    def _check_size(cls, value: str) -> str:
        if parse_size(value) < 8 * 2**20:
            raise ValueError("must be at least 8MB: V8 needs that much to start")
        return value

    @field_validator("egress_proxy")
    @classmethod
    def _check_proxy(cls, value: str) -> str:
        return check_proxy_url(value) if value.strip() else ""

    @field_validator("encryption_keys")
    @classmethod
    def _check_keys(cls, value: SecretStr) -> SecretStr:
        if value.get_secret_value().strip():
            keys.parse(value.get_secret_value())
        return value

    @field_validator("no_proxy")
    @classmethod
    def _check_no_proxy(cls, value: str) -> str:
        return check_no_proxy(value)

    @field_validator("allowed_subnets")
    @classmethod
    def _check_subnets(cls, value: str) -> str:
        for part in value.split(","):
            if part.strip():
                ipaddress.ip_network(part.strip(), strict=False)
        return value

    @property
    def otlp_endpoint(self) -> str:
        """Where traces go: empty while tracing is off."""
        return self.otel_exporter_otlp_endpoint.strip() or self.otel_standard_endpoint.strip()

    @property
    def retry_delays(self) -> list[float]:
        return parse_schedule(self.retry_schedule)

    @property
    def transform_limits(self) -> tuple[float, int]:
        """(seconds, bytes) of one transformation call."""
        return parse_duration(self.transform_timeout), parse_size(self.transform_max_memory)

    @property
    def attempt_timeout_seconds(self) -> float:
        return parse_duration(self.attempt_timeout)

    @property
    def allowed_networks(self) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
        parts = [p.strip() for p in self.allowed_subnets.split(",") if p.strip()]
        return [ipaddress.ip_network(p, strict=False) for p in parts]

    @property
    def any_port_allowed(self) -> bool:
        return self.allowed_ports.strip() == "*"

    @property
    def allowed_port_set(self) -> frozenset[int]:
        if self.any_port_allowed:
            return frozenset()
        return frozenset(int(p) for p in self.allowed_ports.split(",") if p.strip())

    @property
    def sqlite_path(self) -> Path | None:
        prefix = "sqlite:///"
        if not self.database_url.startswith(prefix):
            return None
        return Path(self.database_url[len(prefix):]).resolve()


class InvalidSettings(SystemExit):
    """Settings the service cannot start with: it exits, saying which and why (no
    traceback)."""


@lru_cache
def get_settings() -> Settings:
    try:
        return Settings()
    except ValidationError as exc:
        raise InvalidSettings(describe(exc)) from None


def describe(error: ValidationError) -> str:
    """One line per bad setting, by the variable's name: what it was and what it must be."""
    lines = []
    for problem in error.errors():
        field = str(problem["loc"][0]) if problem["loc"] else ""
        info = Settings.model_fields.get(field)
        name = (info.validation_alias if info is not None and isinstance(
            info.validation_alias, str) else f"HOOKLINE_{field.upper()}")
        shown = problem.get("input")
        if info is not None and info.annotation is SecretStr:
            shown = "***"
        elif isinstance(shown, str):  # a proxy's or a database's password stays out of logs
            shown = redacted_url(shown)
        lines.append(f"  {name}={shown!r}: {problem['msg']}")
    return "hookline: invalid settings, not starting:\n" + "\n".join(lines)
