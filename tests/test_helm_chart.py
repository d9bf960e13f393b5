"""Issue 38: the Helm chart (deploy/helm/hookline) lints, renders with its minimal and its
production-like values, and its manifests keep the chart's promises: connections come from
Secrets, probes ask real routes, the migration runs as a hook before the Deployments change,
every HOOKLINE_* setting of docs/SETTINGS.md can be set, and bad values fail the render with
a clear message. `make test` builds Helm first (`make tools-helm`)."""

from __future__ import annotations

import re
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

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
                 "otel_service_name"}


def helm() -> str:
    found = shutil.which("helm") or str(REPO / ".tools" / "bin" / "helm")
    assert Path(found).exists(), "no helm: `make tools-helm` builds it into .tools/bin"
    return found


def run_helm(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([helm(), *args], capture_output=True, text=True, check=False)


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
                        ("Ingress", 1), ("HTTPRoute", 1), ("ServiceMonitor", 2)):
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


@pytest.mark.parametrize("values_file", [MINIMAL, PRODUCTION], ids=["minimal", "production"])
def test_connections_come_from_secrets_and_are_never_inlined(values_file: Path) -> None:
    docs = render("-f", str(values_file))
    given = yaml.safe_load(values_file.read_text())
    assert not of_kind(docs, "Secret"), "the chart creates no Secret: it references yours"
    workloads = [*of_kind(docs, "Deployment"), *of_kind(docs, "Job")]
    assert len(workloads) == 3
    for workload in workloads:
        found = env(workload)
        ref = found["HOOKLINE_DATABASE_URL"]["valueFrom"]["secretKeyRef"]
        assert ref == {"name": given["database"]["existingSecret"], "key": "url"}
        assert "value" not in found["HOOKLINE_DATABASE_URL"]
        if given["temporal"].get("existingSecret"):
            assert found["HOOKLINE_TEMPORAL_ADDRESS"]["valueFrom"]["secretKeyRef"] == {
                "name": "hookline-temporal", "key": "frontend"}
        if given.get("smtp"):
            assert "value" not in found["HOOKLINE_SMTP_URL"]
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
    for kind in ("livenessProbe", "readinessProbe"):
        assert worker[kind]["httpGet"] == {"path": "/metrics", "port": "metrics"}
    (test_pod,) = of_kind(docs, "Pod")
    assert test_pod["metadata"]["annotations"]["helm.sh/hook"] == "test"
    assert container(test_pod)["command"][-1] == "http://hl-hookline-api:80/readyz"
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
    assert env(job) == env(deployment(docs, "api"))


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
        assert {m["mountPath"] for m in container(pod)["volumeMounts"]} == {"/tmp"}


def test_config_defaults_are_hooklines_own() -> None:
    from hookline.settings import Settings

    config = values()["config"]
    wanted = {camel(name) for name in Settings.model_fields} - {
        camel(name) for name in NOT_IN_CONFIG}
    assert set(config) == wanted
    for name, field in Settings.model_fields.items():
        if name in NOT_IN_CONFIG:
            continue
        default = CHART_OWN.get(name, field.default)
        assert config[camel(name)] == default, name


def settings_md_names() -> list[str]:
    """Every HOOKLINE_* of docs/SETTINGS.md, with its shorthands expanded
    (`HOOKLINE_CIRCUIT_FAILURES` / `_OPEN` is HOOKLINE_CIRCUIT_OPEN too)."""
    names = []
    for line in (REPO / "docs" / "SETTINGS.md").read_text().splitlines():
        cell = line.split("|")[1] if line.startswith("|") else ""
        for part in re.findall(r"`([A-Z_]+)`", cell):
            if part.startswith("HOOKLINE_"):
                names.append(part)
            elif part.startswith("_") and names:
                names.append("_".join(names[-1].split("_")[:2]) + part)
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
    from hookline.settings import Settings

    names = settings_md_names()
    assert {f"HOOKLINE_{name.upper()}" for name, field in Settings.model_fields.items()
            if field.validation_alias is None} <= set(names)
    chosen = {key: other_value(value) for key, value in values()["config"].items()}
    chosen.update(allowedSubnets="10.0.0.0/8", smtpUrl="smtp://relay:25",
                  temporalUiUrl="https://temporal.example.org", portalFrameAncestors="'self'",
                  otelExporterOtlpEndpoint="http://collector:4318")
    given = tmp_path / "values.yaml"
    given.write_text(yaml.safe_dump({
        "database": {"existingSecret": "db"}, "temporal": {"address": "frontend:7233"},
        "config": chosen,
        "extraEnv": [{"name": "HOOKLINE_LISTEN_SECRET", "value": "whsec_x"}]}))
    docs = render("-f", str(given))
    expected = {"HOOKLINE_" + re.sub("([A-Z])", r"_\1", key).upper(): str(value)
                for key, value in chosen.items()}
    expected["HOOKLINE_TEMPORAL_ADDRESS"] = "frontend:7233"
    expected["HOOKLINE_LISTEN_SECRET"] = "whsec_x"
    for component in ("api", "worker"):
        found = env(deployment(docs, component))
        for name in names:
            assert name in found, (component, name)
            if name != "HOOKLINE_DATABASE_URL":
                assert found[name]["value"] == expected[name], name


@pytest.mark.parametrize(("args", "message"), [
    ((), "database.existingSecret is required"),
    (("--set", "database.existingSecret=db"), "temporal.address is required"),
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
], ids=["no-database-secret", "no-temporal", "empty-secret-key", "misspelt-setting",
        "bad-duration", "zero-in-flight", "bad-ports", "bad-log-level", "small-v8-heap",
        "min-above-max", "route-without-gateway"])
def test_bad_values_fail_the_render_with_a_clear_message(args: tuple[str, ...],
                                                         message: str) -> None:
    done = run_helm("template", "hl", str(CHART), *args)
    assert done.returncode != 0
    assert message in done.stderr, done.stderr


def test_the_dockerfile_builds_the_image_the_chart_runs() -> None:
    """No container engine runs here: the Dockerfile is checked by reading it against what
    the chart needs: every package pip installs is copied, the `hookline` entry point
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
    assert "pip install --no-cache-dir ." in text
    assert project["project"]["scripts"]["hookline"] == "cli.main:main"
    commands = {command.name or command.callback.__name__ for command in
                app.registered_commands if command.callback is not None}
    assert {"api", "worker", "migrate"} <= commands
    (user,) = re.findall(r"^USER (\S+)$", text, re.MULTILINE)
    uid = user.split(":")[0]
    assert uid.isdigit() and uid != "0"
    assert values()["podSecurityContext"]["runAsUser"] == int(uid)
