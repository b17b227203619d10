package temporalx

import (
	"crypto/tls"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/venueplatform/venue/internal/config"
	"github.com/venueplatform/venue/internal/temporalx/tlstest"
)

// handshake runs a TLS handshake of the client configuration against a
// server with the frontend's certificate, and answers the common name of
// the client certificate the server saw ("" without one).
func handshake(t *testing.T, server, client *tls.Config) (string, error) {
	t.Helper()
	ln, err := tls.Listen("tcp", "127.0.0.1:0", server)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	seen := make(chan string, 1)
	go func() {
		conn, err := ln.Accept()
		if err != nil {
			seen <- ""
			return
		}
		defer conn.Close()
		tc := conn.(*tls.Conn)
		if tc.Handshake() != nil {
			seen <- ""
			return
		}
		name := ""
		if certs := tc.ConnectionState().PeerCertificates; len(certs) > 0 {
			name = certs[0].Subject.CommonName
		}
		_, _ = io.WriteString(tc, "ok")
		seen <- name
	}()
	conn, err := tls.Dial("tcp", ln.Addr().String(), client)
	if err != nil {
		<-seen
		return "", err
	}
	defer conn.Close()
	buf := make([]byte, 2)
	if _, err := io.ReadFull(conn, buf); err != nil {
		<-seen
		return "", err // the server refused the client's certificate after the handshake
	}
	return <-seen, nil
}

func TestClientOptionsBuildMutualTLS(t *testing.T) {
	t.Parallel()
	f := tlstest.Write(t)
	opts, err := ClientOptions(Config{HostPort: "127.0.0.1:7233", Namespace: "venue",
		TLS: TLS{CAFile: f.CA, CertFile: f.ClientCert, KeyFile: f.ClientKey, ServerName: tlstest.ServerName}})
	if err != nil {
		t.Fatal(err)
	}
	tc := opts.ConnectionOptions.TLS
	if opts.HostPort != "127.0.0.1:7233" || opts.Namespace != "venue" || tc == nil || tc.RootCAs == nil ||
		tc.ServerName != tlstest.ServerName || tc.MinVersion != tls.VersionTLS12 || opts.Credentials != nil {
		t.Fatalf("options %+v, TLS %+v", opts, tc)
	}
	name, err := handshake(t, f.ServerTLS(t, true), tc)
	if err != nil || name != "venue-worker" {
		t.Fatalf("mutual TLS handshake: %q, %v", name, err)
	}

	// A rotated client certificate serves the next connection.
	f.RotateClient(t, "venue-worker-2")
	if name, err := handshake(t, f.ServerTLS(t, true), tc); err != nil || name != "venue-worker-2" {
		t.Fatalf("after rotation: %q, %v", name, err)
	}

	// The server's certificate must chain to the configured CA and carry the name.
	rogue, err := ClientOptions(Config{HostPort: "x:1", TLS: TLS{CAFile: f.RogueCA, ServerName: tlstest.ServerName}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := handshake(t, f.ServerTLS(t, false), rogue.ConnectionOptions.TLS); err == nil {
		t.Fatal("a frontend signed by an untrusted CA was accepted")
	}
	wrongName, _ := ClientOptions(Config{HostPort: "x:1", TLS: TLS{CAFile: f.CA, ServerName: "other.test"}})
	if _, err := handshake(t, f.ServerTLS(t, false), wrongName.ConnectionOptions.TLS); err == nil {
		t.Fatal("a frontend certificate for another name was accepted")
	}
	// Without a client certificate, or with one another CA signed, a server requiring mTLS refuses.
	noCert, _ := ClientOptions(Config{HostPort: "x:1", TLS: TLS{CAFile: f.CA, ServerName: tlstest.ServerName}})
	if _, err := handshake(t, f.ServerTLS(t, true), noCert.ConnectionOptions.TLS); err == nil {
		t.Fatal("no client certificate, yet accepted")
	}
	rogueClient, _ := ClientOptions(Config{HostPort: "x:1", TLS: TLS{CAFile: f.CA, ServerName: tlstest.ServerName,
		CertFile: f.RogueClientCert, KeyFile: f.RogueClientKey}})
	if _, err := handshake(t, f.ServerTLS(t, true), rogueClient.ConnectionOptions.TLS); err == nil {
		t.Fatal("a client certificate of an untrusted CA was accepted")
	}
}

func TestClientOptionsPlainAPIKeyAndMistakes(t *testing.T) {
	t.Parallel()
	plain, err := ClientOptions(Config{HostPort: "127.0.0.1:7233"})
	if err != nil || plain.ConnectionOptions.TLS != nil || plain.Credentials != nil || plain.Namespace != DefaultNamespace {
		t.Fatalf("plaintext options %+v, %v", plain, err)
	}
	system, err := ClientOptions(Config{HostPort: "temporal.example:7233", TLS: TLS{Enabled: true}})
	if err != nil || system.ConnectionOptions.TLS == nil || system.ConnectionOptions.TLS.RootCAs != nil {
		t.Fatalf("TLS with the system roots: %+v, %v", system.ConnectionOptions.TLS, err)
	}
	keyed, err := ClientOptions(Config{HostPort: "venue.tmprl.cloud:7233", APIKey: "k-123"})
	if err != nil || keyed.Credentials == nil || keyed.ConnectionOptions.TLS == nil {
		t.Fatalf("an API key goes with TLS: %+v, %v", keyed, err)
	}

	f := tlstest.Write(t)
	notPEM := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(notPEM, []byte("not a certificate"), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, bad := range map[string]TLS{
		"missing CA":   {CAFile: filepath.Join(t.TempDir(), "none.pem")},
		"CA not PEM":   {CAFile: notPEM},
		"cert only":    {CertFile: f.ClientCert},
		"key only":     {KeyFile: f.ClientKey},
		"mismatch":     {CertFile: f.ClientCert, KeyFile: f.RogueClientKey},
		"missing cert": {CertFile: filepath.Join(t.TempDir(), "none.pem"), KeyFile: f.ClientKey},
	} {
		if _, err := ClientOptions(Config{HostPort: "x:1", TLS: bad}); err == nil || !strings.Contains(err.Error(), "temporalx") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// The binary's VENUE_TEMPORAL_* settings reach the configured cluster's
// connection, and never the embedded server's.
func TestFromConfig(t *testing.T) {
	f := tlstest.Write(t)
	for k, v := range map[string]string{
		"VENUE_TEMPORAL_ADDRESS": "temporal.internal:7233", "VENUE_TEMPORAL_NAMESPACE": "venue",
		"VENUE_TEMPORAL_TLS_CA_FILE": f.CA, "VENUE_TEMPORAL_TLS_CERT_FILE": f.ClientCert, "VENUE_TEMPORAL_TLS_KEY_FILE": f.ClientKey,
		"VENUE_TEMPORAL_TLS_SERVER_NAME": tlstest.ServerName, "VENUE_TEMPORAL_API_KEY": "k-123", "VENUE_DATA_DIR": t.TempDir(),
	} {
		t.Setenv(k, v)
	}
	c, err := config.Load()
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.DiscardHandler)
	got := FromConfig(c, "temporal.internal:7233", log)
	want := TLS{CAFile: f.CA, CertFile: f.ClientCert, KeyFile: f.ClientKey, ServerName: tlstest.ServerName}
	if got.TLS != want || got.APIKey != "k-123" || got.Namespace != "venue" || got.HostPort != "temporal.internal:7233" {
		t.Fatalf("%+v", got)
	}
	if embedded := FromConfig(c, "127.0.0.1:40001", log); embedded.TLS.On() || embedded.APIKey != "" {
		t.Fatalf("the embedded server's connection got %+v", embedded)
	}
	// A client certificate with its key only, or TLS without a cluster address, is refused at start.
	t.Setenv("VENUE_TEMPORAL_TLS_KEY_FILE", "")
	if _, err := config.Load(); err == nil || !strings.Contains(err.Error(), "VENUE_TEMPORAL_TLS_KEY_FILE") {
		t.Fatalf("cert without key: %v", err)
	}
	t.Setenv("VENUE_TEMPORAL_TLS_KEY_FILE", f.ClientKey)
	t.Setenv("VENUE_TEMPORAL_ADDRESS", "")
	if _, err := config.Load(); err == nil || !strings.Contains(err.Error(), "VENUE_TEMPORAL_ADDRESS") {
		t.Fatalf("TLS without a cluster: %v", err)
	}
	t.Setenv("VENUE_TEMPORAL_ADDRESS", "temporal.internal:7233")
	t.Setenv("VENUE_TEMPORAL_TLS", "maybe")
	if _, err := config.Load(); err == nil || !strings.Contains(err.Error(), "VENUE_TEMPORAL_TLS") {
		t.Fatalf("a bad boolean: %v", err)
	}
}
