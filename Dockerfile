# One image for every Hookline process: the API (the default command), `hookline worker`,
# `hookline migrate` and the chart's test pod (deploy/helm/hookline) all run it.
# Payload filters run in cel-go, built here as the C shared library hookline/tenant_code/celgo.py loads.
FROM golang:1.26-bookworm AS celgo
WORKDIR /src
COPY native/celgo ./
RUN go build -buildmode=c-shared -trimpath -ldflags "-s -w" -o /out/_celgo.so .

# Transformations run in V8 isolates (isolated-vm, a native module) on Node executor
# processes: the module is compiled here, and Node itself is copied into the image.
FROM node:20-bookworm AS v8
WORKDIR /src
COPY hookline/tenant_code/v8/package.json hookline/tenant_code/v8/package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml README.md LICENSE ./
COPY hookline hookline
COPY --from=celgo /out/_celgo.so hookline/tenant_code/_celgo.so
COPY --from=v8 /src/node_modules hookline/tenant_code/v8/node_modules
COPY --from=v8 /usr/local/bin/node /usr/local/bin/node
COPY api api
COPY workflows workflows
COPY activities activities
COPY cli cli
COPY worker.py .
RUN pip install --no-cache-dir . \
    && useradd --uid 10001 --user-group --no-create-home --home-dir /app \
       --shell /usr/sbin/nologin hookline
# Not root; numeric, so Kubernetes' runAsNonRoot can verify it. The code is installed in
# site-packages, owned by root and read-only to this user: nothing is written under /app
# (the chart's pods get a writable /tmp and use PostgreSQL).
USER 10001:10001
ENV HOOKLINE_API_HOST=0.0.0.0
EXPOSE 8000
CMD ["hookline", "api"]
