package dbx

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"gorm.io/gorm"
)

// Migration is one versioned schema step. IDs are "<module>/<nnnn>_<what>";
// once released a migration is never edited, only followed by a new one.
// Up runs through GORM's migrator so that the same step creates the same
// schema on MySQL/MariaDB and SQLite.
type Migration struct {
	ID string
	Up func(tx *gorm.DB) error
}

type schemaMigration struct {
	ID        string    `gorm:"primaryKey;size:191"`
	AppliedAt time.Time `gorm:"not null"`
}

func (schemaMigration) TableName() string { return "schema_migrations" }

// Migrate applies, in order, every migration not yet recorded. It is safe to
// call at every start and from several processes: on MySQL a named lock
// serialises them; SQLite serialises writers itself.
func Migrate(ctx context.Context, db *gorm.DB, migrations []Migration, log *slog.Logger) (applied int, err error) {
	seen := map[string]bool{}
	for _, m := range migrations {
		if seen[m.ID] {
			return 0, fmt.Errorf("migration %s declared twice", m.ID)
		}
		seen[m.ID] = true
	}
	conn := db.WithContext(ctx)
	if DialectOf(db) == MySQL {
		// A named lock lives on one connection, so hold one for the whole run.
		sqlDB, err := db.DB()
		if err != nil {
			return 0, err
		}
		c, err := sqlDB.Conn(ctx)
		if err != nil {
			return 0, err
		}
		defer func() { _ = c.Close() }() // back to the pool, after the RELEASE_LOCK deferred below
		var got int
		// Named locks are the server's: the name carries the database's, so
		// databases sharing a server (tenants, test databases) migrate side by side.
		if err := c.QueryRowContext(ctx, "SELECT GET_LOCK(CONCAT('venue_migrate.', MD5(DATABASE())), 120)").Scan(&got); err != nil || got != 1 {
			return 0, fmt.Errorf("acquire migration lock: %v", err)
		}
		defer c.ExecContext(context.Background(), "SELECT RELEASE_LOCK(CONCAT('venue_migrate.', MD5(DATABASE())))") //nolint:errcheck // a failed release leaves the lock with this pooled connection until it closes; the migration's own result is what Migrate reports
	}
	if err := conn.Migrator().AutoMigrate(&schemaMigration{}); err != nil {
		return 0, fmt.Errorf("create schema_migrations: %w", err)
	}
	var done []schemaMigration
	if err := conn.Find(&done).Error; err != nil {
		return 0, err
	}
	doneSet := make(map[string]bool, len(done))
	for _, d := range done {
		doneSet[d.ID] = true
	}
	for _, m := range migrations {
		if doneSet[m.ID] {
			continue
		}
		start := time.Now()
		if err := m.Up(conn); err != nil {
			return applied, fmt.Errorf("migration %s: %w", m.ID, err)
		}
		if err := conn.Create(&schemaMigration{ID: m.ID, AppliedAt: time.Now().UTC()}).Error; err != nil {
			return applied, fmt.Errorf("record migration %s: %w", m.ID, err)
		}
		applied++
		if log != nil {
			log.Info("migration applied", "id", m.ID, "ms", time.Since(start).Milliseconds())
		}
	}
	return applied, nil
}

// CreateTables is the usual body of a migration: create each frozen table
// shape with its indexes.
func CreateTables(tx *gorm.DB, tables ...any) error {
	if DialectOf(tx) == MySQL {
		tx = tx.Set("gorm:table_options", "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci")
	}
	for _, t := range tables {
		if err := tx.Migrator().CreateTable(t); err != nil {
			return err
		}
	}
	return nil
}
