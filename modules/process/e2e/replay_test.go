package e2e

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"go.temporal.io/sdk/client"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/platform/platformtest"
	"github.com/venueplatform/venue/platform/platformtest/temporalkit"
	"github.com/venueplatform/venue/workflows/engine"
)

// historiesDir is where the engine's replay test (workflows/engine) keeps
// the histories these scenarios record.
var historiesDir = filepath.Join("..", "..", "..", "workflows", "engine", "testdata", "histories")

// TestRecordHistories runs the scenarios whose histories the engine's replay
// test keeps; it writes them only with RECORD_HISTORIES=1.
func TestRecordHistories(t *testing.T) {
	t.Parallel()
	if os.Getenv("RECORD_HISTORIES") == "" {
		t.Skip("set RECORD_HISTORIES=1 to record new histories")
	}
	env := platformtest.New(t, platformtest.Options{Demo: true})
	c := temporalkit.Start(t, env)
	var mod *process.Module
	for _, m := range env.P.Modules {
		if pm, ok := m.(*process.Module); ok {
			mod = pm
		}
	}
	admin := &api.Principal{UserID: 1, UserName: "admin", Admin: true, OrgID: 1}
	ctx := api.WithPrincipal(context.Background(), admin)
	if _, err := mod.SaveForm(ctx, admin, process.FormInput{Key: "expense_form", Name: "Expense", Schema: []byte(expenseForm)}); err != nil {
		t.Fatal(err)
	}
	for name, xml := range map[string]string{"two-tasks": twoTasks, "expense": model("Finance approval")} {
		saved, err := mod.SaveModel(ctx, admin, 0, process.ModelInput{Name: name, Key: name, BpmnXML: xml})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := mod.Deploy(ctx, admin, saved.ID); err != nil {
			t.Fatal(err)
		}
	}
	record := func(name string, id uint64) {
		wid := engine.InstanceWorkflowID(id)
		if err := c.GetWorkflow(ctx, wid, "").Get(ctx, nil); err != nil {
			t.Fatal(err)
		}
		iter := c.GetWorkflowHistory(ctx, wid, "", false, 0)
		writeHistory(t, filepath.Join(historiesDir, name+".json"), iter)
	}
	st, err := mod.Start(ctx, admin, process.StartInput{DefinitionKey: "two-tasks"})
	if err != nil {
		t.Fatal(err)
	}
	for _, node := range []string{"first", "second"} {
		id, err := waitTask(ctx, mod, st.InstanceID, node)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := mod.Act(ctx, admin, id, engine.ActionComplete, process.ActInput{}, true); err != nil {
			t.Fatal(err)
		}
	}
	record("two-tasks", st.InstanceID)

	who := func(name string) (*api.Principal, context.Context) {
		p, err := env.P.Sys.People.Lookup(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		pr := &api.Principal{UserID: p.ID, UserName: p.Username, OrgID: p.OrgID, MerchantID: p.MerchantID, VenueID: p.VenueID}
		return pr, api.WithPrincipal(context.Background(), pr)
	}
	waiter, wctx := who("demo_waiter")
	boss, bctx := who("demo_admin")
	manager, mctx := who("demo_manager")
	st, err = mod.Start(wctx, waiter, process.StartInput{DefinitionKey: "expense", Variables: map[string]any{"amount": 5000, "reason": "oven"}})
	if err != nil {
		t.Fatal(err)
	}
	id, err := waitTask(bctx, mod, st.InstanceID, "manager")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{engine.ActionClaim, engine.ActionComment, engine.ActionApprove} {
		if _, err := mod.Act(bctx, boss, id, a, process.ActInput{Comment: "recorded"}, false); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
	}
	id, err = waitTask(mctx, mod, st.InstanceID, "finance")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mod.Act(mctx, manager, id, engine.ActionTransfer, process.ActInput{UserIDs: []uint64{boss.UserID}}, false); err != nil {
		t.Fatal(err)
	}
	if _, err := mod.Act(bctx, boss, id, engine.ActionReject, process.ActInput{Comment: "no budget"}, false); err != nil {
		t.Fatal(err)
	}
	record("expense-rejected", st.InstanceID)
}

func writeHistory(t *testing.T, path string, iter client.HistoryEventIterator) {
	t.Helper()
	if err := saveHistoryJSON(path, iter); err != nil {
		t.Fatal(err)
	}
}
