package e2e

import (
	"testing"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
)

func newBareWorker(b *testing.B, c client.Client) worker.Worker {
	w := worker.New(c, "bare", worker.Options{})
	w.RegisterWorkflow(bareShape)
	w.RegisterActivity(bareActivity)
	if err := w.Start(); err != nil {
		b.Fatal(err)
	}
	return w
}
