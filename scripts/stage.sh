#!/usr/bin/env bash
# Runs one stage of `make test`, printing its name, its wall time and its result,
# and records them for the closing table (`scripts/stage.sh --summary`).
#
#   scripts/stage.sh "Go on SQLite" make test-go
#
# A failed stage does not stop the stages after it (one CI run reports every
# failure); the summary exits non-zero when any stage failed.
set -uo pipefail
log=${STAGE_LOG:-${TMPDIR:-/tmp}/venue-stages.$PPID}
if [ "${1:-}" = "--reset" ]; then : > "$log"; exit 0; fi
if [ "${1:-}" = "--summary" ]; then
  echo
  echo "== stages"
  failed=0
  while IFS=$'\t' read -r name secs rc; do
    status=ok; [ "$rc" != 0 ] && { status="FAILED (exit $rc)"; failed=1; }
    printf '   %-22s %4d:%02d  %s\n' "$name" $((secs / 60)) $((secs % 60)) "$status"
  done < "$log"
  total=$(awk -F'\t' '{s+=$2} END {print s+0}' "$log")
  printf '   %-22s %4d:%02d\n' "total" $((total / 60)) $((total % 60))
  rm -f "$log"
  exit $failed
fi
name=$1; shift
echo
echo "== stage: $name ($(date -u +%H:%M:%S))"
start=$(date +%s)
"$@"
rc=$?
secs=$(( $(date +%s) - start ))
printf '%s\t%s\t%s\n' "$name" "$secs" "$rc" >> "$log"
status=ok; [ "$rc" != 0 ] && status="FAILED (exit $rc)"
printf '== stage: %s: %d:%02d, %s\n' "$name" $((secs / 60)) $((secs % 60)) "$status"
exit 0
