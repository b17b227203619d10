#!/usr/bin/env bash
# Starts `venue serve` on a fresh data dir and a free port, seeds the demo
# merchant, and runs the console's browser tests (Playwright, console/playwright.config.mjs) against it.
# Arguments after the binary go to `playwright test`, e.g. scripts/e2e.sh bin/venue -g 'sys:' --workers 1
set -euo pipefail
bin=$(realpath "${1:-bin/venue}")
shift || true
root=$(cd "$(dirname "$0")/.." && pwd)
data=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
export VENUE_DATA_DIR=$data VENUE_HTTP_ADDR=127.0.0.1:$port VENUE_ADMIN_PASSWORD='Admin@12345' VENUE_LOG_LEVEL=info
"$bin" seed --demo >/dev/null
"$bin" serve >"$data/serve.log" 2>&1 &
pid=$!
cleanup() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT
for _ in $(seq 1 120); do
  curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || { cat "$data/serve.log"; exit 1; }
  sleep 0.5
done
curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null || { echo "venue serve did not become ready"; cat "$data/serve.log"; exit 1; }
cd "$root/console"
# The sign-up test reads its SMS code from the server's log (the log sender).
# On failure the server log's tail comes first and the failed tests last, so a CI log that keeps only its end
# still names what failed; the whole server log is kept beside the failed tests' traces in console/test-results.
status=0
VENUE_E2E_URL="http://127.0.0.1:$port" VENUE_E2E_BIN="$bin" VENUE_E2E_ADMIN_PASSWORD='Admin@12345' VENUE_E2E_SERVE_LOG="$data/serve.log" \
  npm run e2e -- "$@" 2>&1 | tee "$data/e2e.out" || status=$?
if [ "$status" != 0 ]; then
  mkdir -p test-results && cp "$data/serve.log" test-results/serve.log || true
  echo "--- serve log (last 40 lines; all of it in console/test-results/serve.log)"; tail -40 "$data/serve.log"
  echo "--- failed browser tests (traces and screenshots in console/test-results)"
  awk '/^failed:$/{on=1; next} on || /^(run|e2e):/' "$data/e2e.out" || true
  grep -q '^e2e:' "$data/e2e.out" || echo "e2e: the run ended before its summary (exit $status)"
  exit 1
fi
