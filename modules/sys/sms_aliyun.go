package sys

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha1"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/venueplatform/venue/platform/module"
)

func newSMSSender(deps module.Deps) SMSSender {
	c := deps.Config
	if c.SMSProvider == "aliyun" {
		return &AliyunSMS{Endpoint: "https://dysmsapi.aliyuncs.com/", AccessKeyID: c.SMSAccessKeyID,
			AccessKeySecret: c.SMSAccessKeySecret, SignName: c.SMSSignName, TemplateCode: c.SMSTemplateCode,
			Client: &http.Client{Timeout: 10 * time.Second}}
	}
	return LogSender{Log: deps.Log}
}

// AliyunSMS sends codes through Aliyun's SendSms API (RPC style, signature v1).
type AliyunSMS struct {
	Endpoint, AccessKeyID, AccessKeySecret, SignName, TemplateCode string
	Client                                                         *http.Client
}

// Send delivers the code with the configured template (parameter "code").
func (s *AliyunSMS) Send(ctx context.Context, mobile, code, _ string) error {
	param, _ := json.Marshal(map[string]string{"code": code})
	var nonce [16]byte
	_, _ = rand.Read(nonce[:])
	q := map[string]string{
		"AccessKeyId": s.AccessKeyID, "Action": "SendSms", "Format": "JSON", "PhoneNumbers": mobile,
		"RegionId": "cn-hangzhou", "SignName": s.SignName, "SignatureMethod": "HMAC-SHA1",
		"SignatureNonce": hex.EncodeToString(nonce[:]), "SignatureVersion": "1.0", "TemplateCode": s.TemplateCode,
		"TemplateParam": string(param), "Timestamp": time.Now().UTC().Format("2006-01-02T15:04:05Z"), "Version": "2017-05-25",
	}
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	pairs := make([]string, len(keys))
	for i, k := range keys {
		pairs[i] = popEscape(k) + "=" + popEscape(q[k])
	}
	canonical := strings.Join(pairs, "&")
	mac := hmac.New(sha1.New, []byte(s.AccessKeySecret+"&"))
	mac.Write([]byte("GET&" + popEscape("/") + "&" + popEscape(canonical)))
	signature := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.Endpoint+"?Signature="+popEscape(signature)+"&"+canonical, nil)
	if err != nil {
		return err
	}
	resp, err := s.Client.Do(req)
	if err != nil {
		return err
	}
	defer func() { _ = resp.Body.Close() }() // read-only: the decode reports what went wrong
	var out struct{ Code, Message string }
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return fmt.Errorf("aliyun sms: %s: %w", resp.Status, err)
	}
	if out.Code != "OK" {
		return fmt.Errorf("aliyun sms: %s %s", out.Code, out.Message)
	}
	return nil
}

// popEscape is the percent-encoding Aliyun's signature expects.
func popEscape(s string) string {
	return strings.NewReplacer("+", "%20", "*", "%2A", "%7E", "~").Replace(url.QueryEscape(s))
}
