package sys

import (
	"context"
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// rpcPercentEncode is RFC 3986 encoding as Aliyun's RPC signature wants it:
// A-Z a-z 0-9 - _ . ~ as they are, every other byte of the UTF-8 as %XY.
// Written from the documentation, not from the client's popEscape.
func rpcPercentEncode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == '~' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// rpcSignature is the signature of an Aliyun RPC-style request (SendSms):
// the parameters but Signature sorted and encoded into the canonical query,
// StringToSign = method + "&" + enc("/") + "&" + enc(canonical), and
// base64(HMAC-SHA1(AccessKeySecret + "&", StringToSign)).
// "Signature mechanism" of Short Message Service,
// https://help.aliyun.com/document_detail/101343.html.
func rpcSignature(secret, method string, q url.Values) string {
	keys := make([]string, 0, len(q))
	for k := range q {
		if k != "Signature" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	pairs := make([]string, len(keys))
	for i, k := range keys {
		pairs[i] = rpcPercentEncode(k) + "=" + rpcPercentEncode(q.Get(k))
	}
	mac := hmac.New(sha1.New, []byte(secret+"&"))
	mac.Write([]byte(method + "&" + rpcPercentEncode("/") + "&" + rpcPercentEncode(strings.Join(pairs, "&"))))
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// rpcAuthorized reports whether a request's query is signed with the
// secret of its AccessKeyId, and dated within 15 minutes of now (zero: not checked).
func rpcAuthorized(method string, q url.Values, keys map[string]string, now time.Time) (bool, string) {
	secret, ok := keys[q.Get("AccessKeyId")]
	switch {
	case !ok:
		return false, "InvalidAccessKeyId.NotFound"
	case q.Get("SignatureMethod") != "HMAC-SHA1" || q.Get("SignatureVersion") != "1.0" || len(q["Signature"]) != 1:
		return false, "IncompleteSignature"
	}
	if !now.IsZero() {
		ts, err := time.Parse("2006-01-02T15:04:05Z", q.Get("Timestamp"))
		if err != nil || ts.Sub(now).Abs() > 15*time.Minute {
			return false, "InvalidTimeStamp.Expired"
		}
	}
	if !hmac.Equal([]byte(q.Get("Signature")), []byte(rpcSignature(secret, method, q))) {
		return false, "SignatureDoesNotMatch"
	}
	return true, ""
}

// documentedSendSms is the documentation's worked example of a SendSms
// call (AccessKeyId testId, AccessKeySecret testSecret), whose signature
// the page gives as zJDF+Lrzhj/ThnlvIToysFRq6t4=.
func documentedSendSms() url.Values {
	return url.Values{
		"AccessKeyId": {"testId"}, "Action": {"SendSms"}, "Format": {"XML"}, "OutId": {"123"},
		"PhoneNumbers": {"15300000001"}, "RegionId": {"cn-hangzhou"}, "SignName": {"阿里云短信测试专用"},
		"SignatureMethod": {"HMAC-SHA1"}, "SignatureNonce": {"45e25e9b-0a6f-4070-8c85-2956eda1b466"},
		"SignatureVersion": {"1.0"}, "TemplateCode": {"SMS_71390007"}, "TemplateParam": {`{"customer":"test"}`},
		"Timestamp": {"2017-07-12T02:42:19Z"}, "Version": {"2017-05-25"},
		"Signature": {"zJDF+Lrzhj/ThnlvIToysFRq6t4="},
	}
}

func TestSMSVerifierMatchesTheDocumentedExample(t *testing.T) {
	t.Parallel()
	keys := map[string]string{"testId": "testSecret"}
	if got := rpcSignature("testSecret", "GET", documentedSendSms()); got != "zJDF+Lrzhj/ThnlvIToysFRq6t4=" {
		t.Fatalf("signature of the documented example %q, want zJDF+Lrzhj/ThnlvIToysFRq6t4=", got)
	}
	if ok, why := rpcAuthorized("GET", documentedSendSms(), keys, time.Time{}); !ok {
		t.Fatalf("documented example refused: %s", why)
	}
	for name, change := range map[string]func(q url.Values){
		"phone number":  func(q url.Values) { q.Set("PhoneNumbers", "15300000002") },
		"template":      func(q url.Values) { q.Set("TemplateParam", `{"customer":"tester"}`) },
		"added":         func(q url.Values) { q.Set("OutId2", "x") },
		"removed":       func(q url.Values) { q.Del("OutId") },
		"signature":     func(q url.Values) { q.Set("Signature", "zJDF+Lrzhj/ThnlvIToysFRq6t5=") },
		"other key id":  func(q url.Values) { q.Set("AccessKeyId", "testId2") },
		"method header": func(q url.Values) { q.Set("SignatureMethod", "HMAC-SHA256") },
	} {
		q := documentedSendSms()
		change(q)
		if ok, _ := rpcAuthorized("GET", q, keys, time.Time{}); ok {
			t.Errorf("%s changed: still accepted", name)
		}
	}
	if ok, _ := rpcAuthorized("POST", documentedSendSms(), keys, time.Time{}); ok {
		t.Error("another method: still accepted")
	}
	if ok, _ := rpcAuthorized("GET", documentedSendSms(), map[string]string{"testId": "otherSecret"}, time.Time{}); ok {
		t.Error("another secret: still accepted")
	}
}

// fakeDysms is a minimal SendSms endpoint: it checks the signature with the
// account's secret and answers as Aliyun does, OK or an error code.
type fakeDysms struct {
	keys   map[string]string
	mu     sync.Mutex
	query  url.Values
	sent   int
	answer string // the Code of a signed request's answer; "" = OK
}

func (f *fakeDysms) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if ok, code := rpcAuthorized(r.Method, r.URL.Query(), f.keys, time.Now()); !ok {
		w.WriteHeader(http.StatusBadRequest)
		_ = json.NewEncoder(w).Encode(map[string]string{"Code": code, "Message": "refused by the fake"})
		return
	}
	f.query = r.URL.Query()
	if f.answer != "" {
		_ = json.NewEncoder(w).Encode(map[string]string{"Code": f.answer, "Message": "limit"})
		return
	}
	f.sent++
	_ = json.NewEncoder(w).Encode(map[string]string{"Code": "OK", "Message": "OK"})
}

// The Aliyun sender signs a SendSms call with the template and the code
// (the fake checks the signature), and an answer other than OK is an error.
func TestAliyunSMSSendsASignedRequest(t *testing.T) {
	t.Parallel()
	fake := &fakeDysms{keys: map[string]string{"AKID": "secret"}}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	s := &AliyunSMS{Endpoint: srv.URL + "/", AccessKeyID: "AKID", AccessKeySecret: "secret", SignName: "Venue 场馆",
		TemplateCode: "SMS_1", Client: &http.Client{Timeout: 5 * time.Second}}
	if err := s.Send(context.Background(), "13800000000", "123456", ""); err != nil {
		t.Fatal(err)
	}
	fake.mu.Lock()
	query := fake.query
	fake.mu.Unlock()
	var param map[string]string
	_ = json.Unmarshal([]byte(query.Get("TemplateParam")), &param)
	if query.Get("Action") != "SendSms" || query.Get("PhoneNumbers") != "13800000000" || param["code"] != "123456" ||
		query.Get("SignName") != "Venue 场馆" || query.Get("AccessKeyId") != "AKID" {
		t.Fatalf("query %v", query)
	}
	fake.mu.Lock()
	fake.answer = "isv.BUSINESS_LIMIT_CONTROL"
	fake.mu.Unlock()
	if err := s.Send(context.Background(), "13800000000", "123456", ""); err == nil || !strings.Contains(err.Error(), "BUSINESS_LIMIT_CONTROL") {
		t.Fatalf("refusal: %v", err)
	}
}

// A request signed with another secret than the account's is refused by
// the fake, and no message is sent.
func TestAliyunSMSSignedWithAWrongSecretIsRefused(t *testing.T) {
	t.Parallel()
	fake := &fakeDysms{keys: map[string]string{"AKID": "secret"}}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	s := &AliyunSMS{Endpoint: srv.URL + "/", AccessKeyID: "AKID", AccessKeySecret: "not-the-secret", SignName: "Venue",
		TemplateCode: "SMS_1", Client: &http.Client{Timeout: 5 * time.Second}}
	err := s.Send(context.Background(), "13800000000", "123456", "")
	if err == nil || !strings.Contains(err.Error(), "SignatureDoesNotMatch") {
		t.Fatalf("send signed with a wrong secret: %v, want SignatureDoesNotMatch", err)
	}
	fake.mu.Lock()
	defer fake.mu.Unlock()
	if fake.sent != 0 {
		t.Fatalf("the fake sent %d messages", fake.sent)
	}
}
