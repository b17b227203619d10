#!/usr/bin/env bash
# Load benchmark of the platform core on MySQL/MariaDB, beside a bare Gin +
# database/sql handler running the same list query on the same machine.
#   scripts/bench.sh [bin/venue]     env: USERS (default 1000), DURATION (10s), CONNS (16), RUNS (3)
set -euo pipefail
bin=$(realpath "${1:-bin/venue}")
root=$(cd "$(dirname "$0")/.." && pwd)
USERS=${USERS:-1000} DURATION=${DURATION:-10s} CONNS=${CONNS:-16} RUNS=${RUNS:-3}
MYSQL=${BENCH_MYSQL:-root@tcp(127.0.0.1:3306)/}
db=venue_bench
command -v wrk >/dev/null || apt-get install -y -qq wrk
mysql -h 127.0.0.1 -u root -e "DROP DATABASE IF EXISTS $db; CREATE DATABASE $db CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"
data=$(mktemp -d)
export VENUE_DATA_DIR=$data VENUE_DB_DSN="${MYSQL}${db}" VENUE_ADMIN_PASSWORD='Admin@12345' VENUE_LOG_LEVEL=warn
"$bin" seed --demo >/dev/null
# Extra users, written straight into the table (the same bcrypt hash for all).
mysql -h 127.0.0.1 -u root "$db" <<SQL
SET @hash = (SELECT password_hash FROM sys_users WHERE username = 'demo_waiter');
INSERT INTO sys_users (username, real_name, password_hash, admin_flag, status, org_id, merchant_id, venue_id, must_change_password, created_at, updated_at)
SELECT CONCAT('bench_', seq), CONCAT('Bench user ', seq), @hash, '0', 1, 1, 0, 0, 0, NOW(), NOW()
FROM (SELECT a.N + b.N * 10 + c.N * 100 + d.N * 1000 + e.N * 10000 + 1 AS seq
      FROM (SELECT 0 N UNION SELECT 1 UNION SELECT 2 UNION SELECT 3 UNION SELECT 4 UNION SELECT 5 UNION SELECT 6 UNION SELECT 7 UNION SELECT 8 UNION SELECT 9) a,
           (SELECT 0 N UNION SELECT 1 UNION SELECT 2 UNION SELECT 3 UNION SELECT 4 UNION SELECT 5 UNION SELECT 6 UNION SELECT 7 UNION SELECT 8 UNION SELECT 9) b,
           (SELECT 0 N UNION SELECT 1 UNION SELECT 2 UNION SELECT 3 UNION SELECT 4 UNION SELECT 5 UNION SELECT 6 UNION SELECT 7 UNION SELECT 8 UNION SELECT 9) c,
           (SELECT 0 N UNION SELECT 1 UNION SELECT 2 UNION SELECT 3 UNION SELECT 4 UNION SELECT 5 UNION SELECT 6 UNION SELECT 7 UNION SELECT 8 UNION SELECT 9) d,
           (SELECT 0 N UNION SELECT 1 UNION SELECT 2 UNION SELECT 3 UNION SELECT 4 UNION SELECT 5 UNION SELECT 6 UNION SELECT 7 UNION SELECT 8 UNION SELECT 9) e) s
WHERE seq <= $USERS;
SQL
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
vport=$(port); bport=$(port)
VENUE_HTTP_ADDR=127.0.0.1:$vport "$bin" serve >"$data/serve.log" 2>&1 &
vpid=$!
(cd "$root" && go build -o "$data/bare" ./bench/bare)
BARE_DSN="${MYSQL}${db}?parseTime=true" BARE_ADDR=127.0.0.1:$bport "$data/bare" >"$data/bare.log" 2>&1 &
bpid=$!
trap 'kill $vpid $bpid 2>/dev/null; wait $vpid $bpid 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 120); do curl -fsS "http://127.0.0.1:$vport/readyz" >/dev/null 2>&1 && curl -fsS "http://127.0.0.1:$bport/list" >/dev/null 2>&1 && break; sleep 0.5; done
token=$(curl -fsS -H 'Content-Type: application/json' -d '{"username":"admin","password":"Admin@12345"}' "http://127.0.0.1:$vport/api/sys/loginjwt" | python3 -c 'import json,sys; print(json.load(sys.stdin)["result"]["token"])')
cat >"$data/login.lua" <<'LUA'
wrk.method = "POST"
wrk.body = '{"username":"demo_waiter","password":"Demo@12345"}'
wrk.headers["Content-Type"] = "application/json"
LUA
cat >"$data/post.lua" <<'LUA'
wrk.method = "POST"
LUA
run() { # name, then wrk arguments
  local name=$1; shift
  for i in $(seq 1 "$RUNS"); do
    wrk -t2 -c"$CONNS" -d"$DURATION" --latency "$@" | python3 -c '
import re,sys
out=sys.stdin.read()
rps=float(re.search(r"Requests/sec:\s+([\d.]+)",out).group(1))
p=re.search(r"99%\s+([\d.]+)(us|ms|s)",out); v=float(p.group(1)); v={"us":v/1000,"ms":v,"s":v*1000}[p.group(2)]
non2xx=re.search(r"Non-2xx or 3xx responses: (\d+)",out)
print(f"'"$name"' {rps:.0f} {v:.2f} {non2xx.group(1) if non2xx else 0}")'
  done
}
{
  run login -s "$data/login.lua" "http://127.0.0.1:$vport/api/sys/loginjwt"
  run token_user -s "$data/post.lua" -H "Authorization: $token" "http://127.0.0.1:$vport/api/sys/token/user"
  run user_list -H "Authorization: $token" "http://127.0.0.1:$vport/api/sys/user?pageNo=1&pageSize=20"
  run bare_list "http://127.0.0.1:$bport/list"
} | tee "$data/results.txt" | sed 's/^/  run: /'
python3 - "$data/results.txt" "$USERS" "$CONNS" <<'PY'
import sys, statistics, collections
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    name, rps, p99, bad = line.split()
    rows[name].append((float(rps), float(p99), int(bad)))
print(f"\nMedians over {len(next(iter(rows.values())))} runs, {sys.argv[3]} connections, {sys.argv[2]} extra users (MySQL):")
print(f"{'route':<12} {'req/s':>9} {'p99 ms':>8} {'non-2xx':>8}")
med = {}
for name, rs in rows.items():
    med[name] = statistics.median(r[0] for r in rs)
    print(f"{name:<12} {med[name]:>9.0f} {statistics.median(r[1] for r in rs):>8.2f} {sum(r[2] for r in rs):>8}")
if "user_list" in med and "bare_list" in med:
    print(f"\nuser_list / bare_list = {med['user_list'] / med['bare_list']:.2f}x")
PY
