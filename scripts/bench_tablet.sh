#!/usr/bin/env bash
# Load benchmark of the tablets' polls: 1,000 tablets of the demo venue poll, for each
# kind in KINDS, GET /api/public/tablet/{key}/{kind}, where kind is config (issue 13) or
# playlist (issue 7), with the ETags they hold, so every answer is a 304 from memory (no
# database query per request; the Go benchmarks BenchmarkTabletConfig304 in
# modules/configure and BenchmarkPlaylist304 in modules/advert assert that). Several kinds
# are measured in alternating rounds against the same server, and the medians are printed.
#   scripts/bench_tablet.sh [bin/venue]   env: KINDS ("config playlist"), TABLETS (1000),
#                                         CONNS (64), DURATION (10s), RUNS (3)
set -euo pipefail
bin=$(realpath "${1:-bin/venue}")
KINDS=${KINDS:-config playlist} TABLETS=${TABLETS:-1000} CONNS=${CONNS:-64} DURATION=${DURATION:-10s} RUNS=${RUNS:-3}
command -v wrk >/dev/null || apt-get install -y -qq wrk
data=$(mktemp -d)
export VENUE_DATA_DIR=$data VENUE_ADMIN_PASSWORD='Admin@12345' VENUE_LOG_LEVEL=warn
"$bin" seed --demo >/dev/null
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
VENUE_HTTP_ADDR=127.0.0.1:$port "$bin" serve >"$data/serve.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 240); do curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.5; done

# Tablets, their keys and the current ETags of each kind's call, written into a wrk script a kind.
python3 - "$port" "$TABLETS" "$data" $KINDS <<'PY'
import http.client, json, sys
port, n, out, kinds = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4:]
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
for kind in kinds:
    tags = []
    for k in keys:
        r, _ = call("GET", "/api/public/tablet/%s/%s" % (k, kind))
        if r.status != 200: sys.exit("%s of a new tablet: HTTP %d" % (kind, r.status))
        tags.append(r.getheader("ETag"))
    with open("%s/%s.lua" % (out, kind), "w") as f:
        f.write("keys = {%s}\n" % ",".join('"%s"' % k for k in keys))
        f.write("tags = {%s}\n" % ",".join("'%s'" % t for t in tags))
        f.write("""
local i = 0
local other = 0
request = function()
  i = i %% #keys + 1
  return wrk.format("GET", "/api/public/tablet/" .. keys[i] .. "/%s", {["If-None-Match"] = tags[i]})
end
response = function(status, headers, body)
  if status ~= 304 then other = other + 1 end
end
done = function(summary, latency, requests)
  io.write(string.format("not-304: %%d\\n", other))
end
""" % kind)
PY
echo "kinds=$KINDS tablets=$TABLETS connections=$CONNS duration=$DURATION runs=$RUNS cores=$(nproc)"
: >"$data/results"
for i in $(seq 1 "$RUNS"); do
  order=$KINDS
  [ $((i % 2)) -eq 0 ] && order=$(printf '%s\n' $KINDS | tac | tr '\n' ' ') # none always runs first
  for kind in $order; do
    wrk -t2 -c"$CONNS" -d"$DURATION" --latency -s "$data/$kind.lua" "http://127.0.0.1:$port" | python3 -c '
import re,sys
out=sys.stdin.read()
rps=float(re.search(r"Requests/sec:\s+([\d.]+)",out).group(1))
p=re.search(r"99%\s+([\d.]+)(us|ms|s)",out); v=float(p.group(1)); v={"us":v/1000,"ms":v,"s":v*1000}[p.group(2)]
errs=re.search(r"Non-2xx or 3xx responses: (\d+)",out)
not304=re.search(r"not-304: (\d+)",out)
print(f"'"$kind"' {rps:.0f} {v:.2f} {errs.group(1) if errs else 0} {not304.group(1) if not304 else 0}")' | tee -a "$data/results" |
      awk -v run="$i" '{printf "run %s %-8s %s req/s, p99 %s ms, non-2xx/3xx %s, not 304 %s\n", run, $1, $2, $3, $4, $5}'
  done
done
python3 - "$data/results" $KINDS <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
for kind in sys.argv[2:]:
    rps = [float(r[1]) for r in rows if r[0] == kind]
    p99 = [float(r[2]) for r in rows if r[0] == kind]
    print(f"median {kind:8s} {statistics.median(rps):.0f} req/s, p99 {statistics.median(p99):.2f} ms")
PY
