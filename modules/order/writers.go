package order

import (
	"context"
	"runtime"
)

// writers lets a bounded number of submissions write to the database at
// once on this node; the others wait their turn in arrival order (a Go
// channel's waiting senders are served first in, first out).
//
// Why: every submission is about fifteen round trips in one transaction.
// With every phone of a busy service let through at once, the database
// runs as many transactions as there are phones, all of them competing for
// the same cores (and on one machine with the API, for the API's too): each
// one's statements wait behind the others' in the scheduler, and which one
// waits longest is luck, so the slowest submissions take several times the
// average. Waiting here, in order, is fairer and no slower: the database
// finishes what it has sooner. Measured at 16 connections on MariaDB
// sharing 2 cores with the API (3 runs each, medians; modules/order/README.md):
// p99 59 ms at 638 submissions a second with no bound, 42 ms at 600 with 4
// writers, 40 ms at 642 with 5, 46 ms at 589 with 6, 48 ms at 640 with 8.
//
// The size is VENUE_ORDER_WRITERS, by default the rule of thumb for a
// database's busy connections, twice the cores plus one (the cores the
// process may use; at least 4). A database on its own larger machine may
// want more: each writer waits on round trips most of the time.
type writers chan struct{}

func newWriters(n int) writers {
	if n <= 0 {
		n = max(4, 2*runtime.GOMAXPROCS(0)+1)
	}
	return make(writers, n)
}

// enter waits for a turn; it fails only when ctx ends first (the guest gave
// up): then nothing was written. leave ends the turn.
func (w writers) enter(ctx context.Context) error {
	select {
	case w <- struct{}{}:
		return nil
	default:
	}
	select {
	case w <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (w writers) leave() { <-w }
