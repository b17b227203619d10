package order

import (
	"context"
	"errors"
	"testing"
	"time"
)

// Writers let n submissions in at once; the next waits for a turn, and one
// whose request ends while it waits gives up without a turn.
func TestWritersBoundAndGiveUp(t *testing.T) {
	t.Parallel()
	w := newWriters(2)
	ctx := context.Background()
	for range 2 {
		if err := w.enter(ctx); err != nil {
			t.Fatal(err)
		}
	}
	gone, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	if err := w.enter(gone); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a third writer with its request gone: %v, want the deadline", err)
	}
	in := make(chan struct{})
	go func() {
		if err := w.enter(ctx); err == nil {
			close(in)
		}
	}()
	select {
	case <-in:
		t.Fatal("a third writer got in while two were writing")
	case <-time.After(20 * time.Millisecond):
	}
	w.leave()
	select {
	case <-in:
	case <-time.After(5 * time.Second):
		t.Fatal("the waiting writer did not get the turn given back")
	}
	if n := cap(newWriters(0)); n < 4 {
		t.Fatalf("default writers %d, want at least 4", n)
	}
}
