# Sourced by bench/run and bench/soak: install_peers installs nginx (with the echo module the
# origin needs), HAProxy, wrk, h2load and openssl (the edge suite's certificate) when one is
# missing (Debian/Ubuntu).

ECHO_MODULE=/usr/lib/nginx/modules/ngx_http_echo_module.so

install_peers() {
  local missing=()
  for tool in nginx haproxy wrk h2load openssl; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
  done
  [ -f "$ECHO_MODULE" ] || missing+=("$ECHO_MODULE")
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "${0##*/}: missing ${missing[*]}; installing nginx haproxy wrk nghttp2-client libnginx-mod-http-echo openssl" >&2
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y nginx haproxy wrk nghttp2-client libnginx-mod-http-echo \
    openssl
  # Debian starts both packages' services on install (nginx on port 80): the suite runs its own
  # instances on free ports, so the services are stopped and must not hold a core meanwhile.
  for service in nginx haproxy; do
    if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet "$service" 2>/dev/null; then
      $sudo systemctl stop "$service" || true
    elif command -v service >/dev/null 2>&1; then
      $sudo service "$service" stop >/dev/null 2>&1 || true
    fi
  done
}
