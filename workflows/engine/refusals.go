package engine

import (
	"errors"
	"fmt"

	"go.temporal.io/sdk/temporal"
)

// Refusals of the update validators and handlers. They reach the API as
// Temporal application errors whose type names the refusal; Refusal turns
// them back into these values, so callers match with errors.Is, never by text.
var (
	ErrTaskNotOpen      = errors.New("the task is no longer open")
	ErrActionNotOffered = errors.New("the task does not offer this action")
	ErrBadReturnTarget  = errors.New("the task cannot return to that node")
	ErrNotClaimable     = errors.New("the task is already assigned")
	ErrNoSuchSigner     = errors.New("no open signer task for that user")
	ErrNoWaitingEvent   = errors.New("nothing in the instance waits for this message")
	ErrCannotWithdraw   = errors.New("only the starter can withdraw, and only before anyone acted")
	ErrInstanceEnding   = errors.New("the instance is ending")
	ErrNotYourTask      = errors.New("the actor does not hold this task")
	ErrBadTaskRequest   = errors.New("the request does not fit the action")
	ErrNothingFailed    = errors.New("no node of the instance waits for a retry")
)

// refusalTypes name each refusal on the wire (the application error type).
var refusalTypes = []struct {
	err error
	typ string
}{
	{ErrTaskNotOpen, "TaskNotOpen"}, {ErrActionNotOffered, "ActionNotOffered"}, {ErrBadReturnTarget, "BadReturnTarget"},
	{ErrNotClaimable, "NotClaimable"}, {ErrNoSuchSigner, "NoSuchSigner"}, {ErrNoWaitingEvent, "NoWaitingEvent"},
	{ErrCannotWithdraw, "CannotWithdraw"}, {ErrInstanceEnding, "InstanceEnding"}, {ErrNotYourTask, "NotYourTask"},
	{ErrBadTaskRequest, "BadTaskRequest"}, {ErrNothingFailed, "NothingFailed"},
}

// refuse wraps a refusal as an application error of its type; the message
// keeps the details.
func refuse(err error) error {
	for _, r := range refusalTypes {
		if errors.Is(err, r.err) {
			return temporal.NewNonRetryableApplicationError(err.Error(), r.typ, nil)
		}
	}
	return err
}

// badRequest is a refusal of a malformed task update.
func badRequest(msg string) error { return fmt.Errorf("%w: %s", ErrBadTaskRequest, msg) }

// Refusal answers the engine refusal behind an error an update returned
// (one of the Err* values), or nil when the error is something else.
func Refusal(err error) error {
	var ae *temporal.ApplicationError
	if !errors.As(err, &ae) {
		return nil
	}
	for _, r := range refusalTypes {
		if ae.Type() == r.typ {
			return r.err
		}
	}
	return nil
}
