package storage

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Local keeps files in a directory and serves them itself.
type Local struct {
	dir string
}

// NewLocal stores files under dir.
func NewLocal(dir string) (*Local, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, err
	}
	return &Local{dir: dir}, nil
}

// Put writes the file atomically (temp file, then rename).
func (l *Local) Put(_ context.Context, key string, r io.Reader, _ int64, _ string) (string, error) {
	if strings.Contains(key, "..") || path.IsAbs(key) {
		return "", fmt.Errorf("storage: bad key %q", key)
	}
	dst := filepath.Join(l.dir, filepath.FromSlash(key))
	if err := os.MkdirAll(filepath.Dir(dst), 0o750); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), ".upload-*")
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(tmp, r); err != nil {
		_ = tmp.Close()
		_ = os.Remove(tmp.Name()) // best effort: the copy's error is what Put reports
		return "", err
	}
	if err := tmp.Close(); err != nil {
		_ = os.Remove(tmp.Name())
		return "", err
	}
	if err := os.Rename(tmp.Name(), dst); err != nil {
		_ = os.Remove(tmp.Name())
		return "", err
	}
	return "/uploads/" + key, nil
}

// Handler serves /uploads/<key> with the content type of the stored
// extension (which the upload check derived from the content) and no
// directory listings.
func (l *Local) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rel := strings.TrimPrefix(path.Clean("/"+strings.TrimPrefix(r.URL.Path, "/uploads")), "/")
		if rel == "" || strings.HasPrefix(path.Base(rel), ".") {
			http.NotFound(w, r)
			return
		}
		// The path comes from the request: opened inside the directory, never outside it (no "..", no symlink out).
		f, err := os.OpenInRoot(l.dir, filepath.FromSlash(rel))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer func() { _ = f.Close() }() // read-only: ServeContent reports a failed read
		st, err := f.Stat()
		if err != nil || st.IsDir() {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", ContentType(strings.TrimPrefix(path.Ext(rel), ".")))
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		http.ServeContent(w, r, "", st.ModTime(), f)
	})
}
