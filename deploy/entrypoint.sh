#!/bin/sh
# Runs the process named by $SERVICE (gateway, auth, catalog, orders or reporting), or the command
# given (the one-shot jobs: nats-credentials, backup, restore).
set -e
# Its NATS identity: NATS_NKEY_SEED from the environment (a Kubernetes Secret) or, in the compose
# stack, from the seed file its credentials volume holds.
if [ -z "${NATS_NKEY_SEED:-}" ] && [ -n "${SERVICE:-}" ] && [ -r "/run/nats/$SERVICE.nk" ]; then
  NATS_NKEY_SEED="$(cat "/run/nats/$SERVICE.nk")"
  export NATS_NKEY_SEED
fi
# The operator tools (backup, restore) act as the admin identity.
if [ -z "${NATS_NKEY_SEED_ADMIN:-}" ] && [ -r /run/nats/admin.nk ]; then
  NATS_NKEY_SEED_ADMIN="$(cat /run/nats/admin.nk)"
  export NATS_NKEY_SEED_ADMIN
fi
# DOMAIN (the https profile: Caddy in front) decides the public address, secure cookies and the one
# proxy hop the gateway trusts, unless each is set on its own.
if [ -z "${PUBLIC_URL:-}" ]; then
  if [ -n "${DOMAIN:-}" ]; then PUBLIC_URL="https://$DOMAIN"; else PUBLIC_URL="http://localhost:3000"; fi
fi
case "$PUBLIC_URL" in https://*) secure=true ;; *) secure=false ;; esac
[ -n "${COOKIE_SECURE:-}" ] || COOKIE_SECURE="$secure"
if [ -z "${TRUST_PROXY:-}" ]; then
  if [ -n "${DOMAIN:-}" ]; then TRUST_PROXY=1; else TRUST_PROXY=false; fi
fi
export PUBLIC_URL COOKIE_SECURE TRUST_PROXY

if [ "$#" -gt 0 ]; then exec "$@"; fi
case "${SERVICE:-}" in
  gateway) exec node /app/gateway/dist/main.js ;;
  auth|catalog|orders|reporting) exec node "/app/services/$SERVICE/dist/main.js" ;;
  *) echo "SERVICE must be gateway, auth, catalog, orders or reporting (got '${SERVICE:-}')" >&2; exit 1 ;;
esac
