#!/usr/bin/env bash
# Starts `venue serve` on a fresh data dir and a free port, seeds the demo
# merchant, and runs the console's browser tests against it.
set -euo pipefail
bin=$(realpath "${1:-bin/venue}")
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
# still names what failed.
status=0
VENUE_E2E_URL="http://127.0.0.1:$port" VENUE_E2E_BIN="$bin" VENUE_E2E_ADMIN_PASSWORD='Admin@12345' VENUE_E2E_SERVE_LOG="$data/serve.log" \
  npm run e2e 2>&1 | tee "$data/e2e.out" || status=$?
if [ "$status" != 0 ]; then
  echo "--- serve log (last 40 lines)"; tail -40 "$data/serve.log"
  echo "--- failed browser tests"; awk '/^  ✗/{on=1} /^  ✓/ || /^e2e:/{on=0} on' "$data/e2e.out" || true
  grep '^e2e:' "$data/e2e.out" || true
  exit 1
fi
