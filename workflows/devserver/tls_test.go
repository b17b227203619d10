package devserver_test

import (
	"context"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/venueplatform/venue/internal/temporalx"
	"github.com/venueplatform/venue/internal/temporalx/tlstest"
	"github.com/venueplatform/venue/workflows"
)

// gateway is what production puts in front of a Temporal frontend: it
// terminates mutual TLS and admits only calls carrying the API key, then
// forwards the gRPC stream (HTTP/2) to the frontend.
type gateway struct {
	addr     string
	admitted atomic.Int64
	refused  atomic.Int64
}

func startGateway(t *testing.T, files tlstest.Files, frontend, apiKey string) *gateway {
	t.Helper()
	target, err := url.Parse("http://" + frontend)
	if err != nil {
		t.Fatal(err)
	}
	var h2c http.Protocols
	h2c.SetUnencryptedHTTP2(true) // the frontend speaks gRPC in the clear
	proxy := httputil.NewSingleHostReverseProxy(target)
	proxy.Transport = &http.Transport{Protocols: &h2c}
	proxy.FlushInterval = -1
	quiet := log.New(io.Discard, "", 0) // refused handshakes are the point here
	proxy.ErrorLog = quiet
	g := &gateway{}
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+apiKey || r.TLS == nil || len(r.TLS.PeerCertificates) == 0 {
			g.refused.Add(1)
			w.Header().Set("Content-Type", "application/grpc")
			w.Header().Set("Grpc-Status", "16") // Unauthenticated
			w.Header().Set("Grpc-Message", "bad api key")
			w.WriteHeader(http.StatusOK)
			return
		}
		g.admitted.Add(1)
		proxy.ServeHTTP(w, r)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: handler, TLSConfig: files.ServerTLS(t, true), ReadHeaderTimeout: 10 * time.Second, ErrorLog: quiet}
	go func() { _ = srv.ServeTLS(ln, "", "") }()
	t.Cleanup(func() { _ = srv.Close() })
	g.addr = ln.Addr().String()
	return g
}

// A worker and a client reach the embedded server through a gateway
// demanding mutual TLS and an API key, configured as production is (the
// CA, client certificate and key, server name and key), and run a
// workflow; without the client certificate, with another key, or trusting
// another CA, they do not get through.
func TestWorkflowRoundTripOverMutualTLSAndAPIKey(t *testing.T) {
	t.Parallel()
	s := startServer(t, t.TempDir())
	files := tlstest.Write(t)
	const key = "venue-secret-key"
	g := startGateway(t, files, s.HostPort(), key)
	secure := temporalx.TLS{CAFile: files.CA, CertFile: files.ClientCert, KeyFile: files.ClientKey, ServerName: tlstest.ServerName}

	c, err := temporalx.Dial(context.Background(), temporalx.Config{HostPort: g.addr, Namespace: s.Namespace(), Logger: testLogger(t),
		TLS: secure, APIKey: key})
	if err != nil {
		t.Fatalf("dial through the gateway: %v", err)
	}
	t.Cleanup(c.Close)
	startWorker(t, c, workflows.Health{})
	if err := workflows.CheckHealth(context.Background(), c, workflows.TaskQueue); err != nil {
		t.Fatalf("workflow round trip over TLS: %v", err)
	}
	if g.admitted.Load() == 0 {
		t.Fatal("nothing passed the gateway")
	}

	wrongKey, noCert, wrongCA := secure, secure, secure
	noCert.CertFile, noCert.KeyFile = "", ""
	wrongCA.CAFile = files.RogueCA
	for name, cfg := range map[string]temporalx.Config{
		"another API key":       {TLS: wrongKey, APIKey: "guess"},
		"no client certificate": {TLS: noCert, APIKey: key},
		"an untrusted frontend": {TLS: wrongCA, APIKey: key},
		"plaintext":             {},
	} {
		cfg.HostPort, cfg.Namespace, cfg.Logger = g.addr, s.Namespace(), testLogger(t)
		// The wrong key must reach the gateway and hear its refusal, which a loaded machine
		// (the race detector, tests side by side) has taken over 2 s to deliver; the others
		// only need to fail, and a plaintext dial fails only at its deadline.
		wait := 2 * time.Second
		if name == "another API key" {
			wait = time.Minute
		}
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		bad, err := temporalx.Dial(ctx, cfg)
		cancel()
		if err == nil {
			bad.Close()
			t.Errorf("%s: dial succeeded", name)
			continue
		}
		if name == "another API key" && !strings.Contains(err.Error(), "bad api key") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if g.refused.Load() == 0 {
		t.Fatal("the gateway refused nothing")
	}
}
