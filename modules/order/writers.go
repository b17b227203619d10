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
// average. Measured at 16 connections on MariaDB sharing 2 cores with the
// API (modules/order/README.md): the same throughput, a p99 some 25 % lower
// with 4 writers than with none. Waiting here, in order, is fairer and no
// slower: the database finishes what it has sooner.
//
// The size is VENUE_ORDER_WRITERS, by default twice the cores the process
// may use and at least 4 (a database on its own larger machine may want
// more: each writer waits on round trips most of the time).
type writers chan struct{}

func newWriters(n int) writers {
	if n <= 0 {
		n = max(4, 2*runtime.GOMAXPROCS(0))
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
