package api

import "testing"

// The attack of issue 11: a file or link field that stores javascript:,
// data:, a protocol-relative or climbing path, or one hidden behind blanks
// and letter case, and is later rendered as a link.
var hostileURLs = []string{
	"javascript:alert(1)",
	"JaVaScRiPt:alert(1)",
	" javascript:alert(1)",
	"java\tscript:alert(1)",
	"javascript://example.com/%0aalert(1)",
	"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
	"DATA:image/png;base64,AAAA",
	"vbscript:msgbox(1)",
	"file:///etc/passwd",
	"ftp://example.com/a.png",
	"//evil.example/a.png",
	"/\\evil.example/a.png",
	"\\\\evil.example\\a.png",
	"https:evil.example",
	"https:/evil.example",
	"https://",
	"https://:443/",
	"https://user:pw@evil.example/a.png",
	"https://evil.example/a.png\" onerror=\"alert(1)",
	"https://evil.example/<script>",
	"https://evil.example/a b.png",
	"https://evil.example/a.png\n",
	"\u00a0https://evil.example/a.png",
	"https://evil.example/\u202ea.png",
	"/uploads/../etc/passwd",
	"/uploads/2026/01/../../../etc/passwd",
	"/uploads/%2e%2e/etc/passwd",
	"/uploads/",
	"/uploads//evil.example/a.png",
	"/uploads/a.png?x=javascript:alert(1)",
	"/uploadsX/a.png",
	"uploads/a.png",
	"/etc/passwd",
	"",
}

var goodURLs = []string{
	"/uploads/2026/01/0123456789abcdef0123456789abcdef.png",
	"/uploads/a_b-c.pdf",
	"https://cdn.example.com/2026/01/a.png",
	"HTTPS://Example.com/a.png",
}

// plainHTTP is a link, not a stored file: file and image fields refuse it.
const plainHTTP = "http://example.com/menu?table=3#top"

func TestFileURLRefusesHostileValues(t *testing.T) {
	t.Parallel()
	for _, s := range hostileURLs {
		if FileURL(s) {
			t.Errorf("FileURL(%q) accepted", s)
		}
		if FileURLPath(s) != "" {
			t.Errorf("FileURLPath(%q) = %q", s, FileURLPath(s))
		}
	}
	for _, s := range goodURLs {
		if !FileURL(s) {
			t.Errorf("FileURL(%q) refused", s)
		}
	}
	if FileURL(plainHTTP) {
		t.Errorf("FileURL(%q) accepted", plainHTTP)
	}
}

func TestLinkURLOnlyHTTP(t *testing.T) {
	t.Parallel()
	for _, s := range hostileURLs {
		if LinkURL(s) {
			t.Errorf("LinkURL(%q) accepted", s)
		}
	}
	if LinkURL("/uploads/a.png") {
		t.Error("LinkURL accepted a path")
	}
	for _, s := range append(goodURLs[2:], plainHTTP) {
		if !LinkURL(s) {
			t.Errorf("LinkURL(%q) refused", s)
		}
	}
}

func TestCheckFileURLNamesTheField(t *testing.T) {
	t.Parallel()
	var c Check
	c.FileURL("logo", "javascript:alert(1)")
	c.FileURL("image", "")
	c.HTTPURL("link", "//evil.example")
	err, _ := c.Err().(*Error)
	if err == nil || len(err.Fields) != 2 || err.Fields[0].Field != "logo" || err.Fields[0].Key != "validation.file_url" ||
		err.Fields[1].Field != "link" || err.Fields[1].Key != "validation.http_url" {
		t.Fatalf("err = %#v", c.Err())
	}
	if msg := localizeField("en", err.Fields[0]); msg == "" || msg == "validation.file_url" {
		t.Fatalf("message not localized: %q", msg)
	}
}

func TestAppPath(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"//evil.example", "/\\evil.example", "javascript:alert(1)", "/a b", "a/b", ""} {
		if AppPath(s) {
			t.Errorf("AppPath(%q) accepted", s)
		}
	}
	if !AppPath("/sys/user") {
		t.Error("AppPath refused /sys/user")
	}
}
