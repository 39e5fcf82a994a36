#!/usr/bin/env bash
# Copies what the built API, worker and operator tools need at run time out of a built checkout whose
# node_modules were pruned to production (`npm prune --omit=dev`) into a new folder. The Dockerfile's
# runtime stage is exactly that folder, and the same list can be checked without Docker by running the
# API from it.
#
#   tools/scripts/stage-runtime.sh <built checkout> <new folder>
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 <built checkout> <new folder>" >&2
  exit 2
fi
src=$(cd "$1" && pwd)
dest=$2
if [ -e "$dest" ] && [ -n "$(ls -A "$dest")" ]; then
  echo "$dest is not empty" >&2
  exit 1
fi
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
cd "$src"

for entry in apps/api/dist/main.js apps/api/dist/extract-text.worker.js apps/worker/dist/main.js tools/dist/cli.js apps/family-shell/dist/index.html apps/admin-shell/dist/index.html; do
  [ -f "$entry" ] || { echo "$src/$entry is missing: run npm run build first" >&2; exit 1; }
done

paths=(
  # "type": "module" for the bundles; nx.json marks the product's root, which the tools look for.
  package.json
  nx.json
  # The Node processes: one bundle each (workspace code bundled from source, npm packages external).
  apps/api/package.json apps/api/dist apps/api/node-flags.json
  apps/worker/package.json apps/worker/dist
  tools/package.json tools/dist
)
# Every web app's build (the two shells and their remotes), served by the API from apps/<name>/dist.
for app in apps/*/; do
  app=${app%/}
  case "$app" in apps/api | apps/worker) continue ;; esac
  if [ -d "$app/dist" ]; then paths+=("$app/dist"); fi
done
# npm packages the bundles import, including the copies npm nested under one app because of a
# version conflict (better-auth): Node resolves those from the bundle's own folder first.
paths+=(node_modules)
for app in apps/api apps/worker tools; do
  if [ -d "$app/node_modules" ]; then paths+=("$app/node_modules"); fi
done

cp -a --parents "${paths[@]}" "$dest"
# The workspace links point at library sources, which are bundled and not copied.
rm -rf "$dest/node_modules/@afterwards" "$dest/node_modules/.cache"
