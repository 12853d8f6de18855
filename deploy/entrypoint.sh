#!/bin/sh
# Runs the service named by $SERVICE (gateway, auth, catalog, orders or reporting).
set -e
case "$SERVICE" in
  gateway) exec node /app/gateway/dist/main.js ;;
  auth|catalog|orders|reporting) exec node "/app/services/$SERVICE/dist/main.js" ;;
  *) echo "SERVICE must be gateway, auth, catalog, orders or reporting (got '$SERVICE')" >&2; exit 1 ;;
esac
