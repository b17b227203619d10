// Package webui serves the console: the build copied into dist/ at `make
// build` and embedded in the binary, or a directory named by
// VENUE_CONSOLE_DIR. Paths that are not files answer index.html, so the
// console's history routing works on reload.
package webui

import (
	"embed"
	"io/fs"
	"net/http"
	"os"
	"path"
	"strings"
)

//go:embed all:dist
var embedded embed.FS

const notBuilt = `<!doctype html><html><head><meta charset="utf-8"><title>Venue Platform</title></head>
<body style="font-family:sans-serif;max-width:40em;margin:4em auto">
<h1>Venue Platform</h1><p>The console was not built into this binary. Run <code>make build</code>
(or <code>make run</code>) to build it, or set <code>VENUE_CONSOLE_DIR</code> to a built console directory.
The API is available under <code>/api</code>.</p></body></html>`

// Handler serves the console from dir, or from the embedded build when dir is "".
func Handler(dir string) http.Handler {
	var files fs.FS
	if dir != "" {
		files = os.DirFS(dir)
	} else {
		sub, _ := fs.Sub(embedded, "dist")
		files = sub
	}
	readIndex := func() []byte {
		index, err := fs.ReadFile(files, "index.html")
		if err != nil {
			return []byte(notBuilt)
		}
		return index
	}
	index := readIndex()
	fileServer := http.FileServer(http.FS(files))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if p != "" && p != "index.html" {
			if st, err := fs.Stat(files, p); err == nil && !st.IsDir() {
				if isHashed(p) {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				} else {
					w.Header().Set("Cache-Control", "no-cache")
				}
				w.Header().Set("X-Content-Type-Options", "nosniff")
				fileServer.ServeHTTP(w, r)
				return
			}
			if path.Ext(p) != "" && !strings.HasSuffix(p, ".html") {
				http.NotFound(w, r) // a missing asset is a 404, not the app
				return
			}
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("X-Frame-Options", "DENY")
		page := index
		if dir != "" { // a directory being rebuilt during development: read it afresh
			page = readIndex()
		}
		_, _ = w.Write(page) // a failed write is a browser that went away: nothing left to answer
	})
}

// isHashed recognises umi's content-hashed build files (name.0123abcd.js).
func isHashed(p string) bool {
	base := path.Base(p)
	parts := strings.Split(base, ".")
	if len(parts) < 3 {
		return false
	}
	h := parts[len(parts)-2]
	if len(h) < 8 {
		return false
	}
	for _, c := range h {
		if !strings.ContainsRune("0123456789abcdef", c) {
			return false
		}
	}
	return true
}
