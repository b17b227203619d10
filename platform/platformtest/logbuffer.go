package platformtest

import (
	"bytes"
	"regexp"
	"sync"
	"testing"
)

// LogBuffer receives the server's JSON log (Options.LogTo) for tests that
// read what the server only logs, such as the SMS codes of the log sender.
type LogBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *LogBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// String is everything logged so far.
func (b *LogBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// SMSCode is the last verification code the log sender wrote for mobile.
func (b *LogBuffer) SMSCode(t testing.TB, mobile string) string {
	t.Helper()
	m := regexp.MustCompile(`"mobile":"`+regexp.QuoteMeta(mobile)+`","code":"(\d{6})"`).FindAllStringSubmatch(b.String(), -1)
	if len(m) == 0 {
		t.Fatalf("no SMS code for %s in the log", mobile)
	}
	return m[len(m)-1][1]
}
