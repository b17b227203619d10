package e2e

import (
	"os"
	"testing"

	historypb "go.temporal.io/api/history/v1"
	"go.temporal.io/sdk/client"
	"google.golang.org/protobuf/encoding/protojson"
)

// saveHistoryJSON writes a workflow history in the JSON form the replayer reads.
func saveHistoryJSON(path string, iter client.HistoryEventIterator) error {
	h := &historypb.History{}
	for iter.HasNext() {
		ev, err := iter.Next()
		if err != nil {
			return err
		}
		h.Events = append(h.Events, ev)
	}
	raw, err := protojson.MarshalOptions{Multiline: true, Indent: "  "}.Marshal(h)
	if err != nil {
		return err
	}
	return os.WriteFile(path, raw, 0o644)
}

// readHistory collects a workflow history from the server.
func readHistory(t *testing.T, iter client.HistoryEventIterator) *historypb.History {
	t.Helper()
	h := &historypb.History{}
	for iter.HasNext() {
		ev, err := iter.Next()
		if err != nil {
			t.Fatal(err)
		}
		h.Events = append(h.Events, ev)
	}
	return h
}
