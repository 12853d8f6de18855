#!/usr/bin/env bash
# Builds the stand-in images the compose test runs instead of public images it cannot pull here;
# each is skipped when it exists already.
set -euo pipefail
cd "$(dirname "$0")"
./build-base.sh localhost/lr-standin-node:20
for name in postgres nats mailpit caddy; do
  image="localhost/lr-standin-$name:latest"
  podman image exists "$image" || podman build -q -t "$image" -f "$name.Containerfile" . >/dev/null
done
