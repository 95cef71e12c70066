#!/usr/bin/env bash
# Rebuilds the browser client from its sources and fails if the build shipped in the Python
# package (src/delve/web/static/app/) differs from it. Also type-checks and unit-tests the client.
# `make test` runs it; without Node it fails under CI (CI=true) and is skipped with a note otherwise.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v npm >/dev/null; then
    if [ -n "${CI:-}" ]; then echo "client: npm is missing (apt-get install -y nodejs npm)"; exit 1; fi
    echo "client: npm is missing; the shipped build in src/delve/web/static/app is not checked"; exit 0
fi
npm ci --no-audit --no-fund --loglevel=error
npm run --silent check
npm run --silent test
npm run --silent build >/dev/null
changed="$(git status --porcelain --untracked-files=all -- ../src/delve/web/static/app)"
if [ -n "$changed" ]; then
    echo "client: the shipped build differs from a fresh build of client/ (run: cd client && npm run build, then commit):"
    echo "$changed"
    exit 1
fi
echo "client: the shipped build matches the sources"
