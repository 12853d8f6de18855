#!/usr/bin/env bash
# Stand-in for node:20-bookworm-slim on a machine that reaches no container registry: a minimal
# Debian bookworm (debootstrap minbase) plus this machine's Node 20 and npm, with the same `node`
# user (uid 1000) as the official image. Skipped when the image already exists.
# This machine's CA bundle goes into the stand-in (never into the product's Dockerfile): builds on
# top of it reach the npm registry through whatever TLS-inspecting proxy this machine trusts.
set -euo pipefail
IMAGE="${1:-localhost/lr-standin-node:20}"
if podman image exists "$IMAGE"; then exit 0; fi
node_major="$(node -p 'process.versions.node.split(".")[0]')"
[ "$node_major" = 20 ] || { echo "this machine's node is $node_major, the stand-in needs 20" >&2; exit 1; }
root="$(mktemp -d /var/tmp/lr-standin-rootfs.XXXXXX)"
trap 'rm -rf "$root"' EXIT
debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >/dev/null
node_bin="$(readlink -f "$(command -v node)")"
npm_dir="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"
install -m 755 "$node_bin" "$root/usr/local/bin/node"
mkdir -p "$root/usr/local/lib/node_modules"
cp -a "$npm_dir" "$root/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
chroot "$root" sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node'
mkdir -p "$root/etc/ssl/certs"
cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/usr/share/doc "$root"/usr/share/man
tar -C "$root" -c . | podman import --quiet \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' - "$IMAGE" >/dev/null
echo "built $IMAGE"
