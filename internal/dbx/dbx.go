// Package dbx opens the database (SQLite by default, MySQL 8 / MariaDB when
// configured) and runs the versioned migrations the modules declare.
package dbx

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	mysqldriver "github.com/go-sql-driver/mysql"
	"gorm.io/driver/mysql"
	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
	_ "modernc.org/sqlite" // registers the pure-Go "sqlite" driver, the one the Temporal server links too
)

// Dialect names the SQL flavour behind a *gorm.DB.
type Dialect string

const (
	SQLite Dialect = "sqlite"
	MySQL  Dialect = "mysql"
)

// Options select and tune the database.
type Options struct {
	DSN     string // "" = SQLite under DataDir; "sqlite://path"; "mysql://..." or a go-sql-driver DSN
	DataDir string
	MaxOpen int
	Logger  *slog.Logger
}

// Open connects to the configured database.
func Open(o Options) (*gorm.DB, error) {
	dialect, dsn, err := parseDSN(o)
	if err != nil {
		return nil, err
	}
	cfg := &gorm.Config{
		Logger:                                   gormLogger(o.Logger),
		DisableForeignKeyConstraintWhenMigrating: true,
		TranslateError:                           true,
		NowFunc:                                  func() time.Time { return time.Now().UTC().Truncate(time.Millisecond) },
	}
	var db *gorm.DB
	switch dialect {
	case SQLite:
		// No gorm PrepareStmt here: its cache prepares a new statement on the
		// pool and makes every other user of that statement wait for it, a
		// transaction too. With SQLite's single writer, that transaction holds
		// the write lock while the preparer waits for a connection that the
		// writers queued behind the lock hold: all stall until busy_timeout
		// (seen as SQLITE_BUSY under 100 concurrent process starts).
		if dir := filepath.Dir(strings.TrimPrefix(strings.SplitN(dsn, "?", 2)[0], "file:")); dir != "" {
			if err := os.MkdirAll(dir, 0o750); err != nil {
				return nil, err
			}
		}
		db, err = gorm.Open(sqlite.Dialector{DriverName: "sqlite", DSN: dsn}, cfg)
	case MySQL:
		db, err = gorm.Open(mysql.New(mysql.Config{DSN: dsn, DefaultStringSize: 191}), cfg)
	}
	if err != nil {
		return nil, fmt.Errorf("open %s database: %w", dialect, err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, err
	}
	switch dialect {
	case SQLite:
		// WAL lets readers run beside the one writer; a few connections are plenty.
		sqlDB.SetMaxOpenConns(8)
	case MySQL:
		maxOpen := o.MaxOpen
		if maxOpen <= 0 {
			maxOpen = 32
		}
		sqlDB.SetMaxOpenConns(maxOpen)
		sqlDB.SetMaxIdleConns(maxOpen)
		sqlDB.SetConnMaxLifetime(30 * time.Minute)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := sqlDB.PingContext(ctx); err != nil {
		return nil, fmt.Errorf("connect %s database: %w", dialect, err)
	}
	return db, nil
}

// DialectOf tells which flavour db speaks.
func DialectOf(db *gorm.DB) Dialect {
	if db.Dialector.Name() == "mysql" {
		return MySQL
	}
	return SQLite
}

func parseDSN(o Options) (Dialect, string, error) {
	dsn := strings.TrimSpace(o.DSN)
	switch {
	case dsn == "":
		return SQLite, sqliteDSN(filepath.Join(o.DataDir, "venue.db")), nil
	case strings.HasPrefix(dsn, "sqlite://"):
		return SQLite, sqliteDSN(strings.TrimPrefix(dsn, "sqlite://")), nil
	case strings.HasPrefix(dsn, "mysql://"):
		return mysqlDSN(strings.TrimPrefix(dsn, "mysql://"))
	case strings.Contains(dsn, "@tcp(") || strings.Contains(dsn, "@unix("):
		return mysqlDSN(dsn)
	}
	return "", "", errors.New("VENUE_DB_DSN: expected empty, sqlite://path, mysql://... or a MySQL DSN like user:pass@tcp(host:3306)/venue")
}

func sqliteDSN(path string) string {
	return "file:" + path + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(ON)&_txlock=immediate&_time_format=sqlite"
}

func mysqlDSN(dsn string) (Dialect, string, error) {
	cfg, err := mysqldriver.ParseDSN(dsn)
	if err != nil {
		return "", "", fmt.Errorf("VENUE_DB_DSN: %w", err)
	}
	cfg.ParseTime = true
	cfg.Loc = time.UTC
	if cfg.Params == nil {
		cfg.Params = map[string]string{}
	}
	if _, ok := cfg.Params["charset"]; !ok {
		cfg.Params["charset"] = "utf8mb4"
	}
	cfg.Params["time_zone"] = "'+00:00'"
	// One round trip per query instead of prepare, execute and close; safe
	// with utf8mb4 (the driver refuses it for multibyte-unsafe charsets).
	cfg.InterpolateParams = true
	return MySQL, cfg.FormatDSN(), nil
}

// Close releases the connection pool.
func Close(db *gorm.DB) {
	if sqlDB, err := db.DB(); err == nil {
		_ = sqlDB.Close()
	}
}

// Ping checks that the database answers.
func Ping(ctx context.Context, db *gorm.DB) error {
	sqlDB, err := db.DB()
	if err != nil {
		return err
	}
	return sqlDB.PingContext(ctx)
}

func gormLogger(l *slog.Logger) logger.Interface {
	if l == nil {
		return logger.Discard
	}
	return &sqlLog{Interface: logger.NewSlogLogger(l, logger.Config{SlowThreshold: slowSQL, IgnoreRecordNotFoundError: true, LogLevel: logger.Warn}),
		level: logger.Warn}
}

// slowSQL is the time from which a statement is logged as slow.
const slowSQL = 500 * time.Millisecond

// sqlLog logs failed and slow statements. gorm's slog logger renders every
// statement with its values before it decides whether to log it (about 5 %
// of the Go CPU of an order submission); this one renders only what it logs.
type sqlLog struct {
	logger.Interface
	level logger.LogLevel
}

func (l *sqlLog) LogMode(level logger.LogLevel) logger.Interface {
	return &sqlLog{Interface: l.Interface.LogMode(level), level: level}
}

func (l *sqlLog) Trace(ctx context.Context, begin time.Time, fc func() (string, int64), err error) {
	failed := err != nil && !errors.Is(err, gorm.ErrRecordNotFound)
	if l.level > logger.Silent && (failed || time.Since(begin) > slowSQL || l.level >= logger.Info) {
		l.Interface.Trace(ctx, begin, fc, err)
	}
}

// IsNotFound reports a missing row.
func IsNotFound(err error) bool {
	return errors.Is(err, gorm.ErrRecordNotFound) || errors.Is(err, sql.ErrNoRows)
}

// IsDuplicate reports a unique-key violation, whichever driver raised it.
func IsDuplicate(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return true
	}
	var me *mysqldriver.MySQLError
	if errors.As(err, &me) {
		return me.Number == 1062
	}
	// modernc.org/sqlite errors are not translated by the gorm dialector.
	var coded interface{ Code() int }
	if errors.As(err, &coded) {
		return coded.Code() == 2067 || coded.Code() == 1555
	}
	return strings.Contains(err.Error(), "UNIQUE constraint failed")
}
