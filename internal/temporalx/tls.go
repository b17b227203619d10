package temporalx

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"

	"go.temporal.io/sdk/client"

	"github.com/venueplatform/venue/internal/config"
)

// TLS says how to secure the connection to the frontend. Any field set
// turns TLS on; without CAFile the system's roots verify the server.
type TLS struct {
	Enabled    bool   // TLS with the system roots when nothing else is set
	CAFile     string // PEM bundle of the CAs that sign the frontend's certificate
	CertFile   string // client certificate (mTLS), PEM; with KeyFile
	KeyFile    string // the client certificate's private key, PEM
	ServerName string // name the frontend's certificate must carry; "" = the host of HostPort
}

// On reports whether the connection uses TLS.
func (t TLS) On() bool {
	return t.Enabled || t.CAFile != "" || t.CertFile != "" || t.KeyFile != "" || t.ServerName != ""
}

// ClientOptions are the SDK's connection options for cfg (without the
// logger): the address, namespace, TLS and API key credentials.
func ClientOptions(cfg Config) (client.Options, error) {
	if cfg.Namespace == "" {
		cfg.Namespace = DefaultNamespace
	}
	opts := client.Options{HostPort: cfg.HostPort, Namespace: cfg.Namespace, Identity: cfg.Identity}
	if cfg.TLS.On() || cfg.APIKey != "" {
		tc, err := cfg.TLS.config()
		if err != nil {
			return opts, err
		}
		opts.ConnectionOptions.TLS = tc
	}
	if cfg.APIKey != "" {
		opts.Credentials = client.NewAPIKeyStaticCredentials(cfg.APIKey)
	}
	return opts, nil
}

func (t TLS) config() (*tls.Config, error) {
	tc := &tls.Config{MinVersion: tls.VersionTLS12, ServerName: t.ServerName}
	if t.CAFile != "" {
		pem, err := os.ReadFile(t.CAFile)
		if err != nil {
			return nil, fmt.Errorf("temporalx: CA file: %w", err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("temporalx: CA file %s holds no PEM certificate", t.CAFile)
		}
		tc.RootCAs = pool
	}
	if (t.CertFile == "") != (t.KeyFile == "") {
		return nil, errors.New("temporalx: a client certificate needs both its certificate and its key file")
	}
	if t.CertFile != "" {
		kp := &keyPair{cert: t.CertFile, key: t.KeyFile}
		if _, err := kp.load(); err != nil {
			return nil, err
		}
		tc.GetClientCertificate = func(*tls.CertificateRequestInfo) (*tls.Certificate, error) { return kp.load() }
	}
	return tc, nil
}

// keyPair reads a client certificate again when its files change, so a
// rotated certificate serves the next connection without a restart.
type keyPair struct {
	cert, key string
	mu        sync.Mutex
	loaded    *tls.Certificate
	stamp     [2]os.FileInfo
}

// unchanged reports whether the files are the ones last loaded: the same
// file (a rotation by rename makes a new one), time and size. Time alone
// misses a rewrite within the file system's timestamp granularity.
func unchanged(a, b [2]os.FileInfo) bool {
	for i := range a {
		if a[i] == nil || b[i] == nil || !os.SameFile(a[i], b[i]) || !a[i].ModTime().Equal(b[i].ModTime()) || a[i].Size() != b[i].Size() {
			return false
		}
	}
	return true
}

func (k *keyPair) load() (*tls.Certificate, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	var stamp [2]os.FileInfo
	for i, f := range []string{k.cert, k.key} {
		st, err := os.Stat(f)
		if err != nil {
			return nil, fmt.Errorf("temporalx: client certificate: %w", err)
		}
		stamp[i] = st
	}
	if k.loaded != nil && unchanged(stamp, k.stamp) {
		return k.loaded, nil
	}
	pair, err := tls.LoadX509KeyPair(k.cert, k.key)
	if err != nil {
		if k.loaded != nil {
			return k.loaded, nil // a rotation half written: keep the last good pair
		}
		return nil, fmt.Errorf("temporalx: client certificate: %w", err)
	}
	k.loaded, k.stamp = &pair, stamp
	return k.loaded, nil
}

// FromConfig is the connection the binary's configuration describes to
// hostPort. TLS and the API key apply to the configured cluster
// (VENUE_TEMPORAL_ADDRESS) only, never to the embedded server.
func FromConfig(c *config.Config, hostPort string, log *slog.Logger) Config {
	out := Config{HostPort: hostPort, Namespace: c.TemporalNamespace, Logger: log}
	if c.TemporalAddress != "" && hostPort == c.TemporalAddress {
		out.TLS = TLS{Enabled: c.TemporalTLS, CAFile: c.TemporalTLSCA, CertFile: c.TemporalTLSCert, KeyFile: c.TemporalTLSKey,
			ServerName: c.TemporalTLSServer}
		out.APIKey = c.TemporalAPIKey
	}
	return out
}
