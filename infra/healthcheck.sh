#!/bin/bash
# The container's health check: GET http://127.0.0.1:$KB_HEALTH_PORT$KB_HEALTH_PATH must answer 200. Written
# with bash's /dev/tcp so the image needs no HTTP client (the JRE image's tools may change between tags).
set -eu
port="${KB_HEALTH_PORT:-8080}"
path="${KB_HEALTH_PATH:-/health/live}"
if ! exec 3<>"/dev/tcp/127.0.0.1/$port"; then
  echo "nothing listens on port $port" >&2
  exit 1
fi
printf 'GET %s HTTP/1.0\r\nHost: localhost\r\nConnection: close\r\n\r\n' "$path" >&3
status=""
IFS= read -r -t 5 status <&3 || true
exec 3<&-
case "$status" in
  "HTTP/1."?" 200"*) exit 0 ;;
  *) echo "GET $path on port $port: ${status:-no answer}" >&2; exit 1 ;;
esac
