package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const run = `{"Action":"run","Package":"p","Test":"TestA"}
{"Action":"output","Package":"p","Test":"TestA","Output":"=== RUN   TestA\n"}
{"Action":"pass","Package":"p","Test":"TestA","Elapsed":0.1}
{"Action":"run","Package":"p","Test":"TestB"}
{"Action":"output","Package":"p","Test":"TestB","Output":"=== RUN   TestB\n"}
{"Action":"output","Package":"p","Test":"TestB","Output":"    b_test.go:9: needs a font\n"}
{"Action":"output","Package":"p","Test":"TestB","Output":"--- SKIP: TestB (0.00s)\n"}
{"Action":"skip","Package":"p","Test":"TestB","Elapsed":0}
{"Action":"run","Package":"p","Test":"TestC"}
{"Action":"output","Package":"p","Test":"TestC","Output":"    c_test.go:3: want 2, got 3\n"}
{"Action":"fail","Package":"p","Test":"TestC","Elapsed":0.2}
{"Action":"fail","Package":"p","Elapsed":0.5}
`

func summarize(t *testing.T, input string, allowed map[key]bool) (bool, string) {
	t.Helper()
	var out bytes.Buffer
	s := &summary{out: &out, output: map[key][]string{}, results: map[key]string{}, skipWhy: map[key]string{}, builds: map[string][]string{}}
	if err := s.read(strings.NewReader(input)); err != nil {
		t.Fatal(err)
	}
	return s.report("t", allowed), out.String()
}

func TestCountsFailuresAndSkips(t *testing.T) {
	t.Parallel()
	ok, out := summarize(t, run, nil)
	if ok {
		t.Fatal("a failed test must fail the run")
	}
	for _, want := range []string{"--- FAIL p TestC", "want 2, got 3", "p TestB: b_test.go:9: needs a font",
		"3 tests and subtests: 1 passed, 1 failed, 1 skipped", "failed packages: p"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
}

func TestAnUnlistedSkipFailsTheRun(t *testing.T) {
	t.Parallel()
	passing := strings.Replace(strings.Replace(run, `"fail","Package":"p","Test":"TestC"`, `"pass","Package":"p","Test":"TestC"`, 1),
		`"fail","Package":"p","Elapsed"`, `"pass","Package":"p","Elapsed"`, 1)
	if ok, out := summarize(t, passing, map[key]bool{}); ok || !strings.Contains(out, "skips not allowed here") {
		t.Fatalf("an unlisted skip passed:\n%s", out)
	}
	if ok, out := summarize(t, passing, map[key]bool{{"p", "TestB"}: true}); !ok {
		t.Fatalf("a listed skip failed the run:\n%s", out)
	}
	if ok, _ := summarize(t, passing, nil); !ok {
		t.Fatal("without a skips file a skip is only reported")
	}
}

func TestSkipsFileNeedsAReasonPerLine(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := filepath.Join(dir, "good")
	if err := os.WriteFile(good, []byte("# comment\np TestB  # needs the font\n\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := readSkips(good)
	if err != nil || !got[key{"p", "TestB"}] {
		t.Fatalf("%v %v", got, err)
	}
	bad := filepath.Join(dir, "bad")
	if err := os.WriteFile(bad, []byte("p TestB\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := readSkips(bad); err == nil {
		t.Fatal("a line without a reason was accepted")
	}
}
