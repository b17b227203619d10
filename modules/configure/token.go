package configure

import (
	"crypto/rand"
	"encoding/base64"
)

// tokenBytes is the entropy of a table token: 192 bits (at least 128 are
// required), 32 URL-safe characters.
const tokenBytes = 24

// newToken is a random table token, URL-safe, unrelated to the table.
func newToken() string {
	var b [tokenBytes]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("configure: no randomness: " + err.Error()) // crypto/rand never fails on supported systems
	}
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// plausibleToken rejects what cannot be a token before any lookup.
func plausibleToken(s string) bool {
	if len(s) < 16 || len(s) > 64 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}
