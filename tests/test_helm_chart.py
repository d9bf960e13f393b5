"""Issues 38 and 48: the Helm chart (deploy/helm/hookline) lints, renders with its minimal
and its production-like values, and its manifests keep the chart's promises: connections
come from Secrets (Temporal's TLS and API key as mounted files), probes ask real routes (the
worker's /healthz and /readyz), the migration runs as a hook before the Deployments change,
publicUrl is given or derived from the Ingress or HTTPRoute, every HOOKLINE_* setting of
docs/SETTINGS.md can be set and reaches only the component that reads it, unset ones are
not rendered, and bad values fail the render with a clear message. `make test` builds Helm
first (`make tools-helm`)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.support import grafana, tools
from tests.support.procs import REPO

CHART = REPO / "deploy" / "helm" / "hookline"
MINIMAL = CHART / "ci" / "minimal-values.yaml"
PRODUCTION = CHART / "ci" / "production-values.yaml"
# The chart's own defaults where a container needs another (values.yaml says why).
CHART_OWN = {"api_host": "0.0.0.0", "worker_metrics_port": 9464,
             "worker_metrics_host": "0.0.0.0"}
# Settings the chart takes from elsewhere than `config`: Secrets, or the standard OTEL_*
# names (extraEnv).
NOT_IN_CONFIG = {"database_url", "temporal_address", "otel_standard_endpoint",
                 "otel_service_name", "encryption_keys"}
# Temporal's TLS and API key: from temporal.tls and temporal.apiKey, as files of Secrets. The
# literal key (HOOKLINE_TEMPORAL_API_KEY) is never rendered.
TEMPORAL_ACCESS = {"temporal_tls", "temporal_tls_ca", "temporal_tls_cert", "temporal_tls_key",
                   "temporal_tls_server_name", "temporal_api_key", "temporal_api_key_file"}
# The SMTP URL and the egress proxy as files: from smtp and egressProxy, mounted Secrets.
SECRET_FILES = {"smtp_url_file", "egress_proxy_file"}
# Read by `hookline up` or `hookline temporal-server` only, which no pod runs: not values.
UP_ONLY = {"temporal_retention", "temporal_ui_url", "temporal_ui_port", "background_nice"}
# Who reads which `config` setting (where hookline/settings.py's fields are used); every
# other one is read by both the API and the worker. The migration Job reads the database's
# URL alone.
API_ONLY = {"public_url", "api_host", "api_port", "api_workers", "ready_requires_temporal",
            "portal_frame_ancestors", "default_rps", "default_monthly_events",
            "default_max_sources"}
WORKER_ONLY = {"worker_metrics_port", "worker_metrics_host", "reconcile_interval",
               "relay_interval", "schedule_reconcile_interval", "retention_batch", "smtp_url",
               "alert_from", "poll_window", "ingest"}
TLS_DIR, API_KEY_DIR = "/etc/hookline/temporal-tls", "/etc/hookline/temporal-api-key"
SMTP_DIR, PROXY_DIR = "/etc/hookline/smtp", "/etc/hookline/egress-proxy"


pytestmark = pytest.mark.usefixtures("tool_helm")


def run_helm(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([tools.helm(), *args], capture_output=True, text=True, check=False)


@cache
def render(*args: str) -> tuple[dict[str, Any], ...]:
    done = run_helm("template", "hl", str(CHART), *args)
    assert done.returncode == 0, done.stderr
    return tuple(doc for doc in yaml.safe_load_all(done.stdout) if doc)


def of_kind(docs: tuple[dict[str, Any], ...], kind: str) -> list[dict[str, Any]]:
    return [doc for doc in docs if doc["kind"] == kind]


def deployment(docs: tuple[dict[str, Any], ...], component: str) -> dict[str, Any]:
    (found,) = [d for d in of_kind(docs, "Deployment")
                if d["metadata"]["labels"]["app.kubernetes.io/component"] == component]
    return found


def container(workload: dict[str, Any]) -> dict[str, Any]:
    pod = workload["spec"] if workload["kind"] == "Pod" else workload["spec"]["template"]["spec"]
    (only,) = pod["containers"]
    return only


def env(workload: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {item["name"]: item for item in container(workload)["env"]}


def values() -> dict[str, Any]:
    return yaml.safe_load((CHART / "values.yaml").read_text())


def schema_config() -> dict[str, Any]:
    schema = json.loads((CHART / "values.schema.json").read_text())
    return schema["properties"]["config"]["properties"]


def components(docs: tuple[dict[str, Any], ...]) -> dict[str, dict[str, Any]]:
    """api, worker and migration: the chart's three workloads."""
    (job,) = of_kind(docs, "Job")
    return {"api": deployment(docs, "api"), "worker": deployment(docs, "worker"),
            "migration": job}


def volumes(workload: dict[str, Any]) -> dict[str, dict[str, Any]]:
    spec = workload["spec"]["template"]["spec"]
    return {volume["name"]: volume for volume in spec["volumes"]}


def mounts(workload: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {mount["mountPath"]: mount for mount in container(workload)["volumeMounts"]}


def camel(field: str) -> str:
    head, *rest = field.split("_")
    return head + "".join(word.title() for word in rest)


@pytest.mark.parametrize("values_file", [MINIMAL, PRODUCTION], ids=["minimal", "production"])
def test_chart_lints(values_file: Path) -> None:
    done = run_helm("lint", "--strict", str(CHART), "-f", str(values_file))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 chart(s) linted, 0 chart(s) failed" in done.stdout


def test_minimal_values_render_the_api_the_worker_and_the_migration() -> None:
    docs = render("-f", str(MINIMAL))
    assert {d["kind"] for d in docs} == {"Deployment", "Service", "ServiceAccount", "Job",
                                        "PodDisruptionBudget", "Pod"}
    assert container(deployment(docs, "api"))["command"] == ["hookline", "api"]
    assert container(deployment(docs, "worker"))["command"] == ["hookline", "worker"]
    for component in ("api", "worker"):
        assert deployment(docs, component)["spec"]["replicas"] == 2


def test_production_values_render_scaling_traffic_and_monitoring() -> None:
    docs = render("-f", str(PRODUCTION))
    kinds = [d["kind"] for d in docs]
    for kind, count in (("HorizontalPodAutoscaler", 2), ("PodDisruptionBudget", 2),
                        ("Ingress", 1), ("HTTPRoute", 1), ("ServiceMonitor", 2),
                        ("ConfigMap", 1)):
        assert kinds.count(kind) == count, kind
    for component in ("api", "worker"):  # the HPA owns the replica count
        assert "replicas" not in deployment(docs, component)["spec"]
    hpa = {h["spec"]["scaleTargetRef"]["name"]: h["spec"]
           for h in of_kind(docs, "HorizontalPodAutoscaler")}
    assert hpa["hl-hookline-worker"]["maxReplicas"] == 20
    assert hpa["hl-hookline-worker"]["behavior"]["scaleDown"]["stabilizationWindowSeconds"] == 300
    (route,) = of_kind(docs, "HTTPRoute")
    assert route["spec"]["rules"][0]["backendRefs"][0]["name"] == "hl-hookline-api"
    (ingress,) = of_kind(docs, "Ingress")
    backend = ingress["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    assert backend == {"name": "hl-hookline-api", "port": {"name": "http"}}
    monitors = {m["spec"]["selector"]["matchLabels"]["app.kubernetes.io/component"]:
                m["spec"]["endpoints"][0] for m in of_kind(docs, "ServiceMonitor")}
    assert monitors["api"]["port"] == "http" and monitors["worker"]["port"] == "metrics"
    assert {m["path"] for m in monitors.values()} == {"/metrics"}
    services = {s["metadata"]["labels"]["app.kubernetes.io/component"]: s
                for s in of_kind(docs, "Service")}
    assert {p["name"] for p in services["worker"]["spec"]["ports"]} == {"metrics"}
    worker = deployment(docs, "worker")["spec"]["template"]["spec"]
    assert worker["tolerations"][0]["key"] == "dedicated"
    assert worker["nodeSelector"] == {"workload": "hookline-worker"}
    api = deployment(docs, "api")["spec"]["template"]["spec"]
    assert "podAntiAffinity" in api["affinity"] and api["priorityClassName"] == "high-priority"


def test_an_ingest_worker_reads_broker_sources_in_place_of_the_workers() -> None:
    """Issue 69: ingestWorker.enabled runs `hookline ingest-worker` pods, probed and scraped
    on the metrics port, with the workers' settings but no Temporal's; the workers are
    then told not to read broker Sources (HOOKLINE_INGEST=false)."""
    assert "HOOKLINE_INGEST" not in env(deployment(render("-f", str(MINIMAL)), "worker"))
    docs = render("-f", str(PRODUCTION), "--set", "ingestWorker.enabled=true",
                  "--set", "ingestWorker.replicaCount=3", "--set", "config.logLevel=debug",
                  "--set", "config.pollWindow=2d")
    ingest = deployment(docs, "ingest-worker")
    assert container(ingest)["command"] == ["hookline", "ingest-worker"]
    assert ingest["spec"]["replicas"] == 3
    probes = container(ingest)
    assert probes["readinessProbe"]["httpGet"] == {"path": "/readyz", "port": "metrics"}
    assert {p["name"]: p["containerPort"] for p in probes["ports"]} == {"metrics": 9464}
    found = env(ingest)
    assert found["HOOKLINE_LOG_LEVEL"]["value"] == "debug"
    assert found["HOOKLINE_POLL_WINDOW"]["value"] == "2d"
    assert "HOOKLINE_DATABASE_URL" in found and "HOOKLINE_ENCRYPTION_KEYS" in found
    assert not [name for name in found if name.startswith((
        "HOOKLINE_TEMPORAL_ADDRESS", "HOOKLINE_TEMPORAL_TLS", "HOOKLINE_TEMPORAL_API_KEY"))]
    assert not [m for m in mounts(ingest) if "temporal" in m], mounts(ingest)
    assert env(deployment(docs, "worker"))["HOOKLINE_INGEST"]["value"] == "false"
    monitors = {m["spec"]["selector"]["matchLabels"]["app.kubernetes.io/component"]:
                m["spec"]["endpoints"][0]["port"] for m in of_kind(docs, "ServiceMonitor")}
    assert monitors == {"api": "http", "worker": "metrics", "ingest-worker": "metrics"}
    services = {s["metadata"]["labels"]["app.kubernetes.io/component"]
                for s in of_kind(docs, "Service")}
    assert "ingest-worker" in services


def test_the_grafana_dashboard_is_a_configmap_only_when_asked_for() -> None:
    """Issue 50 (7): off by default; on, a ConfigMap for Grafana's sidecar (its label
    configurable) holding deploy/grafana/hookline.json, of which the chart keeps a copy
    (Helm reads no file outside the chart, and a symlink makes every render warn)."""
    assert grafana.CHART_COPY.read_bytes() == grafana.DASHBOARD.read_bytes()
    assert not of_kind(render("-f", str(MINIMAL)), "ConfigMap")
    (shipped,) = of_kind(render("-f", str(PRODUCTION)), "ConfigMap")
    assert shipped["metadata"]["labels"]["grafana_dashboard"] == "1"
    assert shipped["metadata"]["annotations"] == {"grafana_folder": "Hookline"}
    assert json.loads(shipped["data"]["hookline.json"]) == grafana.load()
    (relabelled,) = of_kind(render(
        "-f", str(MINIMAL), "--set", "grafana.dashboard.enabled=true",
        "--set", "grafana.dashboard.label.key=dashboards", "--set-string",
        "grafana.dashboard.label.value=hookline", "--set", "grafana.dashboard.namespace=obs"),
        "ConfigMap")
    assert relabelled["metadata"]["namespace"] == "obs"
    assert relabelled["metadata"]["labels"]["dashboards"] == "hookline"
    assert "grafana_dashboard" not in relabelled["metadata"]["labels"]


@pytest.mark.parametrize("values_file", [MINIMAL, PRODUCTION], ids=["minimal", "production"])
def test_connections_come_from_secrets_and_are_never_inlined(values_file: Path) -> None:
    docs = render("-f", str(values_file))
    given = yaml.safe_load(values_file.read_text())
    assert not of_kind(docs, "Secret"), "the chart creates no Secret: it references yours"
    for component, workload in components(docs).items():
        found = env(workload)
        ref = found["HOOKLINE_DATABASE_URL"]["valueFrom"]["secretKeyRef"]
        assert ref == {"name": given["database"]["existingSecret"], "key": "url"}
        keys = found["HOOKLINE_ENCRYPTION_KEYS"]["valueFrom"]["secretKeyRef"]
        assert keys == {"name": given["encryption"]["existingSecret"], "key": "keys"}
        assert "value" not in found["HOOKLINE_DATABASE_URL"]
        # Only the API and the worker talk to Temporal; only the worker sends e-mail.
        assert ("HOOKLINE_TEMPORAL_ADDRESS" in found) == (component != "migration")
        if given["temporal"].get("existingSecret") and component != "migration":
            assert found["HOOKLINE_TEMPORAL_ADDRESS"]["valueFrom"]["secretKeyRef"] == {
                "name": "hookline-temporal", "key": "frontend"}
        if given.get("smtp"):
            assert ("HOOKLINE_SMTP_URL_FILE" in found) == (component == "worker")
            assert "HOOKLINE_SMTP_URL" not in found
        assert container(workload).get("envFrom", []) == given.get("extraEnvFrom", [])
    text = yaml.safe_dump_all(docs)
    assert "postgresql" not in text and "password" not in text.lower()


def test_probes_ask_real_routes_on_the_ports_that_serve_them() -> None:
    from api.main import create_app

    routes = set(create_app().openapi()["paths"])  # every route the API serves
    docs = render("-f", str(MINIMAL))
    api = container(deployment(docs, "api"))
    assert {p["name"]: p["containerPort"] for p in api["ports"]} == {"http": 8000}
    probes = {kind: api[kind]["httpGet"] for kind in
              ("livenessProbe", "readinessProbe", "startupProbe")}
    assert probes["readinessProbe"]["path"] == "/readyz"
    assert probes["livenessProbe"]["path"] == "/healthz"
    for probe in probes.values():
        assert probe["path"] in routes and probe["port"] == "http"
    worker = container(deployment(docs, "worker"))
    metrics_port = int(env(deployment(docs, "worker"))["HOOKLINE_WORKER_METRICS_PORT"]["value"])
    assert {p["name"]: p["containerPort"] for p in worker["ports"]} == {"metrics": metrics_port}
    assert env(deployment(docs, "worker"))["HOOKLINE_WORKER_METRICS_HOST"]["value"] == "0.0.0.0"
    # Issue 48: the worker's own endpoints on its metrics port, no longer /metrics.
    assert worker["livenessProbe"]["httpGet"] == {"path": "/healthz", "port": "metrics"}
    assert worker["readinessProbe"]["httpGet"] == {"path": "/readyz", "port": "metrics"}
    (test_pod,) = of_kind(docs, "Pod")
    assert test_pod["metadata"]["annotations"]["helm.sh/hook"] == "test"
    assert container(test_pod)["command"][-1] == "http://hl-hookline-api:80/readyz"
    resources = container(test_pod)["resources"]
    assert set(resources["requests"]) == set(resources["limits"]) == {"cpu", "memory"}
    smaller = render("-f", str(MINIMAL), "--set", "tests.resources.limits.memory=96Mi")
    assert container(of_kind(smaller, "Pod")[0])["resources"]["limits"]["memory"] == "96Mi"
    (service,) = [s for s in of_kind(docs, "Service") if s["metadata"]["name"].endswith("-api")]
    assert service["spec"]["ports"][0]["targetPort"] == "http"


def test_the_migration_is_a_hook_that_runs_before_the_deployments() -> None:
    """Helm applies pre-install and pre-upgrade hooks, and waits for a Job to finish, before
    it applies the release's other resources; none of those may be a hook themselves."""
    docs = render("-f", str(MINIMAL))
    (job,) = of_kind(docs, "Job")
    hooks = job["metadata"]["annotations"]
    assert set(hooks["helm.sh/hook"].split(",")) == {"pre-install", "pre-upgrade"}
    assert "hook-succeeded" in hooks["helm.sh/hook-delete-policy"]
    assert container(job)["command"] == ["hookline", "migrate"]
    assert job["spec"]["template"]["spec"]["restartPolicy"] == "Never"
    for doc in docs:
        if doc["kind"] not in ("Job", "Pod"):
            assert "helm.sh/hook" not in doc["metadata"].get("annotations", {}), doc["kind"]
    # The Job cannot use what the release creates: at pre-install it does not exist yet.
    assert job["spec"]["template"]["spec"].get("serviceAccountName") in (None, "default")
    # Issue 48: it reads the database's URL alone, the API's.
    api = env(deployment(docs, "api"))
    assert env(job) == {name: api[name] for name in ("HOOKLINE_DATABASE_URL",
                                                     "HOOKLINE_ENCRYPTION_KEYS")}


def test_pods_run_as_non_root_on_a_read_only_root() -> None:
    docs = render("-f", str(PRODUCTION))
    for pod in [*of_kind(docs, "Deployment"), *of_kind(docs, "Job")]:
        spec = pod["spec"]["template"]["spec"]
        assert spec["securityContext"]["runAsNonRoot"] is True
        assert spec["securityContext"]["runAsUser"] != 0
        own = container(pod)["securityContext"]
        assert own["readOnlyRootFilesystem"] is True
        assert own["allowPrivilegeEscalation"] is False
        assert own["capabilities"]["drop"] == ["ALL"]
        # Writable: /tmp alone; the API and the worker also read Temporal's Secrets, and
        # the worker the SMTP URL's.
        read = {TLS_DIR, API_KEY_DIR} if pod["kind"] == "Deployment" else set()
        if pod["metadata"]["labels"].get("app.kubernetes.io/component") == "worker":
            read.add(SMTP_DIR)
        assert set(mounts(pod)) == {"/tmp"} | read
        assert all(mounts(pod)[path]["readOnly"] is True for path in read)


def configurable() -> dict[str, Any]:
    """Settings of `config`, by field name: every field of Settings but those the chart takes
    from elsewhere or no pod reads."""
    from hookline.settings import Settings

    return {name: field for name, field in Settings.model_fields.items()
            if name not in NOT_IN_CONFIG | TEMPORAL_ACCESS | UP_ONLY | SECRET_FILES}


def test_config_holds_only_overrides_and_accepts_hooklines_defaults(tmp_path: Path) -> None:
    """values.yaml's `config` is what the chart must override (docs/SETTINGS.md says the
    rest); the schema knows every setting, and Hookline's own defaults are valid values."""
    assert values()["config"] == {"publicUrl": "", **{camel(k): v for k, v in CHART_OWN.items()}}
    assert set(schema_config()) == {camel(name) for name in configurable()}
    defaults = {camel(name): field.default for name, field in configurable().items()
                if field.default is not None}
    given = tmp_path / "defaults.yaml"
    given.write_text(yaml.safe_dump({"config": defaults}))
    render("-f", str(MINIMAL), "-f", str(given))


def test_only_set_settings_are_rendered_to_the_component_that_reads_them() -> None:
    docs = components(render("-f", str(MINIMAL)))
    common = {"HOOKLINE_DATABASE_URL", "HOOKLINE_ENCRYPTION_KEYS", "HOOKLINE_TEMPORAL_ADDRESS"}
    assert set(env(docs["api"])) == common | {"HOOKLINE_API_HOST", "HOOKLINE_PUBLIC_URL"}
    assert set(env(docs["worker"])) == common | {"HOOKLINE_WORKER_METRICS_HOST",
                                                 "HOOKLINE_WORKER_METRICS_PORT"}
    assert set(env(docs["migration"])) == {"HOOKLINE_DATABASE_URL", "HOOKLINE_ENCRYPTION_KEYS"}
    for component in ("api", "worker", "migration"):  # the keys: from their Secret alone
        assert env(docs[component])["HOOKLINE_ENCRYPTION_KEYS"] == {
            "name": "HOOKLINE_ENCRYPTION_KEYS", "valueFrom": {"secretKeyRef": {
                "name": "hookline-encryption", "key": "keys"}}}
    docs = components(render("-f", str(MINIMAL), "--set", "config.readyRequiresTemporal=true",
                             "--set", "config.defaultRps=0", "--set-string", "config.retention=0",
                             "--set", "config.smtpUrl=", "--set", "config.alertFrom=a@b.org"))
    api, worker = env(docs["api"]), env(docs["worker"])
    assert api["HOOKLINE_READY_REQUIRES_TEMPORAL"]["value"] == "true"
    assert api["HOOKLINE_DEFAULT_RPS"]["value"] == "0"  # zero is set; empty is not
    assert api["HOOKLINE_RETENTION"] == worker["HOOKLINE_RETENTION"] == {
        "name": "HOOKLINE_RETENTION", "value": "0"}
    assert "HOOKLINE_READY_REQUIRES_TEMPORAL" not in worker and "HOOKLINE_SMTP_URL" not in worker
    assert worker["HOOKLINE_ALERT_FROM"]["value"] == "a@b.org"
    assert "HOOKLINE_ALERT_FROM" not in api


def settings_md_names() -> list[str]:
    """Every HOOKLINE_* of docs/SETTINGS.md, with its shorthands expanded against the cell's
    first name: from the word they share with it (`HOOKLINE_TEMPORAL_API_KEY` /
    `_API_KEY_FILE`), else in place of its last word (`HOOKLINE_CIRCUIT_FAILURES` / `_OPEN`,
    `HOOKLINE_DEFAULT_RPS` / `_MONTHLY_EVENTS` / `_MAX_SOURCES`)."""
    names = []
    for line in (REPO / "docs" / "SETTINGS.md").read_text().splitlines():
        cell = line.split("|")[1] if line.startswith("|") else ""
        full = ""
        for part in re.findall(r"`([A-Z_]+)`", cell):
            if part.startswith("HOOKLINE_"):
                names.append(full := part)
            elif part.startswith("_") and full:
                words, first = full.split("_"), part.split("_")[1]
                kept = words.index(first) if first in words else len(words) - 1
                names.append("_".join(words[:kept]) + part)
    return names


# A valid value other than the default, by the default's form.
def other_value(default: object) -> object:
    if isinstance(default, bool):
        return not default
    if isinstance(default, int):  # within every integer setting's bounds
        return default - 1 if default > 1 else default + 1
    text = str(default)
    for pattern, replacement in ((r"^\d+(ms|s|m|h|d)$", "7s"), (r"^\d+MB$", "96MB"),
                                 (r"^https?://", "https://hooks.example.org"),
                                 (r"^(debug|info)$", "debug"), (r"^\d+(,\d+)*$", "443")):
        if re.match(pattern, text):
            return replacement
    return {"": "", "5s,5m,30m,2h,5h,10h,10h": "1s,2s"}.get(text, f"{text}-set")


def test_every_setting_of_settings_md_can_be_set(tmp_path: Path) -> None:
    """Each is rendered, when set, to the pods that read it and to no other: `config`'s by
    API_ONLY and WORKER_ONLY, Temporal's TLS and API key as file paths from temporal.*, and
    `hookline up`'s nowhere (the schema refuses them)."""
    from hookline.settings import Settings

    names = settings_md_names()
    assert {f"HOOKLINE_{name.upper()}" for name, field in Settings.model_fields.items()
            if field.validation_alias is None} <= set(names)
    chosen = {camel(name): other_value(CHART_OWN.get(name, field.default))
              for name, field in configurable().items()}
    chosen.update(allowedSubnets="10.0.0.0/8", smtpUrl="smtp://relay:25",
                  portalFrameAncestors="'self'", otelExporterOtlpEndpoint="http://collector:4318",
                  egressProxy="http://proxy.internal:3128", noProxy=".internal")
    given = tmp_path / "values.yaml"
    given.write_text(yaml.safe_dump({
        "database": {"existingSecret": "db"}, "encryption": {"existingSecret": "keys"},
        "temporal": {"address": "frontend:7233", "apiKey": {"existingSecret": "temporal-key"},
                     "tls": {"enabled": True, "existingSecret": "temporal-tls",
                             "serverName": "frontend.temporal"}},
        "config": chosen,
        "extraEnv": [{"name": "HOOKLINE_LISTEN_SECRET", "value": "whsec_x"},
                     {"name": "HOOKLINE_LISTEN_PUBLIC_KEY", "value": "whpk_x"},
                     {"name": "HOOKLINE_POLL_TOKEN", "value": "hlpoll_x"}]}))
    docs = render("-f", str(given))
    expected = {"HOOKLINE_" + re.sub("([A-Z])", r"_\1", key).upper():
                json.dumps(value) if isinstance(value, bool) else str(value)
                for key, value in chosen.items()}
    expected.update({
        "HOOKLINE_TEMPORAL_ADDRESS": "frontend:7233", "HOOKLINE_LISTEN_SECRET": "whsec_x",
        "HOOKLINE_LISTEN_PUBLIC_KEY": "whpk_x", "HOOKLINE_POLL_TOKEN": "hlpoll_x",
        "HOOKLINE_TEMPORAL_TLS": "true", "HOOKLINE_TEMPORAL_TLS_CA": f"{TLS_DIR}/ca.crt",
        "HOOKLINE_TEMPORAL_TLS_CERT": f"{TLS_DIR}/tls.crt",
        "HOOKLINE_TEMPORAL_TLS_KEY": f"{TLS_DIR}/tls.key",
        "HOOKLINE_TEMPORAL_TLS_SERVER_NAME": "frontend.temporal",
        "HOOKLINE_TEMPORAL_API_KEY_FILE": f"{API_KEY_DIR}/apiKey"})
    found = {component: env(deployment(docs, component)) for component in ("api", "worker")}
    for name in names:
        field = name.removeprefix("HOOKLINE_").lower()
        readers = ({"api"} if field in API_ONLY else {"worker"} if field in WORKER_ONLY
                   else set() if field in UP_ONLY | SECRET_FILES | {"temporal_api_key"}
                   else {"api", "worker"})
        assert {c for c in found if name in found[c]} == readers, name
        for component in readers:
            if name not in ("HOOKLINE_DATABASE_URL", "HOOKLINE_ENCRYPTION_KEYS"):  # Secrets'
                assert found[component][name]["value"] == expected[name], name
        if field in UP_ONLY:
            assert camel(field) not in schema_config(), name


INGRESS = ("--set", "ingress.enabled=true", "--set", "ingress.hosts[0].host=in.example.org",
           "--set", "ingress.hosts[0].paths[0].path=/",
           "--set", "ingress.hosts[0].paths[0].pathType=Prefix")
ROUTE = ("--set", "httpRoute.enabled=true", "--set", "httpRoute.parentRefs[0].name=gateway",
         "--set", "httpRoute.hostnames[0]=route.example.org")
NO_PUBLIC_URL = ("-f", str(MINIMAL), "--set", "config.publicUrl=")


GIVEN = ("-f", str(MINIMAL))  # config.publicUrl: https://hooks.example.com


@pytest.mark.parametrize(("args", "url"), [
    (GIVEN, "https://hooks.example.com"),
    ((*GIVEN, *INGRESS, *ROUTE), "https://hooks.example.com"),  # given wins
    ((*NO_PUBLIC_URL, *INGRESS), "http://in.example.org"),
    ((*NO_PUBLIC_URL, *INGRESS, "--set", "ingress.tls[0].secretName=tls",
      "--set", "ingress.tls[0].hosts[0]=in.example.org"), "https://in.example.org"),
    ((*NO_PUBLIC_URL, *INGRESS, "--set", "ingress.tls[0].secretName=tls",
      "--set", "ingress.tls[0].hosts[0]=other.example.org"), "http://in.example.org"),
    ((*NO_PUBLIC_URL, *ROUTE, *INGRESS), "http://in.example.org"),  # the Ingress first
    ((*NO_PUBLIC_URL, *ROUTE), "https://route.example.org"),
], ids=["given", "given-beside-traffic", "ingress", "ingress-tls", "ingress-tls-elsewhere",
        "ingress-and-route", "route"])
def test_public_url_is_given_or_derived_from_the_first_host(args: tuple[str, ...],
                                                             url: str, tmp_path: Path) -> None:
    """Issue 48: Hookline's own default (http://127.0.0.1:8000) is wrong in any cluster, so
    the chart has none; the API alone reads it, and NOTES print it."""
    docs = components(render(*args))
    assert env(docs["api"])["HOOKLINE_PUBLIC_URL"]["value"] == url
    assert "HOOKLINE_PUBLIC_URL" not in env(docs["worker"])
    assert f"point at {url} " in notes(tmp_path, *args)


def notes(tmp_path: Path, *args: str) -> str:
    """NOTES.txt as `helm install` prints it (`helm template` leaves it out, and a dry-run
    install asks a cluster): a copy of the chart renders it as a template's output."""
    chart = tmp_path / "hookline"
    shutil.copytree(CHART, chart)
    (chart / "NOTES.src").write_text((chart / "templates" / "NOTES.txt").read_text())
    (chart / "templates" / "notes.yaml").write_text(
        'notes: {{ tpl (.Files.Get "NOTES.src") . | toJson }}\n')
    done = run_helm("template", "hl", str(chart), "--show-only", "templates/notes.yaml",
                    *args)
    assert done.returncode == 0, done.stderr
    (doc,) = [doc for doc in yaml.safe_load_all(done.stdout) if doc]
    return str(doc["notes"])


def test_temporal_tls_and_api_key_are_files_of_existing_secrets() -> None:
    """Issue 48: mounted read-only into the API and the worker, by their paths in the
    environment, never their content; the migration Job never talks to Temporal."""
    docs = components(render("-f", str(PRODUCTION)))
    for component in ("api", "worker"):
        found = env(docs[component])
        assert {name: item["value"] for name, item in found.items()
                if name.startswith(("HOOKLINE_TEMPORAL_TLS", "HOOKLINE_TEMPORAL_API_KEY"))} == {
            "HOOKLINE_TEMPORAL_TLS": "true",
            "HOOKLINE_TEMPORAL_TLS_CA": f"{TLS_DIR}/ca.crt",
            "HOOKLINE_TEMPORAL_TLS_CERT": f"{TLS_DIR}/tls.crt",
            "HOOKLINE_TEMPORAL_TLS_KEY": f"{TLS_DIR}/tls.key",
            "HOOKLINE_TEMPORAL_TLS_SERVER_NAME": "temporal-frontend.temporal.svc",
            "HOOKLINE_TEMPORAL_API_KEY_FILE": f"{API_KEY_DIR}/jwt"}
        assert "HOOKLINE_TEMPORAL_API_KEY" not in found
        assert volumes(docs[component])["temporal-tls"]["secret"] == {
            "secretName": "hookline-temporal-client",
            "items": [{"key": key, "path": key} for key in ("ca.crt", "tls.crt", "tls.key")]}
        assert volumes(docs[component])["temporal-api-key"]["secret"] == {
            "secretName": "hookline-temporal-api-key", "items": [{"key": "jwt", "path": "jwt"}]}
        assert mounts(docs[component])[TLS_DIR] == {
            "name": "temporal-tls", "mountPath": TLS_DIR, "readOnly": True}
        assert mounts(docs[component])[API_KEY_DIR]["readOnly"] is True
        # No Secret of Temporal's reaches the environment itself.
        refs = {item["valueFrom"]["secretKeyRef"]["name"] for item in found.values()
                if "valueFrom" in item}
        assert not refs & {"hookline-temporal-client", "hookline-temporal-api-key"}
    migration = docs["migration"]
    assert not [name for name in env(migration) if name.startswith("HOOKLINE_TEMPORAL")]
    assert set(volumes(migration)) == {"tmp"} and set(mounts(migration)) == {"/tmp"}


def test_the_smtp_url_and_the_egress_proxy_are_files_of_existing_secrets() -> None:
    """Issue 71: mounted read-only (a rotated Secret then reaches the running pod, which
    reads the file again), by path in the environment, only where read; the plain
    `config` value they replace is not rendered."""
    docs = components(render("-f", str(MINIMAL), "--set", "smtp.existingSecret=mail",
                             "--set", "egressProxy.existingSecret=proxy",
                             "--set", "egressProxy.secretKey=with-password",
                             "--set", "config.egressProxy=http://plain:3128"))
    expected = {"api": {"HOOKLINE_EGRESS_PROXY_FILE": f"{PROXY_DIR}/with-password"},
                "worker": {"HOOKLINE_EGRESS_PROXY_FILE": f"{PROXY_DIR}/with-password",
                           "HOOKLINE_SMTP_URL_FILE": f"{SMTP_DIR}/url"},
                "migration": {}}
    for component, workload in docs.items():
        found = env(workload)
        assert {name: item["value"] for name, item in found.items()
                if name.endswith("_FILE") and "TEMPORAL" not in name} == expected[component]
        assert "HOOKLINE_EGRESS_PROXY" not in found and "HOOKLINE_SMTP_URL" not in found
        for name, path in expected[component].items():
            directory, key = path.rsplit("/", 1)
            volume = mounts(workload)[directory]
            assert volume["readOnly"] is True and "subPath" not in volume, name
            assert volumes(workload)[volume["name"]]["secret"]["items"] == [
                {"key": key, "path": key}]


@pytest.mark.parametrize(("args", "files"), [
    (("--set", "temporal.tls.enabled=true", "--set", "temporal.apiKey.existingSecret=key"),
     {}),
    (("--set", "temporal.tls.enabled=true", "--set", "temporal.tls.existingSecret=client",
      "--set", "temporal.tls.caKey="), {"CERT": "tls.crt", "KEY": "tls.key"}),
    (("--set", "temporal.tls.enabled=true", "--set", "temporal.tls.existingSecret=ca",
      "--set", "temporal.tls.certKey=", "--set", "temporal.tls.keyKey=",
      "--set", "temporal.tls.caKey=root.pem"), {"CA": "root.pem"}),
], ids=["api-key-on-system-roots", "cloud-mtls-without-ca", "server-only-private-ca"])
def test_tls_mounts_only_the_files_it_names(args: tuple[str, ...],
                                            files: dict[str, str]) -> None:
    """An empty key mounts nothing: a public CA (Temporal Cloud) needs no CA file, TLS with
    an API key or against a private CA alone no client certificate."""
    docs = components(render("-f", str(MINIMAL), *args))
    for component in ("api", "worker"):
        found = env(docs[component])
        assert found["HOOKLINE_TEMPORAL_TLS"]["value"] == "true"
        assert {name.removeprefix("HOOKLINE_TEMPORAL_TLS_"): item["value"]
                for name, item in found.items()
                if name.startswith("HOOKLINE_TEMPORAL_TLS_")} == {
            kind: f"{TLS_DIR}/{key}" for kind, key in files.items()}
        items = volumes(docs[component]).get("temporal-tls", {"secret": {"items": []}})
        assert sorted(item["key"] for item in items["secret"]["items"]) == sorted(files.values())


# Issue 68: a check of one value's form is values.schema.json's, and Helm's message is the
# value's path and the keyword that failed; those that need a sentence are `fail`s of
# templates/values-check.yaml, each message beginning with the value's path.
BAD_VALUES = [
    ((), "database.existingSecret is required"),
    (("--set", "database.existingSecret=db"), "encryption.existingSecret is required"),
    (("--set", "database.existingSecret=db", "--set", "encryption.existingSecret=keys"),
     "temporal.address is required"),
    (("-f", str(MINIMAL), "--set", "database.secretKey="), "secretKey"),
    (("-f", str(MINIMAL), "--set", "config.retrySchedul=5s"),
     "additional properties 'retrySchedul' not allowed"),
    (("-f", str(MINIMAL), "--set", "config.attemptTimeout=soon"), "/config/attemptTimeout"),
    (("-f", str(MINIMAL), "--set", "config.targetMaxInFlight=0"), "/config/targetMaxInFlight"),
    (("-f", str(MINIMAL), "--set", "config.allowedPorts=eighty"), "/config/allowedPorts"),
    (("-f", str(MINIMAL), "--set", "config.logLevel=loud"), "/config/logLevel"),
    (("-f", str(MINIMAL), "--set", "config.transformMaxMemory=4MB"),
     "config.transformMaxMemory must be at least 8MB"),
    (("-f", str(MINIMAL), "--set", "worker.autoscaling.enabled=true",
      "--set", "worker.autoscaling.minReplicas=9", "--set", "worker.autoscaling.maxReplicas=3"),
     "minReplicas (9) is above maxReplicas (3)"),
    (("-f", str(MINIMAL), "--set", "httpRoute.enabled=true"), "httpRoute.parentRefs is required"),
    (NO_PUBLIC_URL, "config.publicUrl is required: the address users and providers reach"),
    ((*NO_PUBLIC_URL, "--set", "ingress.enabled=true", "--set", "ingress.hosts[0].host=*.a.org"),
     'ingress.hosts[0].host is the wildcard "*.a.org"'),
    (("-f", str(MINIMAL), "--set", "config.publicUrl=hooks.example.com"), "/config/publicUrl"),
    (("-f", str(MINIMAL), "--set", "config.backgroundNice=10"),
     "additional properties 'backgroundNice' not allowed"),
    (("-f", str(MINIMAL), "--set", "temporal.apiKey.existingSecret=key"),
     "temporal.apiKey needs temporal.tls.enabled=true"),
    (("-f", str(MINIMAL), "--set", "temporal.tls.enabled=true",
      "--set", "temporal.tls.existingSecret=client", "--set", "temporal.tls.keyKey="),
     'temporal.tls.certKey ("tls.crt") and temporal.tls.keyKey ("") go together'),
    (("-f", str(MINIMAL), "--set", "temporal.tls.existingSecret=client"),
     "temporal.tls.existingSecret (client) is set but temporal.tls.enabled is false"),
    (("-f", str(MINIMAL), "--set", "temporal.tls.enabled=true", "--set",
      "temporal.tls.existingSecret=s", "--set", "temporal.tls.caKey=",
      "--set", "temporal.tls.certKey=", "--set", "temporal.tls.keyKey="),
     "caKey, certKey and keyKey are all empty"),
    (("-f", str(MINIMAL), "--set", "temporal.apiKey.secretKey="), "/temporal/apiKey/secretKey"),
    (("-f", str(MINIMAL), "--set", "temporal.tls.enabled=yes"), "/temporal/tls/enabled"),
    (("-f", str(MINIMAL), "--set", "grafana.dashboard.enabled=true",
      "--set", "grafana.dashboard.label.key="), "/grafana/dashboard/label/key"),
    (("-f", str(MINIMAL), "--set", "config.allowedSubnets=10.0.0.0/8\\,0.0.0.0/0",
      "--set", "config.allowedPorts=*"), "turns Hookline's SSRF guard off"),
    (("-f", str(MINIMAL), "--set", "config.allowedSubnets=::/0"), "set unguardedEgress=true"),
]
BAD_IDS = ["no-database-secret", "no-encryption-secret", "no-temporal", "empty-secret-key",
           "misspelt-setting",
           "bad-duration", "zero-in-flight", "bad-ports", "bad-log-level", "small-v8-heap",
           "min-above-max", "route-without-gateway", "no-public-url", "wildcard-host",
           "public-url-not-a-url", "up-only-setting", "api-key-without-tls", "cert-without-key",
           "tls-secret-not-enabled", "tls-secret-naming-nothing", "empty-api-key-key",
           "tls-not-a-bool", "empty-dashboard-label", "guard-off-v4", "guard-off-v6"]
CHECKS = "hookline/templates/values-check.yaml"


@pytest.mark.parametrize(("args", "message"), BAD_VALUES, ids=BAD_IDS)
def test_bad_values_fail_the_render_with_a_clear_message(args: tuple[str, ...],
                                                         message: str) -> None:
    done = run_helm("template", "hl", str(CHART), *args)
    assert done.returncode != 0
    assert message in done.stderr, done.stderr


def in_schema(path: list[str]) -> bool:
    """Whether values.schema.json describes the value at this path (["config", "publicUrl"])."""
    node = json.loads((CHART / "values.schema.json").read_text())
    for key in path:
        node = node.get("properties", {}).get(key)
        if node is None:
            return False
    return True


@pytest.mark.parametrize(("args", "message"), BAD_VALUES, ids=BAD_IDS)
def test_a_refused_value_is_named_and_located_at_its_check(args: tuple[str, ...],
                                                           message: str) -> None:
    """Issue 68: every error was located at `migration-job.yaml:39`, the line whose include
    ran the checks, whatever the mistake. The schema's errors give the value's path (at
    '/temporal/tls/enabled'); what the schema cannot state fails in
    templates/values-check.yaml alone, at the line of its `fail`, with a message beginning
    with the value's path; and its checks run whatever else is rendered."""
    done = run_helm("template", "hl", str(CHART), *args)
    assert done.returncode != 0
    assert "migration-job.yaml" not in done.stderr, done.stderr
    assert set(re.findall(r"[\w-]+/templates/[\w./-]+", done.stderr)) <= {CHECKS}, done.stderr
    pointers = re.findall(r"^ *- at '/([^']*)'", done.stderr, re.MULTILINE)
    failed = re.match(rf"Error: execution error at \({re.escape(CHECKS)}:(\d+):\d+\): "
                      r"([a-zA-Z.]+)\b", done.stderr)
    if failed is None:  # values.schema.json's
        assert pointers, done.stderr
        paths = [pointer.split("/") for pointer in pointers]
    else:
        assert not pointers, done.stderr
        paths = [failed.group(2).split(".")]
        line = (CHART / "templates" / "values-check.yaml").read_text().splitlines()[
            int(failed.group(1)) - 1]
        assert "fail" in line, line
        # Every check runs on every render: with no migration Job, no test pod, and only
        # one manifest shown, the same check refuses the same value.
        again = run_helm("template", "hl", str(CHART), *args, "--set", "migration.enabled=false",
                         "--set", "tests.enabled=false", "--show-only", "templates/service.yaml")
        assert again.returncode != 0 and again.stderr == done.stderr, again.stderr
    for path in paths:
        assert in_schema(path), (path, done.stderr)


def test_the_guard_is_turned_off_only_on_purpose() -> None:
    """Issue 68: a subnet covering every address renders only with unguardedEgress=true."""
    docs = render("-f", str(MINIMAL), "--set", "config.allowedSubnets=0.0.0.0/0",
                  "--set", "unguardedEgress=true")
    assert {"name": "HOOKLINE_ALLOWED_SUBNETS", "value": "0.0.0.0/0"} in \
        container(deployment(docs, "worker"))["env"]


def test_the_smallest_install_in_values_yaml_renders() -> None:
    """Issue 68: the `helm install` of values.yaml's header, its --set values as written."""
    header = (CHART / "values.yaml").read_text().split("\n\n", 1)[0]
    sets = re.findall(r"--set (\S+)", header)
    assert any(s.startswith("config.publicUrl=") for s in sets), header
    docs = render(*(arg for value in sets for arg in ("--set", value)))
    assert {d["kind"] for d in docs} >= {"Deployment", "Job"}


def test_the_dockerfile_builds_the_image_the_chart_runs() -> None:
    """No container engine runs here: the Dockerfile is checked by reading it against what
    the chart needs: every package and file pip installs is copied, the `hookline` entry point
    exists for each command the chart runs, and the user is numeric and not root."""
    import tomllib

    from cli.main import app

    text = (REPO / "Dockerfile").read_text()
    project = tomllib.loads((REPO / "pyproject.toml").read_text())
    copied = set(re.findall(r"^COPY (\S+) ", text, re.MULTILINE))
    packages = {name.rstrip("*") for name in
                project["tool"]["setuptools"]["packages"]["find"]["include"]}
    modules = {f"{name}.py" for name in project["tool"]["setuptools"]["py-modules"]}
    assert packages | modules <= copied
    # pip reads the files pyproject.toml names (its readme and licence) from the context:
    # copied, and not left out of it by a .dockerignore.
    named = {"pyproject.toml", project["project"]["readme"], *project["project"]["license-files"]}
    sources = {source for line in re.findall(r"^COPY (?!--)(.+) \S+$", text, re.MULTILINE)
               for source in line.split()}
    assert named <= sources and all((REPO / name).is_file() for name in named)
    ignore = REPO / ".dockerignore"
    ignored = set(ignore.read_text().split()) if ignore.exists() else set()
    assert not named & ignored
    assert "pip install --no-cache-dir ." in text
    assert project["project"]["scripts"]["hookline"] == "cli.main:main"
    commands = {command.name or command.callback.__name__ for command in
                app.registered_commands if command.callback is not None}
    assert {"api", "worker", "migrate"} <= commands
    (user,) = re.findall(r"^USER (\S+)$", text, re.MULTILINE)
    uid = user.split(":")[0]
    assert uid.isdigit() and uid != "0"
    assert values()["podSecurityContext"]["runAsUser"] == int(uid)
