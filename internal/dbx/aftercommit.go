package dbx

import (
	"context"
	"sync"

	"gorm.io/gorm"
)

// commitHooks collects what runs once a transaction has committed, and the
// values that live as long as it (TxLocal).
type commitHooks struct {
	mu      sync.Mutex
	fns     []func()
	locals  map[any]any
	closers []func()
}

type commitHooksKey struct{}

// Transaction runs fn in a transaction on db, like db.Transaction, and then,
// only when it committed, the functions registered with AfterCommit inside
// it (in order). A rolled-back transaction drops them. Called on a db that is
// already a transaction, it is a nested transaction (a savepoint) whose
// hooks wait for the outer transaction's commit: they join the outer
// Transaction's list, or, when the outer one was begun otherwise, AfterCommit
// answers false inside it.
func Transaction(db *gorm.DB, fn func(tx *gorm.DB) error) error {
	if _, inTx := db.Statement.ConnPool.(gorm.TxCommitter); inTx {
		return db.Transaction(fn)
	}
	ctx := db.Statement.Context
	if ctx == nil {
		ctx = context.Background()
	}
	h := &commitHooks{}
	err := func() error {
		defer h.close() // committed, rolled back or panicking
		return db.WithContext(context.WithValue(ctx, commitHooksKey{}, h)).Transaction(fn)
	}()
	if err != nil {
		return err
	}
	h.mu.Lock()
	fns := h.fns
	h.fns = nil
	h.mu.Unlock()
	for _, f := range fns {
		f()
	}
	return nil
}

// AfterCommit registers fn to run right after tx's transaction commits,
// and answers true, when that transaction was begun by Transaction (its
// context carries the list). Otherwise it answers false and fn is not kept:
// the caller does without (e.g. it falls back to polling).
func AfterCommit(tx *gorm.DB, fn func()) bool {
	ctx := tx.Statement.Context
	if ctx == nil {
		return false
	}
	h, ok := ctx.Value(commitHooksKey{}).(*commitHooks)
	if !ok {
		return false
	}
	h.mu.Lock()
	h.fns = append(h.fns, fn)
	h.mu.Unlock()
	return true
}

// TxLocal answers the value tx's transaction keeps under key: the first call
// for a key makes it with open, and the close open answers (if any) runs once
// the transaction has ended, committed or rolled back (before the AfterCommit
// hooks). It answers false, without calling open, when the transaction was not
// begun by Transaction.
func TxLocal(tx *gorm.DB, key any, open func() (value any, close func())) (any, bool) {
	ctx := tx.Statement.Context
	if ctx == nil {
		return nil, false
	}
	h, ok := ctx.Value(commitHooksKey{}).(*commitHooks)
	if !ok {
		return nil, false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if v, ok := h.locals[key]; ok {
		return v, true
	}
	v, closeFn := open()
	if h.locals == nil {
		h.locals = map[any]any{}
	}
	h.locals[key] = v
	if closeFn != nil {
		h.closers = append(h.closers, closeFn)
	}
	return v, true
}

// close runs the TxLocal closers, once.
func (h *commitHooks) close() {
	h.mu.Lock()
	closers := h.closers
	h.closers, h.locals = nil, nil
	h.mu.Unlock()
	for _, c := range closers {
		c()
	}
}
