package order

import (
	"context"
	"errors"
	"sync/atomic"
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
	// A full bound lets nobody in: a third writer whose request has ended
	// gets its request's end, not a turn (decided by the bound, not by time).
	gone, cancel := context.WithCancel(ctx)
	cancel()
	if err := w.enter(gone); !errors.Is(err, context.Canceled) {
		t.Fatalf("a third writer with its request gone: %v, want its end", err)
	}
	// A third writer that waits gets in only once a turn is given back.
	var left atomic.Bool
	in := make(chan bool)
	go func() {
		if err := w.enter(ctx); err == nil {
			in <- left.Load()
		}
	}()
	left.Store(true)
	w.leave()
	select {
	case afterLeave := <-in:
		if !afterLeave {
			t.Fatal("a third writer got in while two were writing")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the waiting writer did not get the turn given back")
	}
	if n := cap(newWriters(0)); n < 4 {
		t.Fatalf("default writers %d, want at least 4", n)
	}
}
