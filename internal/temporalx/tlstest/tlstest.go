// Package tlstest writes the certificates a test of a TLS connection to
// Temporal needs: a CA, the frontend's certificate and a client's, and a
// second CA nobody trusts.
package tlstest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// ServerName is the name on the frontend's certificate (with 127.0.0.1).
const ServerName = "temporal.test"

// Files are the PEM files written; CA signs Server and Client.
type Files struct {
	Dir                   string
	CA, RogueCA           string // certificates
	ServerCert, ServerKey string
	ClientCert, ClientKey string
	// RogueClientCert and RogueClientKey are a client certificate RogueCA signed.
	RogueClientCert, RogueClientKey string

	ca authority
}

type authority struct {
	cert *x509.Certificate
	key  *ecdsa.PrivateKey
}

// Write creates the files under a fresh temporary directory.
func Write(t testing.TB) Files {
	t.Helper()
	dir := t.TempDir()
	ca := newCA(t, "Venue test CA")
	f := Files{Dir: dir, ca: ca}
	rogue := newCA(t, "Rogue CA")
	f.CA = writePEM(t, dir, "ca.pem", "CERTIFICATE", ca.cert.Raw)
	f.RogueCA = writePEM(t, dir, "rogue-ca.pem", "CERTIFICATE", rogue.cert.Raw)
	f.ServerCert, f.ServerKey = ca.issue(t, dir, "server", ServerName, x509.ExtKeyUsageServerAuth)
	f.ClientCert, f.ClientKey = ca.issue(t, dir, "client", "venue-worker", x509.ExtKeyUsageClientAuth)
	f.RogueClientCert, f.RogueClientKey = rogue.issue(t, dir, "rogue-client", "venue-worker", x509.ExtKeyUsageClientAuth)
	return f
}

// RotateClient writes a new client certificate, signed by the CA and
// carrying commonName, over the client's files (a rotation).
func (f Files) RotateClient(t testing.TB, commonName string) {
	t.Helper()
	cert, key := f.ca.issue(t, f.Dir, "rotated", commonName, x509.ExtKeyUsageClientAuth)
	for _, mv := range [][2]string{{cert, f.ClientCert}, {key, f.ClientKey}} {
		if err := os.Rename(mv[0], mv[1]); err != nil {
			t.Fatal(err)
		}
	}
}

// ServerTLS is a server configuration presenting the frontend's
// certificate; requireClient demands a client certificate the CA signed.
func (f Files) ServerTLS(t testing.TB, requireClient bool) *tls.Config {
	t.Helper()
	pair, err := tls.LoadX509KeyPair(f.ServerCert, f.ServerKey)
	if err != nil {
		t.Fatal(err)
	}
	cfg := &tls.Config{Certificates: []tls.Certificate{pair}, MinVersion: tls.VersionTLS12}
	if requireClient {
		pool := x509.NewCertPool()
		pem, err := os.ReadFile(f.CA)
		if err != nil {
			t.Fatal(err)
		}
		pool.AppendCertsFromPEM(pem)
		cfg.ClientAuth, cfg.ClientCAs = tls.RequireAndVerifyClientCert, pool
	}
	return cfg
}

func newCA(t testing.TB, name string) authority {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: serial(t), Subject: pkix.Name{CommonName: name}, NotBefore: time.Now().Add(-time.Hour),
		NotAfter: time.Now().Add(24 * time.Hour), IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return authority{cert: cert, key: key}
}

func (a authority) issue(t testing.TB, dir, file, commonName string, usage x509.ExtKeyUsage) (certFile, keyFile string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: serial(t), Subject: pkix.Name{CommonName: commonName}, NotBefore: time.Now().Add(-time.Hour),
		NotAfter: time.Now().Add(24 * time.Hour), KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{usage}}
	if usage == x509.ExtKeyUsageServerAuth {
		tmpl.DNSNames, tmpl.IPAddresses = []string{commonName}, []net.IP{net.ParseIP("127.0.0.1")}
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, a.cert, &key.PublicKey, a.key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return writePEM(t, dir, file+".pem", "CERTIFICATE", der), writePEM(t, dir, file+"-key.pem", "EC PRIVATE KEY", keyDER)
}

func serial(t testing.TB) *big.Int {
	n, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func writePEM(t testing.TB, dir, name, kind string, der []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}
