package process_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	sdklog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/worker"
	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	. "github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
	"github.com/venueplatform/venue/workflows/bpmn/bpmntest"
	"github.com/venueplatform/venue/workflows/engine"
)

// doc and seq write BPMN documents (shared with the engine's tests).
var doc, seq = bpmntest.Doc, bpmntest.Seq

// harness runs one instance in the SDK's test environment (time skipping)
// with the module's real activities over a test database.
type harness struct {
	t     *testing.T
	app   *platformtest.Env
	mod   *Module
	env   *testsuite.TestWorkflowEnvironment
	inst  *Instance
	input engine.Input
	users map[string]*api.Principal
	at    time.Duration
	steps []string
}

func newHarness(t *testing.T, xml string, vars map[string]any) *harness {
	t.Helper()
	return newHarnessWith(t, xml, vars, nil)
}

// newHarnessWith lets a test offer service activities before the worker registers.
func newHarnessWith(t *testing.T, xml string, vars map[string]any, offer func(func(string, any))) *harness {
	t.Helper()
	app := platformtest.New(t, platformtest.Options{Demo: true})
	var mod *Module
	for _, m := range app.P.Modules {
		if pm, ok := m.(*Module); ok {
			mod = pm
		}
	}
	require.NotNil(t, mod)
	h := &harness{t: t, app: app, mod: mod, users: map[string]*api.Principal{}}
	for _, name := range []string{"admin", "demo_admin", "demo_manager", "demo_waiter", "demo_reviewer"} {
		h.users[name] = h.principal(name)
	}
	ctx := h.ctx("admin")
	saved, err := mod.SaveModel(ctx, h.users["admin"], 0, ModelInput{Name: "Test", Key: modelKey(t), BpmnXML: xml})
	require.NoError(t, err)
	require.Empty(t, saved.Issues, "model issues")
	dep, err := mod.Deploy(ctx, h.users["admin"], saved.ID)
	require.NoError(t, err)
	var def Definition
	require.NoError(t, app.P.DB.WithContext(ctx).Take(&def, dep.DefinitionID).Error)
	starter := h.users["demo_waiter"]
	actor := mod.Actor(ctx, starter)
	require.NoError(t, app.P.DB.WithContext(h.ctx("demo_waiter")).Transaction(func(tx *gorm.DB) error {
		h.inst, h.input, err = mod.NewInstance(tx, actor, starter, &def, "order-42", "", vars)
		return err
	}))
	suite := &testsuite.WorkflowTestSuite{}
	suite.SetLogger(sdklog.NewStructuredLogger(slog.New(slog.NewTextHandler(io.Discard, nil))))
	h.env = suite.NewTestWorkflowEnvironment()
	// The 1 s default reads a starved CPU (tests side by side on two cores) as a deadlock.
	h.env.SetWorkerOptions(worker.Options{DeadlockDetectionTimeout: time.Minute})
	if offer != nil {
		offer(mod.OfferService)
	}
	mod.Register(h.env)
	return h
}

// modelKey is a model key made of the test's name (subtests have a "/").
func modelKey(t *testing.T) string {
	key := []byte("test_" + t.Name()[:min(len(t.Name()), 40)])
	for i, c := range key {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			key[i] = '_'
		}
	}
	return string(key)
}

func (h *harness) principal(username string) *api.Principal {
	p, err := h.app.P.Sys.People.Lookup(context.Background(), username)
	require.NoError(h.t, err)
	pr := &api.Principal{UserID: p.ID, UserName: p.Username, OrgID: p.OrgID, MerchantID: p.MerchantID, VenueID: p.VenueID, Admin: username == "admin"}
	return pr
}

// roles are a user's role codes, as the API sends them with an action.
func (h *harness) roles(user string) []string {
	p, err := h.app.P.Sys.People.Person(context.Background(), h.users[user].UserID)
	require.NoError(h.t, err)
	return p.Roles
}

func (h *harness) ctx(user string) context.Context {
	p := h.users[user]
	if p == nil {
		p = h.principal(user)
	}
	return api.WithPrincipal(context.Background(), p)
}

// openTasks reads the open task rows of the instance.
func (h *harness) openTasks() []Task {
	var ts []Task
	require.NoError(h.t, h.app.P.DB.WithContext(platformtest.SystemCtx(h.t)).Where("instance_id = ? AND status = ?", h.inst.ID, TaskOpen).Order("id").Find(&ts).Error)
	return ts
}

// task finds the open task of a node (and, for multi-instance, of an assignee).
func (h *harness) task(node string, assignee ...string) Task {
	for _, t := range h.openTasks() {
		if t.NodeID == node && (len(assignee) == 0 || t.AssigneeID == h.users[assignee[0]].UserID) {
			return t
		}
	}
	h.t.Fatalf("no open task on %s (open: %+v)", node, h.openTasks())
	return Task{}
}

// after schedules fn a minute after the previous step, in workflow time.
func (h *harness) after(d time.Duration, fn func()) {
	h.at += d
	h.env.RegisterDelayedCallback(fn, h.at)
}

// act sends a task update as a user, a minute after the previous step, and
// fails the test if the interpreter refuses it (unless wantErr).
func (h *harness) act(user, node, action string, u engine.TaskUpdate, wantErr ...bool) {
	step := len(h.steps)
	h.steps = append(h.steps, action)
	h.after(time.Minute, func() {
		t := h.task(node)
		if action == engine.ActionApprove || action == engine.ActionReject {
			for _, ot := range h.openTasks() {
				if ot.NodeID == node && ot.AssigneeID == h.users[user].UserID {
					t = ot
				}
			}
		}
		u.TaskID, u.Action = t.ID, action
		u.Actor = engine.Actor{UserID: h.users[user].UserID, Name: user}
		u.ActorRoles, u.Admin = h.roles(user), user == "admin"
		cb := &callback{t: h.t, what: fmt.Sprintf("%s %s on %s", user, action, node)}
		if len(wantErr) > 0 && wantErr[0] {
			cb.wantReject = errAnyRefusal
		}
		h.env.UpdateWorkflow(engine.UpdateTask, fmt.Sprintf("u%d-%d-%s", step, t.ID, action), cb, u)
	})
}

func (h *harness) run() engine.Result {
	h.env.ExecuteWorkflow(engine.WorkflowName, h.input)
	require.True(h.t, h.env.IsWorkflowCompleted())
	var res engine.Result
	if err := h.env.GetWorkflowError(); err != nil {
		h.t.Fatalf("workflow error: %v", err)
	}
	require.NoError(h.t, h.env.GetWorkflowResult(&res))
	return res
}

func (h *harness) detail() *InstanceView {
	v, err := h.mod.Detail(h.ctx("admin"), h.inst.ID)
	require.NoError(h.t, err)
	return v
}

var _ = sys.DemoPassword

func sysCtx() context.Context { return platformtest.SystemCtx(nil) }

// deploy saves and deploys another model (a call activity's target).
func (h *harness) deploy(key, xml string) {
	h.t.Helper()
	ctx := h.ctx("admin")
	saved, err := h.mod.SaveModel(ctx, h.users["admin"], 0, ModelInput{Name: key, Key: key, BpmnXML: xml})
	require.NoError(h.t, err)
	require.Empty(h.t, saved.Issues)
	_, err = h.mod.Deploy(ctx, h.users["admin"], saved.ID)
	require.NoError(h.t, err)
}
