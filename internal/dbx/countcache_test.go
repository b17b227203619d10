package dbx

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestCountCacheFreshTotalIsNotCountedAgain(t *testing.T) {
	t.Parallel()
	c := NewCountCache(time.Hour)
	var calls atomic.Int32
	count := func(context.Context) (int64, error) { calls.Add(1); return 42, nil }
	for range 3 {
		n, err := c.Get(context.Background(), "k", count)
		if err != nil || n != 42 {
			t.Fatalf("Get = %d, %v", n, err)
		}
	}
	if calls.Load() != 1 {
		t.Fatalf("counted %d times, want 1", calls.Load())
	}
}

// waitingContext counts the requests that wait on a count: Get reads Done
// only to wait for another request's count.
type waitingContext struct {
	context.Context
	waiting *atomic.Int32
}

func (c waitingContext) Done() <-chan struct{} {
	c.waiting.Add(1)
	return c.Context.Done()
}

func TestCountCacheMissIsCountedOnceForConcurrentRequests(t *testing.T) {
	t.Parallel()
	c := NewCountCache(time.Hour)
	var calls, waiting atomic.Int32
	release := make(chan struct{})
	count := func(context.Context) (int64, error) {
		calls.Add(1)
		<-release
		return 7, nil
	}
	var wg sync.WaitGroup
	results := make([]int64, 8)
	ctx := waitingContext{Context: context.Background(), waiting: &waiting}
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], _ = c.Get(ctx, "k", count)
		}()
	}
	// One request counts; the count is held until the seven others wait on it.
	deadline := time.Now().Add(10 * time.Second)
	for waiting.Load() < int32(len(results)-1) {
		if time.Now().After(deadline) {
			t.Fatalf("%d requests wait on the count, want %d (calls %d)", waiting.Load(), len(results)-1, calls.Load())
		}
		time.Sleep(time.Millisecond)
	}
	close(release)
	wg.Wait()
	if calls.Load() != 1 {
		t.Fatalf("counted %d times, want 1", calls.Load())
	}
	for i, n := range results {
		if n != 7 {
			t.Fatalf("request %d got %d", i, n)
		}
	}
}

func TestCountCacheStaleTotalIsAnsweredWhileARecountRuns(t *testing.T) {
	t.Parallel()
	c := NewCountCache(10 * time.Millisecond)
	ctx, cancel := context.WithCancel(context.Background())
	if n, _ := c.Get(ctx, "k", func(context.Context) (int64, error) { return 1, nil }); n != 1 {
		t.Fatalf("first total %d", n)
	}
	started := make(chan struct{})
	var once sync.Once
	release := make(chan struct{})
	var bgErr atomic.Value
	recount := func(bg context.Context) (int64, error) {
		once.Do(func() { close(started) })
		<-release
		if bg.Err() != nil {
			bgErr.Store(bg.Err())
		}
		return 2, nil
	}
	// The total is fresh for its TTL (or longer when counting it took long):
	// ask until a request finds it stale and starts the recount; every answer
	// meanwhile is the old total, at once.
	deadline := time.Now().Add(10 * time.Second)
	for stale := false; !stale; {
		n, err := c.Get(ctx, "k", recount)
		if err != nil || n != 1 {
			t.Fatalf("Get = %d, %v; want the old total at once", n, err)
		}
		select {
		case <-started:
			stale = true
		default:
			if time.Now().After(deadline) {
				t.Fatal("the total never went stale")
			}
			time.Sleep(time.Millisecond)
		}
	}
	cancel() // the request ends; its background recount goes on
	close(release)
	deadline = time.Now().Add(10 * time.Second)
	for {
		n, _ := c.Get(context.Background(), "k", func(context.Context) (int64, error) { return -1, nil })
		if n == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("total after the recount = %d, want 2", n)
		}
		time.Sleep(5 * time.Millisecond)
	}
	if v := bgErr.Load(); v != nil {
		t.Fatalf("the recount's context ended with the request: %v", v)
	}
}

func TestCountCacheInvalidateDropsTotalsAndCountsStartedBefore(t *testing.T) {
	t.Parallel()
	c := NewCountCache(time.Hour)
	started := make(chan struct{})
	release := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = c.Get(context.Background(), "k", func(context.Context) (int64, error) { close(started); <-release; return 5, nil })
	}()
	<-started
	c.Invalidate() // a write lands while the count runs
	close(release)
	<-done
	n, err := c.Get(context.Background(), "k", func(context.Context) (int64, error) { return 6, nil })
	if err != nil || n != 6 {
		t.Fatalf("after Invalidate Get = %d, %v; want a fresh count of 6", n, err)
	}
}

func TestCountCacheErrorsAreNotKept(t *testing.T) {
	t.Parallel()
	c := NewCountCache(time.Hour)
	boom := errors.New("boom")
	if _, err := c.Get(context.Background(), "k", func(context.Context) (int64, error) { return 0, boom }); !errors.Is(err, boom) {
		t.Fatalf("err = %v", err)
	}
	if n, err := c.Get(context.Background(), "k", func(context.Context) (int64, error) { return 3, nil }); err != nil || n != 3 {
		t.Fatalf("after an error Get = %d, %v", n, err)
	}
}
