package platformtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/go-sql-driver/mysql"
)

// mysqlPool hands out databases holding the template's rows. Creating a
// schema costs a DDL statement per table (about 35 ms each on this machine's
// MariaDB, seconds per test), so a database is created once per parallel
// test and, when its test ends, put back to the template: only the tables
// whose checksum or next id differs from the template's are rewritten. A
// database whose tables no longer match the template's is dropped instead.
type mysqlPool struct {
	admin    *sql.DB
	base     mysql.Config
	template string
	tables   []string
	sums     map[string]int64         // CHECKSUM TABLE of each template table
	nextIDs  map[string]sql.NullInt64 // AUTO_INCREMENT of each template table

	mu   sync.Mutex
	free []string
	all  []string
}

func newMySQLPool() (*mysqlPool, error) {
	base := os.Getenv("VENUE_TEST_MYSQL_DSN")
	if base == "" {
		return nil, errors.New("VENUE_TEST_DB=mysql needs VENUE_TEST_MYSQL_DSN, e.g. root@tcp(127.0.0.1:3306)/")
	}
	cfg, err := mysql.ParseDSN(base)
	if err != nil {
		return nil, fmt.Errorf("VENUE_TEST_MYSQL_DSN: %w", err)
	}
	cfg.DBName = ""
	admin, err := sql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		return nil, err
	}
	p := &mysqlPool{admin: admin, base: *cfg}
	if p.template, err = p.create(); err != nil {
		_ = admin.Close() // the create's error is the one to report
		return nil, err
	}
	return p, nil
}

func (p *mysqlPool) dsn(name string) string {
	cfg := p.base.Clone()
	cfg.DBName = name
	return cfg.FormatDSN()
}

// create makes an empty database with a random name.
func (p *mysqlPool) create() (string, error) {
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "venue_t_" + hex.EncodeToString(b[:])
	if _, err := p.admin.Exec("CREATE DATABASE " + name + " CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"); err != nil {
		return "", fmt.Errorf("create test database: %w", err)
	}
	p.mu.Lock()
	p.all = append(p.all, name)
	p.mu.Unlock()
	return name, nil
}

// snapshot records the seeded template's tables, checksums and next ids.
func (p *mysqlPool) snapshot() error {
	var err error
	if p.tables, err = p.tableNames(p.template); err != nil {
		return err
	}
	if p.sums, err = p.checksums(p.template); err != nil {
		return err
	}
	p.nextIDs, err = p.autoIncrements(p.template)
	return err
}

func (p *mysqlPool) acquire() (string, error) {
	p.mu.Lock()
	if n := len(p.free); n > 0 {
		name := p.free[n-1]
		p.free = p.free[:n-1]
		p.mu.Unlock()
		return name, nil
	}
	p.mu.Unlock()
	name, err := p.create()
	if err != nil {
		return "", err
	}
	if err := p.clone(name); err != nil {
		p.dropOne(name)
		return "", err
	}
	return name, nil
}

// release puts a test's database back to the template and into the pool.
func (p *mysqlPool) release(name string) {
	if err := p.reset(name); err != nil {
		p.dropOne(name)
		return
	}
	p.mu.Lock()
	p.free = append(p.free, name)
	p.mu.Unlock()
}

func (p *mysqlPool) clone(name string) error {
	for _, t := range p.tables {
		if _, err := p.admin.Exec("CREATE TABLE " + qualified(name, t) + " LIKE " + qualified(p.template, t)); err != nil {
			return fmt.Errorf("clone %s: %w", t, err)
		}
	}
	return p.copyRows(name, p.tables)
}

// reset rewrites the tables of name that differ from the template's.
func (p *mysqlPool) reset(name string) error {
	tables, err := p.tableNames(name)
	if err != nil {
		return err
	}
	if !slices.Equal(tables, p.tables) {
		return errors.New("the test changed the schema")
	}
	sums, err := p.checksums(name)
	if err != nil {
		return err
	}
	var dirty []string
	for _, t := range p.tables {
		if sums[t] != p.sums[t] {
			dirty = append(dirty, t)
		}
	}
	if err := p.copyRows(name, dirty); err != nil {
		return err
	}
	nextIDs, err := p.autoIncrements(name)
	if err != nil {
		return err
	}
	return p.restoreNextIDs(name, nextIDs)
}

// copyRows replaces the rows of tables in name with the template's, in one transaction.
func (p *mysqlPool) copyRows(name string, tables []string) error {
	if len(tables) == 0 {
		return nil
	}
	ctx := context.Background()
	conn, err := p.admin.Conn(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = conn.Close() }() // back to the pool; the statements' errors are what count
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // after Commit it does nothing
	stmts := []string{"SET SESSION foreign_key_checks = 0"}
	for _, t := range tables {
		stmts = append(stmts, "DELETE FROM "+qualified(name, t),
			"INSERT INTO "+qualified(name, t)+" SELECT * FROM "+qualified(p.template, t))
	}
	for _, s := range stmts {
		if _, err := tx.Exec(s); err != nil {
			return fmt.Errorf("%s: %w", s, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, "SET SESSION foreign_key_checks = 1")
	return err
}

// restoreNextIDs gives every table the template's next id, so ids a test sees
// do not depend on the tests that ran before it in the same database.
func (p *mysqlPool) restoreNextIDs(name string, have map[string]sql.NullInt64) error {
	for _, t := range p.tables {
		want := p.nextIDs[t]
		if !want.Valid || have[t] == want {
			continue
		}
		// InnoDB keeps the counter above the highest id, which after the
		// copy is the template's highest: the template's value is allowed.
		if _, err := p.admin.Exec(fmt.Sprintf("ALTER TABLE %s AUTO_INCREMENT = %d", qualified(name, t), want.Int64)); err != nil {
			return err
		}
	}
	return nil
}

func (p *mysqlPool) tableNames(db string) ([]string, error) {
	rows, err := p.admin.Query("SELECT table_name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE' ORDER BY table_name", db)
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }() // rows.Err() reports the iteration's error
	var out []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// checksums answers CHECKSUM TABLE of every template table in db, in one statement.
func (p *mysqlPool) checksums(db string) (map[string]int64, error) {
	names := make([]string, len(p.tables))
	for i, t := range p.tables {
		names[i] = qualified(db, t)
	}
	rows, err := p.admin.Query("CHECKSUM TABLE " + strings.Join(names, ", ") + " EXTENDED")
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }() // rows.Err() reports the iteration's error
	out := map[string]int64{}
	for rows.Next() {
		var table string
		var sum sql.NullInt64
		if err := rows.Scan(&table, &sum); err != nil {
			return nil, err
		}
		out[strings.TrimPrefix(table, db+".")] = sum.Int64
	}
	return out, rows.Err()
}

func (p *mysqlPool) autoIncrements(db string) (map[string]sql.NullInt64, error) {
	rows, err := p.admin.Query("SELECT table_name, auto_increment FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'", db)
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }() // rows.Err() reports the iteration's error
	out := map[string]sql.NullInt64{}
	for rows.Next() {
		var n string
		var v sql.NullInt64
		if err := rows.Scan(&n, &v); err != nil {
			return nil, err
		}
		out[n] = v
	}
	return out, rows.Err()
}

func (p *mysqlPool) dropOne(name string) {
	_, _ = p.admin.Exec("DROP DATABASE IF EXISTS " + quoteIdent(name))
	p.mu.Lock()
	p.all = slices.DeleteFunc(p.all, func(n string) bool { return n == name })
	p.free = slices.DeleteFunc(p.free, func(n string) bool { return n == name })
	p.mu.Unlock()
}

func (p *mysqlPool) drop() {
	p.mu.Lock()
	all := slices.Clone(p.all)
	p.mu.Unlock()
	for _, n := range all {
		p.dropOne(n)
	}
	_ = p.admin.Close() // the test binary is ending
}

// qualified names table t of database db. Both come from this pool (random
// database names) or from information_schema, never from a test's input.
func qualified(db, t string) string { return quoteIdent(db) + "." + quoteIdent(t) }

func quoteIdent(s string) string { return "`" + strings.ReplaceAll(s, "`", "``") + "`" }
