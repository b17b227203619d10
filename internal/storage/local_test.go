package storage

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// /uploads/<key> serves what Put stored and nothing outside the directory,
// whether the path climbs out or a symlink inside points out.
func TestLocalHandlerServesOnlyInsideItsDirectory(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	dir := filepath.Join(base, "uploads")
	l, err := NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	url, err := l.Put(context.Background(), "img/a.png", strings.NewReader("inside"), 6, "image/png")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(base, "secret.png"), []byte("outside"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(base, "secret.png"), filepath.Join(dir, "img", "link.png")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(base, filepath.Join(dir, "up")); err != nil {
		t.Fatal(err)
	}
	h := l.Handler()
	get := func(path string) (int, string) {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.URL.Path = path
		h.ServeHTTP(rec, req)
		return rec.Code, rec.Body.String()
	}
	if code, body := get(url); code != http.StatusOK || body != "inside" {
		t.Fatalf("GET %s = %d %q, want 200 inside", url, code, body)
	}
	for _, path := range []string{"/uploads/../secret.png", "/uploads/img/../../secret.png", "/uploads/img/link.png", "/uploads/up/secret.png", "/uploads/img"} {
		if code, body := get(path); code != http.StatusNotFound {
			t.Errorf("GET %s = %d %q, want 404", path, code, body)
		}
	}
}
