{{/* Names and labels, as `helm create` lays them out. */}}
{{- define "hookline.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "hookline.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "hookline.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/name: {{ include "hookline.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{/* Selector labels of one component (api, worker, migration, test): pass (list $ "api"). */}}
{{- define "hookline.selectorLabels" -}}
{{- $root := index . 0 -}}
app.kubernetes.io/name: {{ include "hookline.name" $root }}
app.kubernetes.io/instance: {{ $root.Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end }}

{{- define "hookline.image" -}}
{{ printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) | quote }}
{{- end }}

{{- define "hookline.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "hookline.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/* A value read from a Secret: pass its values ({existingSecret, secretKey}), both of
     which templates/values-check.yaml requires. */}}
{{- define "hookline.secretRef" -}}
valueFrom:
  secretKeyRef:
    name: {{ .existingSecret | quote }}
    key: {{ .secretKey | quote }}
{{- end }}

{{/* A container's environment: pass (list $ component), component one of "api", "worker",
     "migration". The database's URL and the encryption keys from their Secrets; for the API and the worker, the
     Temporal connection and the `config` settings that component reads; then extraEnv. */}}
{{- define "hookline.env" -}}
{{- $root := index . 0 -}}
{{- $component := index . 1 -}}
- name: HOOKLINE_DATABASE_URL
  {{- include "hookline.secretRef" $root.Values.database | nindent 2 }}
- name: HOOKLINE_ENCRYPTION_KEYS
  {{- include "hookline.secretRef" $root.Values.encryption | nindent 2 }}
{{- if has $component (list "api" "worker") }}
{{- include "hookline.temporalEnv" $root }}
{{- end }}
{{- if ne $component "migration" }}
{{- include "hookline.configEnv" (list $root $component) }}
{{- end }}
{{- if and (eq $component "worker") $root.Values.ingestWorker.enabled }}
- name: HOOKLINE_INGEST
  value: "false"
{{- end }}
{{- with $root.Values.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* Which component reads each `config` setting (where hookline/settings.py's fields are
     used): a setting goes to the pods that read it, so that what a pod's environment says
     is what it runs with. Every property of values.schema.json's `config` is in one list;
     a setting read by both is in "both". */}}
{{- define "hookline.settingReaders" -}}
api: [publicUrl, apiHost, apiPort, apiWorkers, readyRequiresTemporal, portalFrameAncestors,
      defaultRps, defaultMonthlyEvents, defaultMaxSources]
worker: [workerMetricsPort, workerMetricsHost, reconcileInterval, relayInterval,
         scheduleReconcileInterval, retentionBatch, smtpUrl, alertFrom, pollWindow, ingest]
# The API computes retry schedules and gate limits for redeliveries, tests URLs with the
# worker's rules, checks transformations at save, shows retention and syncs the silence
# check's Schedule.
both: [temporalNamespace, taskQueue, logLevel, retrySchedule, attemptTimeout, allowedSubnets,
       allowedPorts, egressProxy, noProxy, retention, reconcileAfter, relayMaxWaiting, targetMaxInFlight,
       circuitFailures, circuitOpen, transformTimeout, transformMaxMemory,
       silenceCheckInterval, otelExporterOtlpEndpoint]
{{- end }}

{{/* The `config` settings one component reads, each only when set: unset or empty is
     Hookline's own default (docs/SETTINGS.md), which the pod then applies itself. The API's
     publicUrl is always set: given, or derived (hookline.publicUrl). */}}
{{- define "hookline.configEnv" -}}
{{- $root := index . 0 -}}
{{- $component := index . 1 -}}
{{- $readers := include "hookline.settingReaders" $root | fromYaml -}}
{{- /* The ingest worker reads what the worker does (it publishes as the API does). */ -}}
{{- $mine := concat (index $readers (eq $component "ingest-worker" | ternary "worker" $component)) $readers.both -}}
{{- $config := deepCopy $root.Values.config -}}
{{- if eq $component "api" }}
{{- $_ := set $config "publicUrl" (include "hookline.publicUrl" $root) }}
{{- end }}
{{- if $root.Values.smtp.existingSecret }}
{{- $_ := unset $config "smtpUrl" }}
{{- end }}
{{- if $root.Values.egressProxy.existingSecret }}
{{- $_ := unset $config "egressProxy" }}
{{- end }}
{{- range $key, $value := $config }}
{{- if and (has $key $mine) (not (kindIs "invalid" $value)) (ne (toString $value) "") }}
- name: {{ printf "HOOKLINE_%s" (snakecase $key | upper) }}
  value: {{ (kindIs "float64" $value | ternary (int64 $value) $value) | toString | quote }}
{{- end }}
{{- end }}
{{- range $setting, $file := include "hookline.secretFiles" (list $root $component) | fromYaml }}
- name: {{ $setting }}
  value: {{ printf "%s/%s" $file.dir $file.key | quote }}
{{- end }}
{{- end }}

{{/* Where ingestion URLs and portal links point: config.publicUrl, else the first Ingress
     host (https when one of ingress.tls's entries lists it), else the first HTTPRoute
     hostname (https: a Gateway's public listener). Hookline's own default,
     http://127.0.0.1:<port>, is wrong in any cluster: with no host, or a wildcard one, this
     is empty and templates/values-check.yaml refuses the render. */}}
{{- define "hookline.publicUrl" -}}
{{- $derived := include "hookline.derivedHost" . | fromJson -}}
{{- if .Values.config.publicUrl -}}
{{- .Values.config.publicUrl -}}
{{- else if and $derived.host (not (contains "*" $derived.host)) -}}
{{- printf "%s://%s" $derived.scheme $derived.host -}}
{{- end -}}
{{- end }}

{{/* The host publicUrl is derived from when unset, as JSON {host, scheme, from}: from names
     the value it is taken from; host is empty when no enabled Ingress or HTTPRoute names
     one. */}}
{{- define "hookline.derivedHost" -}}
{{- $host := "" -}}
{{- $scheme := "https" -}}
{{- $from := "" -}}
{{- if and .Values.ingress.enabled .Values.ingress.hosts -}}
{{- $host = (first .Values.ingress.hosts).host | default "" -}}
{{- $from = "ingress.hosts[0].host" -}}
{{- $scheme = "http" -}}
{{- range .Values.ingress.tls }}
{{- if has $host (.hosts | default list) }}
{{- $scheme = "https" -}}
{{- end }}
{{- end }}
{{- else if and .Values.httpRoute.enabled .Values.httpRoute.hostnames -}}
{{- $host = first .Values.httpRoute.hostnames -}}
{{- $from = "httpRoute.hostnames[0]" -}}
{{- end -}}
{{- dict "host" $host "scheme" $scheme "from" $from | toJson -}}
{{- end }}

{{/* The Temporal connection of the API and the worker: its address, then TLS and the API
     key as files of the mounted Secrets (hookline.temporalVolumes), never their content. */}}
{{- define "hookline.temporalEnv" -}}
{{- $tls := .Values.temporal.tls }}
{{- $apiKey := .Values.temporal.apiKey }}
- name: HOOKLINE_TEMPORAL_ADDRESS
{{- if .Values.temporal.existingSecret }}
  {{- include "hookline.secretRef" .Values.temporal | nindent 2 }}
{{- else }}
  value: {{ .Values.temporal.address | quote }}
{{- end }}
{{- if $tls.enabled }}
- name: HOOKLINE_TEMPORAL_TLS
  value: "true"
{{- range $name, $key := include "hookline.temporalTlsFiles" . | fromYaml }}
- name: HOOKLINE_TEMPORAL_TLS_{{ $name }}
  value: {{ printf "%s/%s" (include "hookline.temporalTlsDir" $) $key | quote }}
{{- end }}
{{- with $tls.serverName }}
- name: HOOKLINE_TEMPORAL_TLS_SERVER_NAME
  value: {{ . | quote }}
{{- end }}
{{- end }}
{{- if $apiKey.existingSecret }}
- name: HOOKLINE_TEMPORAL_API_KEY_FILE
  value: {{ printf "%s/%s" (include "hookline.temporalApiKeyDir" .) $apiKey.secretKey | quote }}
{{- end }}
{{- end }}

{{/* The Secrets of smtp and egressProxy that a component reads, mounted as files (so that
     a rotated Secret reaches the running pod): {setting: {volume, dir, secret, key}}. */}}
{{- define "hookline.secretFiles" -}}
{{- $root := index . 0 -}}
{{- $component := index . 1 -}}
{{- with $root.Values.smtp }}
{{- if and .existingSecret (eq $component "worker") }}
HOOKLINE_SMTP_URL_FILE: {volume: smtp, dir: /etc/hookline/smtp, secret: {{ .existingSecret | quote }}, key: {{ .secretKey | quote }}}
{{- end }}
{{- end }}
{{- with $root.Values.egressProxy }}
{{- if and .existingSecret (has $component (list "api" "worker")) }}
HOOKLINE_EGRESS_PROXY_FILE: {volume: egress-proxy, dir: /etc/hookline/egress-proxy, secret: {{ .existingSecret | quote }}, key: {{ .secretKey | quote }}}
{{- end }}
{{- end }}
{{- end }}

{{- define "hookline.temporalTlsDir" -}}/etc/hookline/temporal-tls{{- end }}
{{- define "hookline.temporalApiKeyDir" -}}/etc/hookline/temporal-api-key{{- end }}

{{/* The files of temporal.tls.existingSecret the pods use, as {CA|CERT|KEY: Secret key}:
     those whose key is not empty (none without the Secret). */}}
{{- define "hookline.temporalTlsFiles" -}}
{{- $tls := .Values.temporal.tls -}}
{{- if and $tls.enabled $tls.existingSecret -}}
{{- with $tls.caKey }}
CA: {{ . | quote }}
{{- end }}
{{- with $tls.certKey }}
CERT: {{ . | quote }}
{{- end }}
{{- with $tls.keyKey }}
KEY: {{ . | quote }}
{{- end }}
{{- end -}}
{{- end }}

{{/* The Secrets of temporal.tls and temporal.apiKey as read-only volumes, each with only
     the keys the pods use (a missing key then stops the pod with Kubernetes' own event
     rather than a path to nothing). Kubernetes' default mode (0644, owned by root) is kept:
     a stricter one would hide them from the pod's user unless podSecurityContext sets its
     fsGroup. Pass (list $ "volumes") or (list $ "mounts"). */}}
{{- define "hookline.temporalVolumes" -}}
{{- $root := index . 0 -}}
{{- $part := index . 1 -}}
{{- $tls := $root.Values.temporal.tls -}}
{{- $apiKey := $root.Values.temporal.apiKey -}}
{{- if and $tls.enabled $tls.existingSecret }}
{{- if eq $part "volumes" }}
- name: temporal-tls
  secret:
    secretName: {{ $tls.existingSecret | quote }}
    items:
      {{- range $key := include "hookline.temporalTlsFiles" $root | fromYaml | values | sortAlpha }}
      - {key: {{ $key | quote }}, path: {{ $key | quote }}}
      {{- end }}
{{- else }}
- name: temporal-tls
  mountPath: {{ include "hookline.temporalTlsDir" $root }}
  readOnly: true
{{- end }}
{{- end }}
{{- if $apiKey.existingSecret }}
{{- if eq $part "volumes" }}
- name: temporal-api-key
  secret:
    secretName: {{ $apiKey.existingSecret | quote }}
    items:
      - {key: {{ $apiKey.secretKey | quote }}, path: {{ $apiKey.secretKey | quote }}}
{{- else }}
- name: temporal-api-key
  mountPath: {{ include "hookline.temporalApiKeyDir" $root }}
  readOnly: true
{{- end }}
{{- end }}
{{- end }}

{{- define "hookline.envFrom" -}}
{{- with .Values.extraEnvFrom }}
envFrom:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end }}

{{/* What every Hookline pod shares: its account (pass "" for the namespace's default),
     security context and image pull secrets. Pass (list $ accountName). */}}
{{- define "hookline.podCommon" -}}
{{- $root := index . 0 -}}
automountServiceAccountToken: false
{{- with index . 1 }}
serviceAccountName: {{ . }}
{{- end }}
{{- with $root.Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
securityContext:
  {{- toYaml $root.Values.podSecurityContext | nindent 2 }}
{{- end }}

{{/* The scheduling knobs of one component's pods: pass its values (api or worker). */}}
{{- define "hookline.scheduling" -}}
{{- with .nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .topologySpreadConstraints }}
topologySpreadConstraints:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .priorityClassName }}
priorityClassName: {{ . }}
{{- end }}
{{- end }}

{{/* A pod's volumes and its container's mounts: a writable /tmp under a read-only root
     (uvicorn's multiprocess metrics, Python's temporary files) and, for the pods that talk
     to Temporal (pass withTemporal true), its TLS and API-key Secrets. Pass
     (list $ withTemporal). */}}
{{- define "hookline.volumes" -}}
volumes:
  - name: tmp
    emptyDir: {}
  {{- if has (index . 1) (list "api" "worker") }}
  {{- with include "hookline.temporalVolumes" (list (index . 0) "volumes") }}
  {{- . | trim | nindent 2 }}
  {{- end }}
  {{- end }}
  {{- range $setting, $file := include "hookline.secretFiles" . | fromYaml }}
  - name: {{ $file.volume }}
    secret:
      secretName: {{ $file.secret }}
      items:
        - {key: {{ $file.key | quote }}, path: {{ $file.key | quote }}}
  {{- end }}
{{- end }}
{{- define "hookline.volumeMounts" -}}
volumeMounts:
  - name: tmp
    mountPath: /tmp
  {{- if has (index . 1) (list "api" "worker") }}
  {{- with include "hookline.temporalVolumes" (list (index . 0) "mounts") }}
  {{- . | trim | nindent 2 }}
  {{- end }}
  {{- end }}
  {{- range $setting, $file := include "hookline.secretFiles" . | fromYaml }}
  - name: {{ $file.volume }}
    mountPath: {{ $file.dir }}
    readOnly: true
  {{- end }}
{{- end }}

{{/* The API's port: config.apiPort, else Hookline's own default (docs/SETTINGS.md), which
     the API then listens on without the chart rendering HOOKLINE_API_PORT. */}}
{{- define "hookline.apiPort" -}}
{{- .Values.config.apiPort | default 8000 | int }}
{{- end }}

{{/* How many pods one component runs, for NOTES: pass its values (api or worker). */}}
{{- define "hookline.replicas" -}}
{{- if .autoscaling.enabled }}
{{- printf "%v to %v" .autoscaling.minReplicas .autoscaling.maxReplicas }}
{{- else }}
{{- .replicaCount }}
{{- end }}
{{- end }}

{{/* The long-running components: the API, the worker and, when enabled, the ingest worker
     (`hookline ingest-worker`). */}}
{{- define "hookline.components" -}}
{{- $found := list "api" "worker" -}}
{{- if .Values.ingestWorker.enabled -}}
{{- $found = append $found "ingest-worker" -}}
{{- end -}}
{{- toJson $found -}}
{{- end }}

{{/* A component's values: pass (list $ component); "ingest-worker"'s are ingestWorker. */}}
{{- define "hookline.componentValues" -}}
{{- $root := index . 0 -}}
{{- toJson (index $root.Values (index . 1 | camelcase | untitle)) -}}
{{- end }}
