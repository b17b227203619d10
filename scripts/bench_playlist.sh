#!/usr/bin/env bash
# Load benchmark of the tablets' playlist: 1,000 tablets of the demo venue
# poll GET /api/public/tablet/{key}/playlist with the ETag they hold, so every
# answer is a 304 from memory (no database query per request; the Go
# benchmark BenchmarkPlaylist304 in modules/advert asserts that).
#   scripts/bench_playlist.sh [bin/venue]   env: TABLETS (1000), CONNS (64), DURATION (10s), RUNS (3)
set -euo pipefail
bin=$(realpath "${1:-bin/venue}")
TABLETS=${TABLETS:-1000} CONNS=${CONNS:-64} DURATION=${DURATION:-10s} RUNS=${RUNS:-3}
command -v wrk >/dev/null || apt-get install -y -qq wrk
data=$(mktemp -d)
export VENUE_DATA_DIR=$data VENUE_ADMIN_PASSWORD='Admin@12345' VENUE_LOG_LEVEL=warn
"$bin" seed --demo >/dev/null
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
VENUE_HTTP_ADDR=127.0.0.1:$port "$bin" serve >"$data/serve.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 240); do curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.5; done

# Tablets, their keys and their current ETags, written into the wrk script.
python3 - "$port" "$TABLETS" "$data/playlist.lua" <<'PY'
import http.client, json, sys
port, n, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
c = http.client.HTTPConnection("127.0.0.1", port)
def call(method, path, token=None, body=None):
    h = {"Content-Type": "application/json"}
    if token: h["Authorization"] = token
    c.request(method, path, body=json.dumps(body) if body is not None else None, headers=h)
    r = c.getresponse(); raw = r.read()
    return r, (json.loads(raw) if raw and r.getheader("Content-Type", "").startswith("application/json") else None)
_, env = call("POST", "/api/sys/loginjwt", body={"username": "demo_admin", "password": "Demo@12345"})
tok = env["result"]["token"]
_, env = call("GET", "/api/merchant/tablet?pageSize=1", tok)
venue = env["result"]["records"][0]["venueId"]
keys = []
for i in range(n):
    _, env = call("POST", "/api/merchant/tablet", tok, {"venueId": venue, "number": "B%04d" % i, "name": "Bench %d" % i})
    if env["code"] != 10000: sys.exit("create tablet: %s" % env)
    keys.append(env["result"]["key"])
tags = []
for k in keys:
    r, _ = call("GET", "/api/public/tablet/%s/playlist" % k)
    tags.append(r.getheader("ETag"))
with open(out, "w") as f:
    f.write("keys = {%s}\n" % ",".join('"%s"' % k for k in keys))
    f.write("tags = {%s}\n" % ",".join("'%s'" % t for t in tags))
    f.write("""
local i = 0
local other = 0
request = function()
  i = i % #keys + 1
  return wrk.format("GET", "/api/public/tablet/" .. keys[i] .. "/playlist", {["If-None-Match"] = tags[i]})
end
response = function(status, headers, body)
  if status ~= 304 then other = other + 1 end
end
done = function(summary, latency, requests)
  io.write(string.format("not-304: %d\\n", other))
end
""")
PY
echo "tablets=$TABLETS connections=$CONNS duration=$DURATION cores=$(nproc)"
for i in $(seq 1 "$RUNS"); do
  wrk -t2 -c"$CONNS" -d"$DURATION" --latency -s "$data/playlist.lua" "http://127.0.0.1:$port" | python3 -c '
import re,sys
out=sys.stdin.read()
rps=float(re.search(r"Requests/sec:\s+([\d.]+)",out).group(1))
p=re.search(r"99%\s+([\d.]+)(us|ms|s)",out); v=float(p.group(1)); v={"us":v/1000,"ms":v,"s":v*1000}[p.group(2)]
errs=re.search(r"Non-2xx or 3xx responses: (\d+)",out)
not304=re.search(r"not-304: (\d+)",out)
print(f"run '"$i"': {rps:.0f} req/s, p99 {v:.2f} ms, non-2xx/3xx {errs.group(1) if errs else 0}, not 304 {not304.group(1) if not304 else 0}")'
done
