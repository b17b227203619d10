package process

import (
	"context"
	"errors"
	"net/http"
	"time"

	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/workflows/engine"
)

// applyWait bounds how long a call waits for the instance to apply an
// update (a service task after it may be slow); past it the call answers,
// and the change still applies.
const applyWait = 15 * time.Second

// startSettleWait bounds how long a start waits for the instance's first waits.
const startSettleWait = 5 * time.Second

// update sends an update to an instance and answers once the instance has
// applied it (the interpreter settles before it completes the update), so a
// domain action returns with its effects written, without polling. The
// interpreter's refusals come back typed and become business errors.
func (m *Module) update(ctx context.Context, inst *Instance, name string, arg any, result any) error {
	c, err := m.temporal()
	if err != nil {
		return err
	}
	var args []any
	if arg != nil {
		args = []any{arg}
	}
	cctx, cancel := context.WithTimeout(ctx, engineCallWait)
	h, err := c.UpdateWorkflow(cctx, client.UpdateWorkflowOptions{WorkflowID: inst.WorkflowID, UpdateName: name,
		Args: args, WaitForStage: client.WorkflowUpdateStageAccepted})
	cancel()
	if err != nil {
		return engineError(ctx, err)
	}
	wctx, cancel := context.WithTimeout(ctx, applyWait)
	err = h.Get(wctx, result)
	cancel()
	var slow *client.WorkflowUpdateServiceTimeoutOrCanceledError
	if (errors.As(err, &slow) || unreachable(err)) && ctx.Err() == nil {
		return nil // accepted; still applying
	}
	return engineError(ctx, err)
}

// engineCallWait bounds one call to the Temporal frontend. Unreachable, the
// SDK retries until its context ends; past this the person is told the
// service is unavailable for now, instead of a request that hangs.
const engineCallWait = 20 * time.Second

// unreachable reports an error of a frontend that did not answer.
func unreachable(err error) bool {
	var unavailable *serviceerror.Unavailable
	var deadline *serviceerror.DeadlineExceeded
	return errors.As(err, &unavailable) || errors.As(err, &deadline) || errors.Is(err, context.DeadlineExceeded)
}

// unavailable is the answer when Temporal did not confirm the call in
// time: HTTP 503 with "try again later". A frontend that was unreachable
// changed nothing; an update that reached it while no worker polled is
// applied once one does, and a retry then hears that the task was handled.
func unavailable(cause error) error {
	return &api.Error{Status: http.StatusServiceUnavailable, Code: api.CodeUnavailable, Key: "error.unavailable", Cause: cause}
}

// refusalKeys are the business errors of the interpreter's refusals.
var refusalKeys = []struct {
	err error
	key string
}{
	{engine.ErrTaskNotOpen, "process.task_not_open"},
	{engine.ErrActionNotOffered, "process.action_not_offered"},
	{engine.ErrBadReturnTarget, "process.bad_return_target"},
	{engine.ErrNotClaimable, "process.not_claimable"},
	{engine.ErrNoSuchSigner, "process.no_such_signer"},
	{engine.ErrNoWaitingEvent, "process.nothing_waits"},
	{engine.ErrCannotWithdraw, "process.cannot_withdraw"},
	{engine.ErrInstanceEnding, "process.instance_ended"},
	{engine.ErrNotYourTask, "process.not_your_task"},
	{engine.ErrBadTaskRequest, "process.bad_task_request"},
	{engine.ErrNothingFailed, "process.nothing_failed"},
}

// engineError maps what an update answered to a business error: a refusal
// by its type (engine.Refusal), an ended workflow by Temporal's NotFound.
func engineError(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	if unreachable(err) && ctx.Err() == nil {
		return unavailable(err)
	}
	var notFound *serviceerror.NotFound
	if errors.As(err, &notFound) {
		return api.Conflict("process.instance_ended", nil)
	}
	if ref := engine.Refusal(err); ref != nil {
		for _, r := range refusalKeys {
			if ref == r.err {
				return api.Conflict(r.key, nil)
			}
		}
	}
	return err
}

// Settle answers once an instance is at rest: every token waits for a
// person, a message, a timer or an administrator, with its history and task
// rows written. A domain module calls it after a start, instead of polling.
func (m *Module) Settle(ctx context.Context, instanceID uint64) error {
	inst, err := m.instance(systemCtx(ctx), instanceID)
	if err != nil {
		return err
	}
	if inst.State != engine.StateRunning && inst.State != engine.StateFailed {
		return nil
	}
	err = m.update(ctx, inst, engine.UpdateSettle, nil, nil)
	var ae *api.Error
	if errors.As(err, &ae) && ae.Key == "process.instance_ended" {
		return nil
	}
	return err
}

// settleWithin settles an instance, giving up after wait: what the caller
// reads next is as current as the instance could make it by then.
func (m *Module) settleWithin(ctx context.Context, instanceID uint64, wait time.Duration) {
	sctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	_ = m.Settle(sctx, instanceID)
}
