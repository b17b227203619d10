package codegen

import (
	"bytes"
	"context"
	"fmt"
	"go/format"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestGeneratedModulesBuildVetTestAndTypecheck drops the modules generated
// for a definition with every field type (and the entity it refers to) into
// a copy of the project, wires them in as their README says, and runs what a
// developer would: go build, go vet, the generated Go tests (SQLite, or MySQL
// under VENUE_TEST_DB=mysql) and the console's typecheck. Slow: `go test
// -short` skips it; the normal `go test ./...` and CI run it.
func TestGeneratedModulesBuildVetTestAndTypecheck(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("copies and builds the project (-short skips it)")
	}
	root := projectRoot(t)
	nodeModules := filepath.Join(root, "console", "node_modules")
	if _, err := os.Stat(filepath.Join(nodeModules, ".bin", "tsc")); err != nil {
		t.Fatalf("console/node_modules is missing (run `make console-deps`): %v", err)
	}
	dst := t.TempDir()
	copyProject(t, root, dst)
	if err := os.Symlink(nodeModules, filepath.Join(dst, "console", "node_modules")); err != nil {
		t.Fatal(err)
	}

	target, every := targetSpec(), everyTypeSpec()
	for _, s := range []*Spec{&target, &every} {
		if err := validateSpec(s); err != nil {
			t.Fatal(err)
		}
		g, err := Generate(s, everyTypeResolved())
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range g.Files {
			p := filepath.Join(dst, filepath.FromSlash(f.Path))
			if _, err := os.Stat(p); err == nil {
				t.Fatalf("generated %s would overwrite a file of the project", f.Path)
			}
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(f.Content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for _, e := range g.Wiring {
			p := filepath.Join(dst, filepath.FromSlash(e.File))
			raw, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			text, err := e.Apply(string(raw))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The import the wiring adds lands at the top of the block; gofmt sorts it.
	modules := filepath.Join(dst, "platform", "modules.go")
	raw, err := os.ReadFile(modules)
	if err != nil {
		t.Fatal(err)
	}
	formatted, err := format.Source(raw)
	if err != nil {
		t.Fatalf("wired platform/modules.go: %v\n%s", err, raw)
	}
	if err := os.WriteFile(modules, formatted, 0o644); err != nil {
		t.Fatal(err)
	}

	// The console's typecheck runs beside the Go steps: neither waits for the other.
	typecheck := make(chan string, 1)
	go func() {
		typecheck <- runErr(t.Context(), filepath.Join(dst, "console"), 10*time.Minute, "npm", "run", "typecheck")
	}()
	pkgs := []string{"./platform/", "./modules/gensupply/", "./modules/genstock/"}
	run(t, dst, 5*time.Minute, "go", append([]string{"build"}, pkgs...)...)
	run(t, dst, 5*time.Minute, "go", append([]string{"vet"}, pkgs...)...)
	run(t, dst, 10*time.Minute, "go", "test", "-count=1", "./modules/gensupply/", "./modules/genstock/", "./internal/i18n/")
	if out := run(t, dst, 2*time.Minute, "gofmt", "-l", "modules/gensupply", "modules/genstock", "platform"); strings.TrimSpace(out) != "" {
		t.Fatalf("not gofmt-clean: %s", out)
	}
	if failed := <-typecheck; failed != "" {
		t.Fatal(failed)
	}
}

// projectRoot is the directory holding go.mod, above this package.
func projectRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test")
		}
		dir = parent
	}
}

// skipped are the parts of the tree a copy leaves out: dependencies, build
// output, data and version control.
var skipped = map[string]bool{"node_modules": true, "bin": true, "data": true, ".git": true,
	"test-results": true, "screenshots": true, ".umi-production": true}

// copyProject copies the project tree, regular files and directories only.
func copyProject(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if rel != "." && (skipped[d.Name()] || rel == filepath.Join("console", "dist")) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case d.Type().IsRegular():
			return copyFile(p, target)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// run runs a command in dir and fails the test with its output when it fails.
func run(t *testing.T, dir string, limit time.Duration, name string, args ...string) string {
	t.Helper()
	started := time.Now()
	out, err := command(t.Context(), dir, limit, name, args...)
	t.Logf("%s %s: %s", name, strings.Join(args, " "), time.Since(started).Round(time.Second))
	if err != nil {
		t.Fatalf("%s %s in %s: %v\n%s", name, strings.Join(args, " "), dir, err, out)
	}
	return out
}

// runErr runs a command and answers its failure with the output ("" when it passed).
func runErr(ctx context.Context, dir string, limit time.Duration, name string, args ...string) string {
	out, err := command(ctx, dir, limit, name, args...)
	if err != nil {
		return fmt.Sprintf("%s %s in %s: %v\n%s", name, strings.Join(args, " "), dir, err, out)
	}
	return ""
}

func command(ctx context.Context, dir string, limit time.Duration, name string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}
