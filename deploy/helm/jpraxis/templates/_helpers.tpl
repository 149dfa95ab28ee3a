{{/* Names and labels, as `helm create` lays them out. */}}
{{- define "jpraxis.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "jpraxis.fullname" -}}
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

{{- define "jpraxis.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "jpraxis.selectorLabels" -}}
app.kubernetes.io/name: {{ include "jpraxis.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "jpraxis.labels" -}}
helm.sh/chart: {{ include "jpraxis.chart" . }}
{{ include "jpraxis.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/component: {{ .Values.mode }}
{{- end }}

{{- define "jpraxis.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "jpraxis.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{- define "jpraxis.overlaysConfigMap" -}}
{{- default (printf "%s-overlays" (include "jpraxis.fullname" .)) .Values.overlays.existingConfigMap }}
{{- end }}

{{- define "jpraxis.hasOverlays" -}}
{{- if or .Values.overlays.existingConfigMap .Values.overlays.files }}true{{ end }}
{{- end }}

{{/*
The config file as the gateway reads it: the user's config with the keys the chart owns set.
serve: admin (loopback admin, public metrics listener) and shutdown_timeout_secs.
extproc: server's three addresses.
*/}}
{{- define "jpraxis.configFile" -}}
{{- if eq .Values.mode "extproc" }}
{{- $cfg := deepCopy .Values.extproc.config }}
{{- $server := deepCopy (default dict $cfg.server) }}
{{- range $key := list "grpc_address" "health_address" "metrics_address" }}
{{- if hasKey $server $key }}{{ fail (printf "extproc.config.server.%s is set by the chart from extproc ports; leave it out" $key) }}{{ end }}
{{- end }}
{{- $_ := set $server "grpc_address" (printf "0.0.0.0:%d" (int .Values.extproc.grpcPort)) }}
{{- $_ := set $server "health_address" (printf "0.0.0.0:%d" (int .Values.extproc.healthPort)) }}
{{- $_ := set $server "metrics_address" (printf "0.0.0.0:%d" (int .Values.extproc.metricsPort)) }}
{{- $_ := set $cfg "server" $server }}
{{- toYaml $cfg }}
{{- else if eq .Values.mode "serve" }}
{{- $cfg := deepCopy .Values.config }}
{{- if hasKey $cfg "admin" }}{{ fail "config.admin is set by the chart (adminPort, metricsPort); leave it out" }}{{ end }}
{{- if hasKey $cfg "shutdown_timeout_secs" }}{{ fail "config.shutdown_timeout_secs is set by the chart from shutdownTimeoutSecs; leave it out" }}{{ end }}
{{- $_ := set $cfg "admin" (dict "address" (printf "127.0.0.1:%d" (int .Values.adminPort)) "metrics_address" (printf "0.0.0.0:%d" (int .Values.metricsPort))) }}
{{- $_ := set $cfg "shutdown_timeout_secs" (int .Values.shutdownTimeoutSecs) }}
{{- toYaml $cfg }}
{{- else }}
{{- fail (printf "mode must be serve or extproc, not %q" .Values.mode) }}
{{- end }}
{{- end }}

{{- define "jpraxis.metricsPort" -}}
{{- if eq .Values.mode "extproc" }}{{ .Values.extproc.metricsPort }}{{ else }}{{ .Values.metricsPort }}{{ end }}
{{- end }}

{{/*
A probe's action. serve: GET /ready (readiness, startup) or /healthy (liveness) on the metrics
listener. extproc: the gRPC health service on the health port, for the named check.
*/}}
{{- define "jpraxis.probeAction" -}}
{{- if eq .root.Values.mode "extproc" -}}
grpc:
  port: {{ .root.Values.extproc.healthPort }}
  service: {{ .check }}
{{- else -}}
httpGet:
  path: {{ ternary "/healthy" "/ready" (eq .check "liveness") }}
  port: metrics
{{- end }}
{{- end }}
