// Package textsearch is the "matches anywhere" search of lists that can grow
// large (issue 17): a text occurs inside a name exactly when some suffix of
// the name starts with it, so a table of the suffixes of every indexed name,
// searched with `suffix LIKE 'text%'`, answers the search with one index
// range scan, case-insensitively and in any language. MySQL/MariaDB's
// FULLTEXT has no n-gram parser on MariaDB and matches words, not parts of
// words; the suffix table behaves alike on MySQL, MariaDB and SQLite.
//
// Each module keeps its own suffix table (its rows carry the owner's
// MerchantID, so the tenant scope narrows them like any other row) and
// rewrites an owner's rows in the same transaction as the owner's write.
// A name costs about as many rows as it has characters.
//
// Small, bounded lists match anywhere with Contains (`LIKE '%text%'`), a scan
// of at most a few hundred rows.
package textsearch

import (
	"strings"
	"unicode/utf8"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Max is how many characters of each suffix are kept; a longer search text
// is looked up by its first Max characters and must then be checked whole
// against the names (Key says when).
const Max = 24

// Key is a search text as it is looked up: trimmed, lower-cased, at most Max
// characters; cut tells whether it was shortened.
func Key(text string) (key string, cut bool) {
	key = strings.ToLower(strings.TrimSpace(text))
	if utf8.RuneCountInString(key) > Max {
		return string([]rune(key)[:Max]), true
	}
	return key, false
}

// Suffixes are the distinct suffixes of the lower-cased texts, each cut to
// Max characters. A suffix starting at a space adds nothing a search needs
// (searches are trimmed); a cut suffix loses its trailing spaces, since
// MySQL compares "a " and "a" alike.
func Suffixes(texts ...string) []string {
	seen := map[string]bool{}
	var out []string
	for _, t := range texts {
		r := []rune(strings.ToLower(strings.TrimSpace(t)))
		for i := range r {
			if r[i] == ' ' {
				continue
			}
			s := strings.TrimRight(string(r[i:min(len(r), i+Max)]), " ")
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	return out
}

var escaper = strings.NewReplacer("!", "!!", "%", "!%", "_", "!_")

// Escape escapes LIKE wildcards in a user's text with '!', an escape
// character MySQL and SQLite read alike (use with ESCAPE '!').
func Escape(s string) string { return escaper.Replace(s) }

// Prefix is the LIKE pattern matching s as a prefix (ESCAPE '!').
func Prefix(s string) string { return Escape(s) + "%" }

// Contains is the LIKE pattern matching s anywhere (ESCAPE '!').
func Contains(s string) string { return "%" + Escape(s) + "%" }

// Owners is the subquery of the owner ids (ownerColumn of the suffix table
// model) whose indexed text contains key; extra narrows the suffix rows
// (e.g. "field = ?", "n"). Run it as `id IN (?)`.
func Owners(db *gorm.DB, model any, ownerColumn, key string, extra ...any) *gorm.DB {
	q := db.Session(&gorm.Session{NewDB: true}).Model(model).Select(ownerColumn).
		Where("suffix LIKE ? ESCAPE '!'", Prefix(key))
	if len(extra) > 0 {
		q = q.Where(extra[0], extra[1:]...)
	}
	return q
}

// Rewrite replaces the suffix rows of the owners ids with rows, inside the
// caller's transaction. Suffixes that differ only where a _ci collation does
// not look (accents) are one row.
func Rewrite[T any](tx *gorm.DB, ownerColumn string, ids []uint64, rows []T) error {
	if len(ids) == 0 {
		return nil
	}
	var zero T
	for start := 0; start < len(ids); start += 1000 {
		if err := tx.Where(ownerColumn+" IN ?", ids[start:min(len(ids), start+1000)]).Delete(&zero).Error; err != nil {
			return err
		}
	}
	if len(rows) == 0 {
		return nil
	}
	return tx.Clauses(clause.OnConflict{DoNothing: true}).CreateInBatches(rows, 1000).Error
}
