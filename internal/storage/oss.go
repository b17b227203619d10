package storage

import (
	"context"
	"io"
	"net/http"
	"strings"

	"github.com/aliyun/aliyun-oss-go-sdk/oss"
)

// OSS stores files in an Aliyun OSS bucket; a CDN or the bucket domain serves them.
type OSS struct {
	bucket    *oss.Bucket
	prefix    string
	publicURL string
}

// OSSOptions configure the bucket.
type OSSOptions struct {
	Endpoint, Bucket, AccessKeyID, AccessKeySecret, PublicURL, Prefix string
}

// NewOSS connects to the bucket.
func NewOSS(o OSSOptions) (*OSS, error) {
	client, err := oss.New(o.Endpoint, o.AccessKeyID, o.AccessKeySecret)
	if err != nil {
		return nil, err
	}
	b, err := client.Bucket(o.Bucket)
	if err != nil {
		return nil, err
	}
	public := strings.TrimRight(o.PublicURL, "/")
	if public == "" {
		host := strings.TrimPrefix(strings.TrimPrefix(o.Endpoint, "https://"), "http://")
		public = "https://" + o.Bucket + "." + host
	}
	return &OSS{bucket: b, prefix: o.Prefix, publicURL: public}, nil
}

// Put uploads the object with its checked content type.
func (s *OSS) Put(ctx context.Context, key string, r io.Reader, _ int64, contentType string) (string, error) {
	objectKey := s.prefix + key
	opts := []oss.Option{oss.ContentType(contentType), oss.WithContext(ctx),
		oss.SetHeader("X-Content-Type-Options", "nosniff"), oss.CacheControl("public, max-age=31536000, immutable")}
	if !strings.HasPrefix(contentType, "image/") && !strings.HasPrefix(contentType, "video/") {
		opts = append(opts, oss.ContentDisposition("attachment")) // documents download, never open on the bucket's origin
	}
	err := s.bucket.PutObject(objectKey, r, opts...)
	if err != nil {
		return "", err
	}
	return s.publicURL + "/" + objectKey, nil
}

// Handler is nil: OSS serves its own files.
func (s *OSS) Handler() http.Handler { return nil }
