// Package storage keeps uploaded files on local disk (the default, served
// under /uploads/) or in Aliyun OSS. Stored names are always generated.
package storage

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"net/http"
	"path"
	"time"
)

// Storage stores a file under a generated key and answers its public URL.
type Storage interface {
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) (url string, err error)
	// Handler serves stored files under /uploads/ (nil when another host serves them).
	Handler() http.Handler
}

// NewKey generates a stored name: <yyyy>/<mm>/<32 random hex>.<ext>.
func NewKey(ext string) string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	now := time.Now().UTC()
	return path.Join(now.Format("2006"), now.Format("01"), hex.EncodeToString(b[:])+"."+ext)
}
