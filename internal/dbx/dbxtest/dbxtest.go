// Package dbxtest gives each test its own database: SQLite by default, a fresh
// MySQL/MariaDB database when VENUE_TEST_DB=mysql (VENUE_TEST_MYSQL_DSN).
package dbxtest

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"os"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// UseMySQL reports whether tests run against MySQL/MariaDB.
func UseMySQL() bool { return os.Getenv("VENUE_TEST_DB") == "mysql" }

// DSN returns a fresh, empty database for one test and drops it afterwards.
// Empty means SQLite in the test's data dir.
func DSN(t testing.TB) string {
	if !UseMySQL() {
		return ""
	}
	if os.Getenv("VENUE_TEST_MYSQL_DSN") == "" {
		t.Fatal("VENUE_TEST_DB=mysql needs VENUE_TEST_MYSQL_DSN, e.g. root@tcp(127.0.0.1:3306)/")
	}
	return FreshMySQL(t)
}

// FreshMySQL creates an empty MySQL/MariaDB database on VENUE_TEST_MYSQL_DSN's
// server, whatever VENUE_TEST_DB says, drops it after the test, and returns
// its go-sql-driver DSN. A test that needs MySQL skips without the variable.
func FreshMySQL(t testing.TB) string {
	t.Helper()
	base := os.Getenv("VENUE_TEST_MYSQL_DSN")
	if base == "" {
		t.Skip("needs MySQL/MariaDB: set VENUE_TEST_MYSQL_DSN (e.g. root@tcp(127.0.0.1:3306)/) to run this test")
	}
	cfg, err := mysql.ParseDSN(base)
	if err != nil {
		t.Fatalf("VENUE_TEST_MYSQL_DSN: %v", err)
	}
	cfg.DBName = ""
	admin, err := sql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatal(err)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "venue_t_" + hex.EncodeToString(b[:])
	if _, err := admin.Exec("CREATE DATABASE " + name + " CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"); err != nil {
		_ = admin.Close()
		t.Fatalf("create test database: %v", err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name)
		_ = admin.Close()
	})
	cfg.DBName = name
	return cfg.FormatDSN()
}
