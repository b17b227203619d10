package devserver

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync/atomic"

	"go.temporal.io/server/common/log"
	"go.temporal.io/server/common/log/tag"
)

// serverLogger adapts the server's tag-based log.Logger to slog, dropping records
// below level before any tag is encoded (the server logs a lot at info).
type serverLogger struct {
	l     *slog.Logger
	level slog.Leveler
	with  []tag.Tag // from With, encoded only when a record is written
	// stopping is set when Stop begins.
	stopping *atomic.Bool
}

var (
	_ log.Logger     = serverLogger{}
	_ log.WithLogger = serverLogger{}
)

// fatalError is what the server's Fatal calls panic with. zap would os.Exit the
// whole venue process; a panic instead lets Start turn a fatal during start-up
// (e.g. a port taken between picking it and binding it) into an error.
type fatalError struct{ msg string }

func (e fatalError) Error() string { return "temporal server: " + e.msg }

// noise are warnings the server always logs in this embedding; they say nothing
// about its health.
var noise = []string{
	"HTTP API port has not been set", // the frontend HTTP API (Nexus) is not used
}

func (s serverLogger) log(level slog.Level, msg string, tags []tag.Tag) {
	ctx := context.Background()
	switch {
	case level == slog.LevelWarn && isNoise(msg):
		level = slog.LevelDebug
	case level >= slog.LevelWarn && s.stopping.Load() && !strings.HasPrefix(msg, "Failed to stop"):
		// Services stopping one after the other see each other's connections
		// and contexts closed; only a failed stop matters then.
		level = slog.LevelInfo
	}
	if level < s.level.Level() || !s.l.Enabled(ctx, level) {
		return
	}
	attrs := make([]slog.Attr, 0, len(s.with)+len(tags))
	for _, t := range s.with {
		attrs = append(attrs, slog.Any(t.Key(), tagValue(t)))
	}
	for _, t := range tags {
		attrs = append(attrs, slog.Any(t.Key(), tagValue(t)))
	}
	s.l.LogAttrs(ctx, level, msg, attrs...)
}

func isNoise(msg string) bool {
	for _, n := range noise {
		if strings.HasPrefix(msg, n) {
			return true
		}
	}
	return false
}

func tagValue(t tag.Tag) any {
	v := t.Value()
	if err, ok := v.(error); ok {
		return err.Error()
	}
	return v
}

func (s serverLogger) Debug(msg string, tags ...tag.Tag) { s.log(slog.LevelDebug, msg, tags) }
func (s serverLogger) Info(msg string, tags ...tag.Tag)  { s.log(slog.LevelInfo, msg, tags) }
func (s serverLogger) Warn(msg string, tags ...tag.Tag)  { s.log(slog.LevelWarn, msg, tags) }
func (s serverLogger) Error(msg string, tags ...tag.Tag) { s.log(slog.LevelError, msg, tags) }

// DPanic panics only in zap's development mode; the server runs in production mode.
func (s serverLogger) DPanic(msg string, tags ...tag.Tag) { s.log(slog.LevelError, msg, tags) }

func (s serverLogger) Panic(msg string, tags ...tag.Tag) {
	s.log(slog.LevelError, msg, tags)
	panic(msg)
}

func (s serverLogger) Fatal(msg string, tags ...tag.Tag) {
	s.log(slog.LevelError, msg, tags)
	panic(fatalError{msg: fmt.Sprint(msg, tagsString(tags))})
}

func (s serverLogger) With(tags ...tag.Tag) log.Logger {
	return serverLogger{l: s.l, level: s.level, with: append(s.with[:len(s.with):len(s.with)], tags...), stopping: s.stopping}
}

func tagsString(tags []tag.Tag) string {
	s := ""
	for _, t := range tags {
		s += fmt.Sprintf(" %s=%v", t.Key(), tagValue(t))
	}
	return s
}
