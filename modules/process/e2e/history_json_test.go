package e2e

import (
	"os"

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
