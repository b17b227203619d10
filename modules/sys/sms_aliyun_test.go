package sys

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// The Aliyun sender signs a SendSms call with the template and the code,
// and an answer other than OK is an error.
func TestAliyunSMSSendsASignedRequest(t *testing.T) {
	t.Parallel()
	var query map[string][]string
	answer := `{"Code":"OK","Message":"OK"}`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		query = r.URL.Query()
		w.Write([]byte(answer))
	}))
	defer srv.Close()
	s := &AliyunSMS{Endpoint: srv.URL + "/", AccessKeyID: "AKID", AccessKeySecret: "secret", SignName: "Venue",
		TemplateCode: "SMS_1", Client: &http.Client{Timeout: 5 * time.Second}}
	if err := s.Send(context.Background(), "13800000000", "123456", ""); err != nil {
		t.Fatal(err)
	}
	var param map[string]string
	_ = json.Unmarshal([]byte(query["TemplateParam"][0]), &param)
	if query["Action"][0] != "SendSms" || query["PhoneNumbers"][0] != "13800000000" || param["code"] != "123456" ||
		query["AccessKeyId"][0] != "AKID" || len(query["Signature"]) != 1 || query["SignatureMethod"][0] != "HMAC-SHA1" {
		t.Fatalf("query %v", query)
	}
	answer = `{"Code":"isv.BUSINESS_LIMIT_CONTROL","Message":"limit"}`
	if err := s.Send(context.Background(), "13800000000", "123456", ""); err == nil || !strings.Contains(err.Error(), "BUSINESS_LIMIT_CONTROL") {
		t.Fatalf("refusal: %v", err)
	}
}
