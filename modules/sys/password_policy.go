package sys

import (
	"strings"
	"unicode"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/config"
)

// PasswordPolicy is what a new password must satisfy: the spec's minimum
// length 6 (or more, configured), not the user name, not the mobile number,
// not one of the most common passwords, and, configured, characters of
// several classes (lower case, upper case, digits, symbols).
type PasswordPolicy struct {
	MinLen  int
	Classes int
}

// PolicyOf reads the configured policy; it is never weaker than the spec's.
func PolicyOf(cfg *config.Config) PasswordPolicy {
	p := PasswordPolicy{MinLen: MinPasswordLen, Classes: 1}
	if cfg != nil {
		p.MinLen = max(p.MinLen, min(cfg.PasswordMinLen, maxPasswordLen))
		p.Classes = max(1, min(cfg.PasswordClasses, 4))
	}
	return p
}

// Check adds the field's error when pw breaks the policy; username and mobile
// are the account's (either may be empty).
func (p PasswordPolicy) Check(c *api.Check, field, pw, username, mobile string) bool {
	if !c.Required(field, pw) || !c.MinLen(field, pw, p.MinLen) || !c.MaxLen(field, pw, maxPasswordLen) {
		return false
	}
	lower := strings.ToLower(pw)
	name := strings.ToLower(strings.TrimSpace(username))
	mobile = strings.TrimSpace(mobile)
	switch {
	case name != "" && (lower == name || (len(name) >= 4 && strings.Contains(lower, name))):
		c.Add(field, "password.contains_username", nil)
	case mobile != "" && len(mobile) >= 6 && strings.Contains(pw, strings.TrimPrefix(mobile, "+")):
		c.Add(field, "password.contains_mobile", nil)
	case commonPasswords[lower] || commonPasswords[strings.TrimRight(lower, "0123456789!@#.")]:
		c.Add(field, "password.too_common", nil)
	case classes(pw) < p.Classes:
		c.Add(field, "password.needs_classes", map[string]any{"Classes": p.Classes})
	default:
		return true
	}
	return false
}

func classes(pw string) int {
	var lo, up, dg, sy int
	for _, r := range pw {
		switch {
		case unicode.IsLower(r):
			lo = 1
		case unicode.IsUpper(r):
			up = 1
		case unicode.IsDigit(r):
			dg = 1
		default:
			sy = 1
		}
	}
	return lo + up + dg + sy
}

// commonPasswords are the most used passwords of the public breach lists
// (lower case); a password equal to one, or to one followed by digits or
// punctuation, is refused.
var commonPasswords = func() map[string]bool {
	m := map[string]bool{}
	for _, p := range strings.Fields(`
123456 123456789 12345678 password qwerty 12345 1234567 111111 123123 1234567890 000000 abc123 password1
iloveyou 1q2w3e4r 1qaz2wsx qwerty123 qwertyuiop 654321 666666 888888 112233 121212 123321 147258 159753
aa123456 a123456 a12345 abcd1234 abcdef abcabc admin admin123 administrator root toor welcome welcome1
letmein monkey dragon football baseball master sunshine princess shadow superman michael charlie jessica
passw0rd p@ssw0rd p@ssword password123 pass1234 test test123 guest user changeme default secret login
qazwsx zxcvbn zxcvbnm asdfgh asdfghjkl 1234qwer qwer1234 q1w2e3r4 woaini 5201314 520520 woaini1314
987654321 0987654321 11111111 88888888 66666666 12341234 11223344 aaaaaa aaaaaaaa asd123 qwe123 zxc123
123abc 123qwe 1a2b3c 7777777 999999 123654 trustno1 hello hello123 starwars whatever freedom ninja
mustang access flower hottie lovely 696969 batman killer soccer hockey ranger buster thomas robert
summer winter spring autumn computer internet google samsung apple iphone huawei xiaomi venue venue123
restaurant merchant manager waiter demo demo123 system system123 server pa55word letmein1 welcome123
`) {
		m[p] = true
	}
	return m
}()
