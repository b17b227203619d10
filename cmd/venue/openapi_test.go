package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// snapshot is the committed document the console's API types are generated
// from (npm run gen:api); it must be what `venue openapi` prints today.
const snapshot = "../../console/src/services/openapi.json"

// A Go request or response type changed without regenerating the console's
// types fails here: run `make api-types`.
func TestOpenAPISnapshotIsCurrent(t *testing.T) {
	t.Setenv("VENUE_LOG_LEVEL", "error")
	cmd := openAPICmd()
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetArgs(nil)
	if err := cmd.ExecuteContext(t.Context()); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(snapshot)
	if err != nil {
		t.Fatal(err)
	}
	if got := out.Bytes(); !bytes.Equal(got, want) {
		t.Fatalf("%s is stale (first difference at line %d): run `make api-types` and commit the result",
			snapshot, firstDiffLine(got, want))
	}
}

func firstDiffLine(a, b []byte) int {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range la {
		if i >= len(lb) || la[i] != lb[i] {
			return i + 1
		}
	}
	return len(la) + 1
}
