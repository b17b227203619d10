package sys

import (
	"sort"

	"github.com/venueplatform/venue/internal/dbx"
)

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func isDuplicate(err error) bool { return dbx.IsDuplicate(err) }
