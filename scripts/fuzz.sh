#!/usr/bin/env bash
# Runs every Go fuzz target in the repository for FUZZ_TIME each (make test-fuzz).
#
# A target fails the run when it finds something: the fuzzer then writes the failing input under
# <package>/testdata/fuzz/<target>/. Go 1.26's fuzz coordinator can also fail a target that found nothing, with a
# bare "context deadline exceeded" when -fuzztime ends while a worker is mid-call (go.dev/issue/75804, fixed in
# Go 1.27). Such a failure writes no input; it is run again, and only a second failure without an input, or any
# failure with one, fails the run.
set -uo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
FUZZ_TIME=${FUZZ_TIME:-10s}

inputs() { find "$1/testdata/fuzz/$2" -type f 2>/dev/null | sort; }

for file in $(grep -rl --include='*_test.go' --exclude-dir=node_modules --exclude-dir=.git '^func Fuzz' .); do
  dir=$(dirname "$file")
  for fn in $(grep -o '^func Fuzz[A-Za-z0-9_]*' "$file" | cut -d' ' -f2); do
    for try in 1 2; do
      again=""; [ "$try" -eq 2 ] && again=", again"
      echo "== $fn ($dir, $FUZZ_TIME$again)"
      before=$(inputs "$dir" "$fn")
      log=$(mktemp)
      "$GO" test -run '^$' -fuzz "^$fn\$" -fuzztime "$FUZZ_TIME" "$dir" 2>&1 | tee "$log"
      rc=${PIPESTATUS[0]}
      after=$(inputs "$dir" "$fn")
      if [ "$rc" -eq 0 ]; then rm -f "$log"; break; fi
      if [ "$before" != "$after" ] || ! grep -q 'context deadline exceeded' "$log" || [ "$try" -eq 2 ]; then
        echo "fuzz: $fn failed; a failing input, if one was found, is under $dir/testdata/fuzz/$fn/"
        rm -f "$log"
        exit 1
      fi
      echo "fuzz: $fn ended with the fuzz coordinator's deadline race and no failing input; running it again"
      rm -f "$log"
    done
  done
done
