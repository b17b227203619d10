package process_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/platform/platformtest"
)

// BenchmarkTodoMillionTasks measures the to-do query of a merchant
// administrator with 1,000,000 task rows on MySQL (VENUE_TEST_DB=mysql):
// their own few open tasks and their role's claimable ones among a million
// closed and foreign rows.
func BenchmarkTodoMillionTasks(b *testing.B) {
	if !platformtest.UseMySQL() {
		b.Skip("needs VENUE_TEST_DB=mysql")
	}
	rows := 1_000_000
	if v := os.Getenv("BENCH_TASK_ROWS"); v != "" {
		fmt.Sscan(v, &rows)
	}
	env := platformtest.New(b, platformtest.Options{Demo: true})
	ctx := platformtest.SystemCtx(b)
	db := env.P.DB.WithContext(ctx)
	p, err := env.P.Sys.People.Lookup(context.Background(), "demo_admin")
	if err != nil {
		b.Fatal(err)
	}
	// A sequence table of 1,000 rows, crossed with itself, fills the tasks in one statement.
	stmts := []string{
		"CREATE TABLE bench_seq (n INT PRIMARY KEY)",
		"INSERT INTO bench_seq (n) WITH RECURSIVE s(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM s WHERE n < 999) SELECT n FROM s",
		fmt.Sprintf(`INSERT INTO process_tasks (merchant_id, instance_id, node_id, activation, idx, node_name, definition_key, process_name, title,
			initiator_id, initiator_name, assignee_id, owner_id, status, outcome, form_key, field_perms, actions, closed_by, created_at)
			SELECT %d + (a.n %% 50), a.n * 1000 + b.n, 'approve', 1, 0, 'Approve', 'expense', 'Expense', CONCAT('Expense ', a.n, '-', b.n),
			7, 'Jo', IF((a.n * 1000 + b.n) %% 97 = 0, 0, 1000 + b.n), 0,
			IF((a.n * 1000 + b.n) %% 10 = 0, 'open', 'closed'), '', '', '{}', '', 0, NOW()
			FROM bench_seq a, bench_seq b WHERE a.n * 1000 + b.n < %d`, p.MerchantID, rows),
		// Candidate rows exist only while a task is open, as the activities keep them.
		`INSERT INTO process_task_candidates (task_id, kind, ref, merchant_id) SELECT id, 'r', 'merchant_admin', merchant_id FROM process_tasks WHERE assignee_id = 0 AND status = 'open'`,
		fmt.Sprintf(`UPDATE process_tasks SET assignee_id = %d WHERE id %% 50000 = 1`, p.ID),
		"ANALYZE TABLE process_tasks, process_task_candidates",
	}
	start := time.Now()
	for _, s := range stmts {
		if err := db.Exec(s).Error; err != nil {
			b.Fatalf("%s: %v", s[:min(60, len(s))], err)
		}
	}
	b.Logf("%d task rows in %s", rows, time.Since(start).Round(time.Second))
	var mod *process.Module
	for _, m := range env.P.Modules {
		if pm, ok := m.(*process.Module); ok {
			mod = pm
		}
	}
	pr := &api.Principal{UserID: p.ID, UserName: p.Username, MerchantID: p.MerchantID, OrgID: p.OrgID}
	actx := api.WithPrincipal(context.Background(), pr)
	page, err := mod.Todo(actx, pr, process.TaskQuery{PageQuery: api.PageQuery{PageNo: 1, PageSize: 20}})
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("to-do total %d, first page %d", page.Total, len(page.Records))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := mod.Todo(actx, pr, process.TaskQuery{PageQuery: api.PageQuery{PageNo: 1, PageSize: 20}}); err != nil {
			b.Fatal(err)
		}
	}
}
