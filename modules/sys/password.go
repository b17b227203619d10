package sys

import (
	"crypto/rand"
	"math/big"

	"golang.org/x/crypto/bcrypt"
)

// MinPasswordLen is the spec's minimum password length.
const MinPasswordLen = 6

// maxPasswordLen keeps passwords inside bcrypt's 72-byte input.
const maxPasswordLen = 72

// MaxPasswordLen is maxPasswordLen for the forms of other modules (the sign-up).
const MaxPasswordLen = maxPasswordLen

const bcryptCost = 10

// HashPassword hashes a password with bcrypt.
func HashPassword(pw string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(pw), bcryptCost)
	return string(h), err
}

// checkPassword compares in constant time for the hash.
func checkPassword(hash, pw string) bool {
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(pw)) == nil
}

// dummyHash is compared against when the account does not exist, so a
// missing user costs the same time as a wrong password.
var dummyHash, _ = HashPassword("venue-platform-timing-equaliser")

// GeneratePassword makes a random password that satisfies every rule, the
// strictest configurable policy included (16 characters of all four classes).
func GeneratePassword() string {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789"
	pick := func(set string) byte {
		n, _ := rand.Int(rand.Reader, big.NewInt(int64(len(set))))
		return set[n.Int64()]
	}
	b := make([]byte, 16)
	for i := range b {
		b[i] = pick(alphabet)
	}
	b[3], b[7], b[11], b[15] = pick("ABCDEFGHJKLMNPQRSTUVWXYZ"), pick("abcdefghijkmnpqrstuvwxyz"), pick("23456789"), pick("-_@#%+=")
	return string(b)
}
