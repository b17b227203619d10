package dbx

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// The SQL log renders a statement only when it logs it: a failed one (not
// "record not found"), a slow one, or every one in Info mode.
func TestSQLLogRendersOnlyWhatItLogs(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	l := gormLogger(slog.New(slog.NewTextHandler(&buf, nil)))
	ctx := context.Background()
	rendered := 0
	fc := func() (string, int64) { rendered++; return "SELECT 42", 1 }

	l.Trace(ctx, time.Now(), fc, nil)
	l.Trace(ctx, time.Now(), fc, gorm.ErrRecordNotFound)
	if rendered != 0 || buf.Len() != 0 {
		t.Fatalf("a fast statement: rendered %d times, logged %q", rendered, buf.String())
	}
	l.Trace(ctx, time.Now(), fc, errors.New("boom"))
	if rendered != 1 || !strings.Contains(buf.String(), "SELECT 42") || !strings.Contains(buf.String(), "boom") {
		t.Fatalf("a failed statement: rendered %d times, logged %q", rendered, buf.String())
	}
	buf.Reset()
	l.Trace(ctx, time.Now().Add(-2*slowSQL), fc, nil)
	if rendered != 2 || !strings.Contains(buf.String(), "SELECT 42") {
		t.Fatalf("a slow statement: rendered %d times, logged %q", rendered, buf.String())
	}
	buf.Reset()
	l.LogMode(logger.Info).Trace(ctx, time.Now(), fc, nil)
	if rendered != 3 || !strings.Contains(buf.String(), "SELECT 42") {
		t.Fatalf("Info mode: rendered %d times, logged %q", rendered, buf.String())
	}
	buf.Reset()
	l.LogMode(logger.Silent).Trace(ctx, time.Now(), fc, errors.New("boom"))
	if rendered != 3 || buf.Len() != 0 {
		t.Fatalf("Silent mode: rendered %d times, logged %q", rendered, buf.String())
	}
}
