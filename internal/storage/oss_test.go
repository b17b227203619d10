package storage

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// The OSS store speaks the OSS PUT Object protocol: the object lands under
// the prefix with its checked content type and nosniff, signed with the
// configured key, and the answer is its public URL. The other end here is
// a minimal OSS endpoint that records what it receives.
func TestOSSPutsTheObjectWithItsTypeAndAnswersItsURL(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	got := map[string]string{}
	var body []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		got["method"], got["path"] = r.Method, r.URL.Path
		got["type"], got["nosniff"], got["auth"] = r.Header.Get("Content-Type"), r.Header.Get("X-Content-Type-Options"), r.Header.Get("Authorization")
		body, _ = io.ReadAll(r.Body)
		w.Header().Set("ETag", `"0123"`)
		w.WriteHeader(http.StatusOK)
	}))
	defer srv.Close()
	s, err := NewOSS(OSSOptions{Endpoint: srv.URL, Bucket: "menus", AccessKeyID: "AKID", AccessKeySecret: "secret",
		PublicURL: "https://cdn.example.com/", Prefix: "venue/"})
	if err != nil {
		t.Fatal(err)
	}
	url, err := s.Put(context.Background(), "2026/11/abc.png", bytes.NewReader([]byte("PNGDATA")), 7, "image/png")
	if err != nil {
		t.Fatal(err)
	}
	if url != "https://cdn.example.com/venue/2026/11/abc.png" {
		t.Fatalf("url %q", url)
	}
	mu.Lock()
	defer mu.Unlock()
	if got["method"] != http.MethodPut || !strings.HasSuffix(got["path"], "/venue/2026/11/abc.png") || got["type"] != "image/png" ||
		got["nosniff"] != "nosniff" || !strings.HasPrefix(got["auth"], "OSS AKID:") || string(body) != "PNGDATA" {
		t.Fatalf("request %v body %q", got, body)
	}
	if s.Handler() != nil {
		t.Fatal("OSS serves its own files")
	}
}
