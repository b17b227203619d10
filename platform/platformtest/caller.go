package platformtest

import "testing"

// Caller sends a test's requests the way the module fixtures do: a JSON body
// (nil: none) as the holder of a token. It fails its own test, which may be
// a subtest of the one that started the Env.
type Caller struct {
	t   testing.TB
	env *Env
}

// Caller answers a Caller on e for t.
func (e *Env) Caller(t testing.TB) Caller { return Caller{t: t, env: e} }

// Do sends method path with body as JSON as the holder of token.
func (c Caller) Do(method, path, token string, body any) Envelope {
	c.t.Helper()
	return c.env.Do(Req{Method: method, Path: path, Token: token, Body: body})
}

// OK sends like Do and fails the test unless the answer is a success.
func (c Caller) OK(method, path, token string, body any) Envelope {
	c.t.Helper()
	return OK(c.t, c.Do(method, path, token, body))
}

// ExpectField fails the test unless res is a validation failure (10001) with
// a message on field, and that message is msg ("" = any).
func ExpectField(t testing.TB, res Envelope, field, msg string) {
	t.Helper()
	if res.Code != 10001 {
		t.Fatalf("want code 10001 on %s, got %d %q %v", field, res.Code, res.Msg, res.Fields)
	}
	if res.Fields[field] == "" {
		t.Fatalf("want a message on %s, got %q %v", field, res.Msg, res.Fields)
	}
	if msg != "" && res.Fields[field] != msg {
		t.Fatalf("want %q on %s, got %q (all: %v)", msg, field, res.Fields[field], res.Fields)
	}
}
