#!/bin/sh
# Runs the service named by $SERVICE (gateway, auth, catalog, orders or reporting).
set -e
# Its NATS identity: NATS_NKEY_SEED from the environment (a Kubernetes Secret) or, in the compose
# stack, from the seed file its credentials volume holds.
if [ -z "${NATS_NKEY_SEED:-}" ] && [ -r "/run/nats/$SERVICE.nk" ]; then
  NATS_NKEY_SEED="$(cat "/run/nats/$SERVICE.nk")"
  export NATS_NKEY_SEED
fi
case "$SERVICE" in
  gateway) exec node /app/gateway/dist/main.js ;;
  auth|catalog|orders|reporting) exec node "/app/services/$SERVICE/dist/main.js" ;;
  *) echo "SERVICE must be gateway, auth, catalog, orders or reporting (got '$SERVICE')" >&2; exit 1 ;;
esac
