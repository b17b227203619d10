package dbx

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// The dump of Export is JSON lines: a header line per table
// {"table":"t","columns":["a","b"]}, then one {"row":[...]} line per row,
// sorted. Values are JSON null, numbers, booleans and strings; times are
// {"t":"RFC 3339 UTC"} to the millisecond and binary values {"b":"base64"}. The same data
// exports to the same bytes from SQLite and from MySQL.

// transientTables are node-local and not moved.
var transientTables = map[string]bool{"sys_change_events": true}

type dumpHeader struct {
	Table   string   `json:"table"`
	Columns []string `json:"columns"`
}

type dumpRow struct {
	Row []any `json:"row"`
}

// tables lists the database's tables, sorted.
func tables(ctx context.Context, db *sql.DB, d Dialect) ([]string, error) {
	q := "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
	if d == MySQL {
		q = "SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE'"
	}
	rows, err := db.QueryContext(ctx, q)
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
		if !transientTables[n] {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out, rows.Err()
}

// statement renders sql through gorm: a clause.Table or clause.Column argument
// becomes an identifier quoted for the dialect, any other a bound value.
func statement(gdb *gorm.DB, sql string, vars ...any) (string, []any) {
	stmt := &gorm.Statement{DB: gdb}
	clause.Expr{SQL: sql, Vars: vars}.Build(stmt)
	return stmt.SQL.String(), stmt.Vars
}

// Export writes every table's rows to w.
func Export(ctx context.Context, gdb *gorm.DB, w io.Writer) error {
	db, err := gdb.DB()
	if err != nil {
		return err
	}
	d := DialectOf(gdb)
	names, err := tables(ctx, db, d)
	if err != nil {
		return fmt.Errorf("export: list tables: %w", err)
	}
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for _, name := range names {
		if err := exportTable(ctx, gdb, db, name, enc); err != nil {
			return fmt.Errorf("export %s: %w", name, err)
		}
	}
	return bw.Flush()
}

func exportTable(ctx context.Context, gdb *gorm.DB, db *sql.DB, name string, enc *json.Encoder) error {
	q, args := statement(gdb, "SELECT * FROM ?", clause.Table{Name: name})
	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return err
	}
	defer func() { _ = rows.Close() }() // rows.Err() reports the iteration's error
	cols, err := rows.ColumnTypes()
	if err != nil {
		return err
	}
	names := make([]string, len(cols))
	binary := make([]bool, len(cols))
	for i, c := range cols {
		names[i] = c.Name()
		t := strings.ToUpper(c.DatabaseTypeName())
		binary[i] = strings.Contains(t, "BLOB") || strings.Contains(t, "BINARY")
	}
	// Columns in name order, so that both dialects write the same header.
	order := make([]int, len(names))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(names[a], names[b]) })
	header := dumpHeader{Table: name}
	for _, i := range order {
		header.Columns = append(header.Columns, names[i])
	}
	if err := enc.Encode(header); err != nil {
		return err
	}
	var lines [][]byte
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		row := make([]any, len(order))
		for j, i := range order {
			row[j] = exportValue(vals[i], binary[i])
		}
		b, err := json.Marshal(dumpRow{Row: row})
		if err != nil {
			return err
		}
		lines = append(lines, b)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	slices.SortFunc(lines, bytes.Compare)
	for _, l := range lines {
		if err := enc.Encode(json.RawMessage(l)); err != nil {
			return err
		}
	}
	return nil
}

func exportValue(v any, binary bool) any {
	switch x := v.(type) {
	case nil, int64, float64, bool, string:
		return x
	case uint64: // MySQL's unsigned columns
		if x <= math.MaxInt64 {
			return int64(x)
		}
		return x
	case int32:
		return int64(x)
	case uint32:
		return int64(x)
	case float32:
		return float64(x)
	case []byte:
		if binary {
			return map[string]string{"b": base64.StdEncoding.EncodeToString(x)}
		}
		return string(x)
	case time.Time:
		// Milliseconds: the platform's precision (dbx.Open's NowFunc) and
		// MySQL's DATETIME(3); finer SQLite values would not survive a move.
		return map[string]string{"t": x.UTC().Truncate(time.Millisecond).Format(time.RFC3339Nano)}
	default:
		return fmt.Sprint(x)
	}
}

// Import replaces the rows of every table in the dump with the dump's, in
// one transaction: on any error nothing is written. The database must have
// the same schema (run the migrations of the same version first); a table
// or column the dump names and the database lacks is refused by name.
func Import(ctx context.Context, gdb *gorm.DB, r io.Reader) (map[string]int, error) {
	db, err := gdb.DB()
	if err != nil {
		return nil, err
	}
	d := DialectOf(gdb)
	names, err := tables(ctx, db, d)
	if err != nil {
		return nil, fmt.Errorf("import: list tables: %w", err)
	}
	known := map[string]map[string]bool{}
	for _, n := range names {
		cols, err := columns(ctx, gdb, db, n)
		if err != nil {
			return nil, fmt.Errorf("import: columns of %s: %w", n, err)
		}
		known[n] = cols
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer func() { _ = tx.Rollback() }()
	counts := map[string]int{}
	dec := json.NewDecoder(bufio.NewReader(r))
	dec.UseNumber()
	var cur *dumpHeader
	var batch [][]any
	flush := func() error {
		if cur == nil || len(batch) == 0 {
			return nil
		}
		cols := make([]clause.Column, len(cur.Columns))
		for i, c := range cur.Columns {
			cols[i] = clause.Column{Name: c}
		}
		q, args := statement(gdb, "INSERT INTO ? ?", clause.Table{Name: cur.Table}, clause.Values{Columns: cols, Values: batch})
		if _, err := tx.ExecContext(ctx, q, args...); err != nil {
			return fmt.Errorf("import %s: %w", cur.Table, err)
		}
		counts[cur.Table] += len(batch)
		batch = batch[:0]
		return nil
	}
	for line := 1; ; line++ {
		var raw map[string]json.RawMessage
		if err := dec.Decode(&raw); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("import: line %d: %w", line, err)
		}
		if rowRaw, ok := raw["row"]; ok {
			if cur == nil {
				return nil, fmt.Errorf("import: line %d: a row before any table", line)
			}
			var vals []any
			rd := json.NewDecoder(bytes.NewReader(rowRaw))
			rd.UseNumber()
			if err := rd.Decode(&vals); err != nil || len(vals) != len(cur.Columns) {
				return nil, fmt.Errorf("import: line %d: row of %s does not match its %d columns (%v)", line, cur.Table, len(cur.Columns), err)
			}
			for i, v := range vals {
				if vals[i], err = importValue(v); err != nil {
					return nil, fmt.Errorf("import: line %d, %s.%s: %w", line, cur.Table, cur.Columns[i], err)
				}
			}
			batch = append(batch, vals)
			if len(batch) == 100 {
				if err := flush(); err != nil {
					return nil, err
				}
			}
			continue
		}
		if err := flush(); err != nil {
			return nil, err
		}
		var h dumpHeader
		if err := json.Unmarshal(mustJSON(raw), &h); err != nil || h.Table == "" {
			return nil, fmt.Errorf("import: line %d: neither a table header nor a row", line)
		}
		cols, ok := known[h.Table]
		if !ok {
			return nil, fmt.Errorf("import: table %s is not in this database (migrate it with the same version first)", h.Table)
		}
		for _, c := range h.Columns {
			if !cols[c] {
				return nil, fmt.Errorf("import: column %s.%s is not in this database", h.Table, c)
			}
		}
		q, args := statement(gdb, "DELETE FROM ?", clause.Table{Name: h.Table})
		if _, err := tx.ExecContext(ctx, q, args...); err != nil {
			return nil, fmt.Errorf("import: empty %s: %w", h.Table, err)
		}
		counts[h.Table] = 0
		cur = &h
	}
	if err := flush(); err != nil {
		return nil, err
	}
	// Caches of running nodes know nothing of the import: restart them.
	if known["sys_change_events"] != nil {
		if _, err := tx.ExecContext(ctx, "DELETE FROM sys_change_events"); err != nil {
			return nil, err
		}
	}
	return counts, tx.Commit()
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

func columns(ctx context.Context, gdb *gorm.DB, db *sql.DB, table string) (map[string]bool, error) {
	q, args := statement(gdb, "SELECT * FROM ? WHERE 1 = 0", clause.Table{Name: table})
	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }() // no row is read: only the column names matter
	names, err := rows.Columns()
	out := map[string]bool{}
	for _, n := range names {
		out[n] = true
	}
	return out, err
}

func importValue(v any) (any, error) {
	switch x := v.(type) {
	case nil, bool, string:
		return x, nil
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i, nil
		}
		if u, err := strconv.ParseUint(x.String(), 10, 64); err == nil {
			return u, nil
		}
		return x.Float64()
	case map[string]any:
		if s, ok := x["t"].(string); ok {
			t, err := time.Parse(time.RFC3339Nano, s)
			return t.Truncate(time.Millisecond), err
		}
		if s, ok := x["b"].(string); ok {
			return base64.StdEncoding.DecodeString(s)
		}
	}
	return nil, fmt.Errorf("unexpected value %v", v)
}
