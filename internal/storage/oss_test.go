package storage

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// ossV1Signature is the signature of OSS's Authorization header, version 1
// (aliyun-oss-go-sdk v3 sends it unless told otherwise: Config.AuthVersion
// defaults to AuthV1), computed from the request as the OSS server does:
//
//	base64(hmac-sha1(AccessKeySecret, VERB + "\n" + Content-MD5 + "\n" +
//	  Content-Type + "\n" + Date + "\n" + CanonicalizedOSSHeaders + CanonicalizedResource))
//
// "Include a V1 signature in the header",
// https://help.aliyun.com/document_detail/31951.html. Sub-resources in the
// query are not canonicalized here: the fake refuses any query.
func ossV1Signature(secret string, r *http.Request, bucket string) string {
	var names []string
	values := map[string]string{}
	for k, v := range r.Header {
		if lk := strings.ToLower(k); strings.HasPrefix(lk, "x-oss-") {
			names = append(names, lk)
			values[lk] = strings.TrimSpace(strings.Join(v, ","))
		}
	}
	sort.Strings(names)
	var headers strings.Builder
	for _, n := range names {
		headers.WriteString(n + ":" + values[n] + "\n")
	}
	// Path style (http://host/bucket/key, as an IP endpoint is addressed) or
	// virtual-hosted style (http://bucket.endpoint/key).
	resource := r.URL.Path
	if strings.HasPrefix(r.Host, bucket+".") {
		resource = "/" + bucket + r.URL.Path
	}
	toSign := r.Method + "\n" + r.Header.Get("Content-MD5") + "\n" + r.Header.Get("Content-Type") + "\n" +
		r.Header.Get("Date") + "\n" + headers.String() + resource
	mac := hmac.New(sha1.New, []byte(secret))
	mac.Write([]byte(toSign))
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// ossAuthorized reports whether r carries a valid V1 Authorization header
// for one of the keys (id → secret), dated within OSS's 15 minutes.
func ossAuthorized(r *http.Request, bucket string, keys map[string]string, now time.Time) (bool, string) {
	id, sig, ok := strings.Cut(strings.TrimPrefix(r.Header.Get("Authorization"), "OSS "), ":")
	if !ok || !strings.HasPrefix(r.Header.Get("Authorization"), "OSS ") {
		return false, "InvalidArgument"
	}
	secret, known := keys[id]
	if !known {
		return false, "InvalidAccessKeyId"
	}
	if r.URL.RawQuery != "" {
		return false, "NotImplemented"
	}
	date, err := http.ParseTime(r.Header.Get("Date"))
	if !now.IsZero() && (err != nil || date.Sub(now).Abs() > 15*time.Minute) {
		return false, "RequestTimeTooSkewed"
	}
	if !hmac.Equal([]byte(sig), []byte(ossV1Signature(secret, r, bucket))) {
		return false, "SignatureDoesNotMatch"
	}
	return true, ""
}

// The verifier gives the documented example's signature (the page's worked
// example: its request, AccessKeyId 44CF9590006BF252F707, AccessKeySecret
// OtxrzxIsfpFjA7SwPzILwy8Bw21TLhquhboDYROV, and its Python sample's string
// to sign, whose Content-MD5 is ODBGOERFMDMzQTczRUY3NUE3NzA5QzdFNUYzMDQxNEM=),
// and refuses the example with a header changed or another secret.
func TestOSSVerifierMatchesTheDocumentedExample(t *testing.T) {
	t.Parallel()
	example := func() *http.Request {
		r := httptest.NewRequest(http.MethodPut, "http://oss-example.oss-cn-hangzhou.aliyuncs.com/nelson", nil)
		r.Host = "oss-example.oss-cn-hangzhou.aliyuncs.com"
		r.Header.Set("Content-MD5", "ODBGOERFMDMzQTczRUY3NUE3NzA5QzdFNUYzMDQxNEM=")
		r.Header.Set("Content-Type", "text/html")
		r.Header.Set("Date", "Thu, 17 Nov 2005 18:49:58 GMT")
		r.Header.Set("X-OSS-Meta-Author", "foo@bar.com")
		r.Header.Set("X-OSS-Magic", "abracadabra")
		r.Header.Set("Authorization", "OSS 44CF9590006BF252F707:26NBxoKdsyly4EDv6inkoDft/yA=")
		return r
	}
	keys := map[string]string{"44CF9590006BF252F707": "OtxrzxIsfpFjA7SwPzILwy8Bw21TLhquhboDYROV"}
	if got := ossV1Signature(keys["44CF9590006BF252F707"], example(), "oss-example"); got != "26NBxoKdsyly4EDv6inkoDft/yA=" {
		t.Fatalf("signature of the documented example %q, want 26NBxoKdsyly4EDv6inkoDft/yA=", got)
	}
	if ok, why := ossAuthorized(example(), "oss-example", keys, time.Time{}); !ok {
		t.Fatalf("documented example refused: %s", why)
	}
	for name, change := range map[string]func(r *http.Request){
		"content type": func(r *http.Request) { r.Header.Set("Content-Type", "text/plain") },
		"oss header":   func(r *http.Request) { r.Header.Set("X-OSS-Magic", "abracadabrA") },
		"added header": func(r *http.Request) { r.Header.Set("X-OSS-Object-Acl", "public-read") },
		"object":       func(r *http.Request) { r.URL.Path = "/nelson2" },
		"method":       func(r *http.Request) { r.Method = http.MethodDelete },
		"date":         func(r *http.Request) { r.Header.Set("Date", "Thu, 17 Nov 2005 18:49:59 GMT") },
		"other secret": func(r *http.Request) { keys["44CF9590006BF252F707"] = "not-the-secret" },
		"unknown key id": func(r *http.Request) {
			r.Header.Set("Authorization", "OSS 44CF9590006BF252F708:26NBxoKdsyly4EDv6inkoDft/yA=")
		},
	} {
		saved := keys["44CF9590006BF252F707"]
		r := example()
		change(r)
		if ok, _ := ossAuthorized(r, "oss-example", keys, time.Time{}); ok {
			t.Errorf("%s changed: still accepted", name)
		}
		keys["44CF9590006BF252F707"] = saved
	}
}

// fakeOSS is a minimal OSS endpoint (path style) that checks each request's
// signature with the real key before it keeps the object, and answers a
// refusal the way OSS does (403 with an XML error).
type fakeOSS struct {
	bucket string
	keys   map[string]string
	mu     sync.Mutex
	got    map[string]string
	body   []byte
	stored int
}

func (f *fakeOSS) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if ok, code := ossAuthorized(r, f.bucket, f.keys, time.Now()); !ok {
		w.Header().Set("Content-Type", "application/xml")
		w.WriteHeader(http.StatusForbidden)
		fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?><Error><Code>%s</Code><Message>refused by the fake</Message><RequestId>fake</RequestId></Error>`, code)
		return
	}
	f.got = map[string]string{"method": r.Method, "path": r.URL.Path, "type": r.Header.Get("Content-Type"),
		"nosniff": r.Header.Get("X-Content-Type-Options"), "auth": r.Header.Get("Authorization")}
	f.body, _ = io.ReadAll(r.Body)
	f.stored++
	w.Header().Set("ETag", `"0123"`)
	w.WriteHeader(http.StatusOK)
}

// The OSS store speaks the OSS PUT Object protocol: the object lands under
// the prefix with its checked content type and nosniff, signed with the
// configured key (the fake checks the signature), and the answer is its
// public URL.
func TestOSSPutsTheObjectWithItsTypeAndAnswersItsURL(t *testing.T) {
	t.Parallel()
	fake := &fakeOSS{bucket: "menus", keys: map[string]string{"AKID": "secret"}}
	srv := httptest.NewServer(fake)
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
	fake.mu.Lock()
	defer fake.mu.Unlock()
	got := fake.got
	if got["method"] != http.MethodPut || got["path"] != "/menus/venue/2026/11/abc.png" || got["type"] != "image/png" ||
		got["nosniff"] != "nosniff" || !strings.HasPrefix(got["auth"], "OSS AKID:") || string(fake.body) != "PNGDATA" {
		t.Fatalf("request %v body %q", got, fake.body)
	}
	if s.Handler() != nil {
		t.Fatal("OSS serves its own files")
	}
}

// The fake refuses what the client signed with another secret than the
// bucket's key, and keeps nothing: a client that signs wrongly fails here
// as it would against OSS.
func TestOSSRequestSignedWithAWrongSecretIsRefused(t *testing.T) {
	t.Parallel()
	fake := &fakeOSS{bucket: "menus", keys: map[string]string{"AKID": "secret"}}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	s, err := NewOSS(OSSOptions{Endpoint: srv.URL, Bucket: "menus", AccessKeyID: "AKID", AccessKeySecret: "not-the-secret", Prefix: "venue/"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Put(context.Background(), "2026/11/abc.png", bytes.NewReader([]byte("PNGDATA")), 7, "image/png")
	if err == nil || !strings.Contains(err.Error(), "SignatureDoesNotMatch") {
		t.Fatalf("put signed with a wrong secret: %v, want SignatureDoesNotMatch", err)
	}
	fake.mu.Lock()
	defer fake.mu.Unlock()
	if fake.stored != 0 {
		t.Fatalf("the fake kept %d objects", fake.stored)
	}
}
