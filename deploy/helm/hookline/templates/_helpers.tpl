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

{{/* A Secret reference the chart cannot run without: both names, or a clear error. */}}
{{- define "hookline.secretRef" -}}
{{- $ref := index . 0 -}}
{{- $what := index . 1 -}}
valueFrom:
  secretKeyRef:
    name: {{ required (printf "%s.existingSecret is required: the name of a Secret you created that holds %s" (index . 2) $what) $ref.existingSecret | quote }}
    key: {{ required (printf "%s.secretKey is required: the key of %s in %s" (index . 2) $what $ref.existingSecret) $ref.secretKey | quote }}
{{- end }}

{{/* Every container's environment: the connections from Secrets, every HOOKLINE_* setting
     of `config` (retrySchedule -> HOOKLINE_RETRY_SCHEDULE), then extraEnv. */}}
{{- define "hookline.env" -}}
{{- include "hookline.validate" . }}
- name: HOOKLINE_DATABASE_URL
  {{- include "hookline.secretRef" (list .Values.database "the database's URL (postgresql+psycopg://...)" "database") | nindent 2 }}
- name: HOOKLINE_TEMPORAL_ADDRESS
{{- if .Values.temporal.existingSecret }}
  {{- include "hookline.secretRef" (list .Values.temporal "the Temporal frontend's address" "temporal") | nindent 2 }}
{{- else }}
  value: {{ required "temporal.address is required (host:port of the Temporal frontend), or temporal.existingSecret naming a Secret that holds it" .Values.temporal.address | quote }}
{{- end }}
{{- range $key, $value := .Values.config }}
{{- if not (and (eq $key "smtpUrl") $.Values.smtp.existingSecret) }}
- name: {{ printf "HOOKLINE_%s" (snakecase $key | upper) }}
  value: {{ (kindIs "float64" $value | ternary (int64 $value) $value) | toString | quote }}
{{- end }}
{{- end }}
{{- if .Values.smtp.existingSecret }}
- name: HOOKLINE_SMTP_URL
  {{- include "hookline.secretRef" (list .Values.smtp "the SMTP URL" "smtp") | nindent 2 }}
{{- end }}
{{- with .Values.extraEnv }}
{{ toYaml . }}
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

{{/* A writable /tmp under a read-only root: uvicorn's multiprocess metrics, Python's
     temporary files. */}}
{{- define "hookline.tmpVolume" -}}
volumes:
  - name: tmp
    emptyDir: {}
{{- end }}
{{- define "hookline.tmpMount" -}}
volumeMounts:
  - name: tmp
    mountPath: /tmp
{{- end }}

{{/* What values.schema.json cannot say; every container's environment includes it. */}}
{{- define "hookline.validate" -}}
{{- $memory := .Values.config.transformMaxMemory | trim | upper }}
{{- $number := regexFind "^[0-9.]+" $memory | float64 }}
{{- $unit := regexFind "[KMG]?B$" $memory | default "B" }}
{{- $bytes := mulf $number (get (dict "B" 1 "KB" 1024 "MB" 1048576 "GB" 1073741824) $unit) }}
{{- if lt $bytes 8388608.0 }}
{{- fail (printf "config.transformMaxMemory must be at least 8MB (V8 needs that much to start), not %q" .Values.config.transformMaxMemory) }}
{{- end }}
{{- range $component := list "api" "worker" }}
{{- $scaling := (index $.Values $component).autoscaling }}
{{- if and $scaling.enabled (gt ($scaling.minReplicas | int) ($scaling.maxReplicas | int)) }}
{{- fail (printf "%s.autoscaling.minReplicas (%v) is above maxReplicas (%v)" $component $scaling.minReplicas $scaling.maxReplicas) }}
{{- end }}
{{- end }}
{{- end }}
