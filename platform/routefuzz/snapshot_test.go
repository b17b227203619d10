package routefuzz_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/venueplatform/venue/platform/platformtest"
)

// snapshotter reads, in one query, each table's row count and its largest
// id, updated_at and deleted_at: enough to see a row inserted, deleted,
// updated (by GORM, which stamps updated_at) or soft-deleted.
type snapshotter struct {
	t     *testing.T
	env   *platformtest.Env
	query string
}

type tableState struct {
	rows              int64
	maxID, upd, delAt string
}

func newSnapshotter(t *testing.T, env *platformtest.Env) *snapshotter {
	db := env.P.DB
	tables, err := db.Migrator().GetTables()
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(tables)
	var parts []string
	for _, tb := range tables {
		if audit[tb] || strings.HasPrefix(tb, "sqlite_") {
			continue
		}
		cols, err := db.Migrator().ColumnTypes(tb)
		if err != nil {
			t.Fatalf("columns of %s: %v", tb, err)
		}
		has := map[string]bool{}
		for _, c := range cols {
			has[strings.ToLower(c.Name())] = true
		}
		max := func(col string) string {
			if !has[col] {
				return "''"
			}
			return "COALESCE(CAST(MAX(`" + col + "`) AS CHAR), '')"
		}
		// Table names come from the database's own catalogue, quoted.
		parts = append(parts, fmt.Sprintf("SELECT '%s' AS t, COUNT(*) AS n, %s AS i, %s AS u, %s AS d FROM `%s`",
			tb, max("id"), max("updated_at"), max("deleted_at"), tb))
	}
	if len(parts) < 10 {
		t.Fatalf("only %d tables", len(parts))
	}
	return &snapshotter{t: t, env: env, query: strings.Join(parts, " UNION ALL ")}
}

func (s *snapshotter) take() map[string]tableState {
	rows, err := s.env.P.DB.Raw(s.query).Rows()
	if err != nil {
		s.t.Fatalf("snapshot: %v", err)
	}
	defer rows.Close()
	out := map[string]tableState{}
	for rows.Next() {
		var name string
		var st tableState
		if err := rows.Scan(&name, &st.rows, &st.maxID, &st.upd, &st.delAt); err != nil {
			s.t.Fatalf("snapshot: %v", err)
		}
		out[name] = st
	}
	if err := rows.Err(); err != nil {
		s.t.Fatalf("snapshot: %v", err)
	}
	return out
}

func snapshotDiff(before, after map[string]tableState) string {
	var diffs []string
	for name, a := range after {
		b := before[name]
		if a != b {
			diffs = append(diffs, fmt.Sprintf("%s %+v → %+v", name, b, a))
		}
	}
	sort.Strings(diffs)
	return strings.Join(diffs, "; ")
}
