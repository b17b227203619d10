package codegen_test

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/venueplatform/venue/modules/codegen"
)

// fileState is what a snapshot keeps of a file.
type fileState struct {
	size int64
	mod  time.Time
	mode fs.FileMode
}

// snapshot lists every file under dir except the skipped names.
func snapshot(t *testing.T, dir string, skip func(rel string, d fs.DirEntry) bool) map[string]fileState {
	t.Helper()
	out := map[string]fileState{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if rel != "." && skip(rel, d) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		out[rel] = fileState{size: info.Size(), mod: info.ModTime(), mode: info.Mode()}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameTree(t *testing.T, what string, before, after map[string]fileState) {
	t.Helper()
	for p, a := range after {
		b, ok := before[p]
		switch {
		case !ok:
			t.Errorf("%s: %s appeared", what, p)
		case a != b:
			t.Errorf("%s: %s changed", what, p)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			t.Errorf("%s: %s disappeared", what, p)
		}
	}
}

func repoRoot(t *testing.T) string {
	t.Helper()
	dir, _ := os.Getwd()
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		if filepath.Dir(dir) == dir {
			t.Fatal("go.mod not found")
		}
		dir = filepath.Dir(dir)
	}
}

// Whatever a request sends (paths, NUL bytes, drive letters in every name,
// valid definitions too), no file appears or changes in the project tree, the
// data dir (apart from the database the definitions are saved in) or the
// temporary directory: the files exist only in the answer.
func TestNoRequestWritesOutsideTheZip(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	root := repoRoot(t)
	var b [6]byte
	_, _ = rand.Read(b[:])
	marker := "pwn" + hex.EncodeToString(b[:])

	skipRepo := func(rel string, d fs.DirEntry) bool {
		return d.Name() == "node_modules" || d.Name() == ".git" || d.Name() == "test-results" || d.Name() == "screenshots"
	}
	skipData := func(rel string, d fs.DirEntry) bool { return strings.HasPrefix(d.Name(), "venue.db") }
	repoBefore := snapshot(t, root, skipRepo)
	dataBefore := snapshot(t, f.env.DataDir, skipData)

	saved := f.save(codegen.TargetSpec())
	hostile := []string{"../../" + marker, "/tmp/" + marker, `..\..\` + marker, marker + "\x00.go", `C:\` + marker,
		"modules/" + marker, "%2e%2e%2f" + marker, marker + "/../../x"}
	var specs []codegen.Spec
	for _, h := range hostile {
		for i := range 9 {
			s := codegen.EveryTypeSpec()
			switch i {
			case 0:
				s.Module = h
			case 1:
				s.Entity = h
			case 2:
				s.Table = h
			case 3:
				s.Fields[1].Name = h
			case 4:
				s.Fields[0].Pattern = h
			case 5:
				s.Fields[2].Example = h
			case 6:
				s.Fields[13].Ref = h + ".x"
			case 7:
				s.Fields[10].Dict = h
			case 8:
				s.Labels["en"] = h // a label is text: allowed, and still writes nothing
				s.Fields[1].Labels["fr"] = h
			}
			specs = append(specs, s)
		}
	}
	valid := codegen.EveryTypeSpec()
	valid.Module, valid.Table = marker, marker+"_items"
	specs = append(specs, valid, codegen.EveryTypeSpec())
	for _, s := range specs {
		f.do(http.MethodPost, "/api/createFile/preview", s)
		f.do(http.MethodPost, "/api/createFile/download", s)
		f.do(http.MethodPost, "/api/createFile/definition", s)
		f.do(http.MethodPut, fmt.Sprintf("/api/createFile/definition/%d", saved.ID), s)
	}
	for _, h := range hostile {
		f.do(http.MethodGet, "/api/createFile/tables/"+url.PathEscape(h)+"/draft?module="+url.QueryEscape(h)+"&entity="+url.QueryEscape(h), nil)
	}
	f.do(http.MethodGet, "/api/createFile/definition/1/download", nil)

	sameTree(t, "project tree", repoBefore, snapshot(t, root, skipRepo))
	sameTree(t, "data dir", dataBefore, snapshot(t, f.env.DataDir, skipData))
	for _, dir := range []string{os.TempDir(), filepath.Dir(root), f.env.DataDir} {
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || strings.Count(strings.TrimPrefix(p, dir), string(filepath.Separator)) > 3 || d.Name() == "node_modules" {
				if err == nil && d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if strings.Contains(d.Name(), marker) {
				t.Errorf("%s was written", p)
			}
			return nil
		})
	}
}
