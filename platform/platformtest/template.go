package platformtest

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/venueplatform/venue/internal/config"
	"github.com/venueplatform/venue/internal/dbx/dbxtest"
	"github.com/venueplatform/venue/platform"
)

// A template is the application's database migrated and seeded once per test
// binary (one without the demo merchant, one with it), which each test gets a
// copy of instead of migrating and seeding its own: on SQLite a copy of the
// file, on MySQL a database from a pool that is put back to the template's
// rows when its test ends (see mysqlPool).
type template struct {
	once sync.Once
	err  error
	dir  string     // data dir the template was seeded in: venue.db on SQLite, the uploads on both
	pool *mysqlPool // MySQL only
}

var (
	mainRan   bool
	templates [2]template // [0] plain, [1] with the demo merchant
)

// Main runs a package's tests and then removes its templates. Every package
// whose tests call New declares
//
//	func TestMain(m *testing.M) { platformtest.Main(m) }
func Main(m *testing.M) {
	mainRan = true
	code := m.Run()
	for i := range templates {
		templates[i].remove()
	}
	os.Exit(code)
}

// useTemplate puts a copy of the package's template where cfg points.
func useTemplate(t testing.TB, cfg *config.Config, demo bool) {
	t.Helper()
	if !mainRan {
		t.Fatal("platformtest: this package needs `func TestMain(m *testing.M) { platformtest.Main(m) }` " +
			"(it removes the template databases when the package's tests end)")
	}
	tp := &templates[0]
	if demo {
		tp = &templates[1]
	}
	tp.once.Do(func() { tp.err = tp.build(demo) })
	if tp.err != nil {
		t.Fatalf("template database: %v", tp.err)
	}
	if err := copyDir(tp.dir, cfg.DataDir); err != nil {
		t.Fatalf("copy the template: %v", err)
	}
	if tp.pool != nil {
		name, err := tp.pool.acquire()
		if err != nil {
			t.Fatalf("template database: %v", err)
		}
		// Registered before the application starts, so it runs after the application closed.
		t.Cleanup(func() { tp.pool.release(name) })
		cfg.DBDSN = tp.pool.dsn(name)
	}
}

func (tp *template) build(demo bool) error {
	dir, err := os.MkdirTemp("", "venue-template-")
	if err != nil {
		return err
	}
	tp.dir = dir
	cfg := config.Defaults()
	cfg.DataDir = dir
	cfg.AdminPassword = AdminPassword
	cfg.LogLevel = "warn"
	if dbxtest.UseMySQL() {
		if tp.pool, err = newMySQLPool(); err != nil {
			return err
		}
		cfg.DBDSN = tp.pool.dsn(tp.pool.template)
	}
	ctx := context.Background()
	p, err := platform.Open(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		return fmt.Errorf("open: %w", err)
	}
	err = p.Seed(ctx, demo)
	p.Close()
	if err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	if tp.pool != nil {
		return tp.pool.snapshot()
	}
	return nil
}

func (tp *template) remove() {
	if tp.pool != nil {
		tp.pool.drop()
	}
	if tp.dir != "" {
		_ = os.RemoveAll(tp.dir)
	}
}

// copyDir copies the files under src into dst (which exists). SQLite's shared
// memory index is left behind: it is rebuilt from the write-ahead log.
func copyDir(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o750)
		case filepath.Ext(path) == ".db-shm":
			return nil
		}
		return copyFile(path, target)
	})
}

func copyFile(src, dst string) error {
	in, err := os.Open(src) //nolint:gosec // G304: a file of the template this package wrote
	if err != nil {
		return err
	}
	defer func() { _ = in.Close() }()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600) //nolint:gosec // G304: under the test's own temp dir
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		_ = out.Close() // the copy's error is the one to report
		return err
	}
	return out.Close()
}
