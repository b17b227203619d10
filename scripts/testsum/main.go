// Command testsum reads `go test -json` on its standard input and prints what
// a person needs from it: each package's result, the output of every failed
// test, and a closing count of tests run, passed, failed and skipped. With
// -skips it also fails the run when a test skipped that the file does not
// list with its reason (CI: a test that silently stops running is a lost test).
//
//	go test -json ./... | go run ./scripts/testsum -title "Go on SQLite" -skips .ci/skips
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"
)

type event struct {
	Time       time.Time
	Action     string
	Package    string
	ImportPath string // build-output and build-fail events
	Test       string
	Elapsed    float64
	Output     string
}

type key struct{ pkg, test string }

type summary struct {
	out      io.Writer
	output   map[key][]string // output of tests (and packages) still running
	results  map[key]string   // pass, fail, skip
	skipWhy  map[key]string
	builds   map[string][]string
	failedPk []string
	packages int
	werr     error // the first failed write: a summary that did not arrive must not pass
}

// printf writes to the summary and keeps the first error.
func (s *summary) printf(format string, a ...any) {
	if _, err := fmt.Fprintf(s.out, format, a...); err != nil && s.werr == nil {
		s.werr = err
	}
}

func main() {
	title := flag.String("title", "go test", "name of the run in the closing line")
	skipsFile := flag.String("skips", "", "file listing the tests allowed to skip: `<package> <test>  # reason` per line")
	flag.Parse()
	var allowed map[key]bool
	if *skipsFile != "" {
		var err error
		if allowed, err = readSkips(*skipsFile); err != nil {
			fmt.Fprintln(os.Stderr, "testsum:", err)
			os.Exit(2)
		}
	}
	s := &summary{out: os.Stdout, output: map[key][]string{}, results: map[key]string{}, skipWhy: map[key]string{}, builds: map[string][]string{}}
	if err := s.read(os.Stdin); err != nil {
		fmt.Fprintln(os.Stderr, "testsum:", err)
		os.Exit(2)
	}
	ok := s.report(*title, allowed)
	if s.werr != nil {
		fmt.Fprintln(os.Stderr, "testsum: write the summary:", s.werr)
		os.Exit(2)
	}
	if !ok {
		os.Exit(1)
	}
}

func (s *summary) read(r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
			s.printf("%s\n", line) // the go command's own messages (build errors of old toolchains)
			continue
		}
		s.handle(e)
	}
	return sc.Err()
}

func (s *summary) handle(e event) {
	k := key{e.Package, e.Test}
	switch e.Action {
	case "build-output":
		s.builds[e.ImportPath] = append(s.builds[e.ImportPath], e.Output)
	case "build-fail":
		s.printf("BUILD FAILED %s\n%s", e.ImportPath, strings.Join(s.builds[e.ImportPath], ""))
	case "output":
		s.output[k] = append(s.output[k], e.Output)
	case "pass", "fail", "skip":
		if e.Test == "" {
			s.packageDone(e)
			return
		}
		s.results[k] = e.Action
		switch e.Action {
		case "fail":
			s.printf("--- FAIL %s %s (%.1fs)\n%s", e.Package, e.Test, e.Elapsed, strings.Join(s.output[k], ""))
		case "skip":
			s.skipWhy[k] = skipReason(s.output[k])
		}
		delete(s.output, k)
	}
}

func (s *summary) packageDone(e event) {
	k := key{e.Package, ""}
	s.packages++
	switch e.Action {
	case "fail":
		s.failedPk = append(s.failedPk, e.Package)
		// Output outside any test: a panic, a TestMain failure, a timeout.
		s.printf("FAIL   %s (%.1fs)\n%s", e.Package, e.Elapsed, strings.Join(s.output[k], ""))
	case "skip":
		s.printf("-      %s (no tests)\n", e.Package)
	default:
		cached := ""
		for _, l := range s.output[k] {
			if strings.Contains(l, "(cached)") {
				cached = " (cached)"
			}
		}
		s.printf("ok     %s %.1fs%s\n", e.Package, e.Elapsed, cached)
	}
	delete(s.output, k)
}

// skipReason is the message the test gave t.Skip: the lines of its output
// between its RUN line and its SKIP line.
func skipReason(lines []string) string {
	var why []string
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "=== ") || strings.HasPrefix(t, "--- SKIP") || t == "" {
			continue
		}
		why = append(why, t)
	}
	return strings.Join(why, " ")
}

func (s *summary) report(title string, allowed map[key]bool) bool {
	counts := map[string]int{}
	var unlisted []string
	var skipped []string
	for k, r := range s.results {
		counts[r]++
		if r != "skip" {
			continue
		}
		line := fmt.Sprintf("%s %s: %s", k.pkg, k.test, s.skipWhy[k])
		skipped = append(skipped, line)
		if allowed != nil && !allowed[k] && !allowed[key{k.pkg, "*"}] {
			unlisted = append(unlisted, line)
		}
	}
	sort.Strings(skipped)
	sort.Strings(unlisted)
	if len(skipped) > 0 {
		s.printf("\nskipped (%d):\n  %s\n", len(skipped), strings.Join(skipped, "\n  "))
	}
	ok := counts["fail"] == 0 && len(s.failedPk) == 0
	if len(unlisted) > 0 {
		s.printf("\nskips not allowed here (list them with a reason in the skips file, or make the test run):\n  %s\n", strings.Join(unlisted, "\n  "))
		ok = false
	}
	verdict := "PASS"
	if !ok {
		verdict = "FAIL"
	}
	s.printf("\n%s %s: %d packages, %d tests and subtests: %d passed, %d failed, %d skipped\n",
		verdict, title, s.packages, counts["pass"]+counts["fail"]+counts["skip"], counts["pass"], counts["fail"], counts["skip"])
	if len(s.failedPk) > 0 {
		s.printf("failed packages: %s\n", strings.Join(s.failedPk, " "))
	}
	return ok
}

func readSkips(path string) (map[key]bool, error) {
	raw, err := os.ReadFile(path) //nolint:gosec // G304: the skips file CI names
	if err != nil {
		return nil, err
	}
	out := map[key]bool{}
	for i, line := range strings.Split(string(raw), "\n") {
		body, reason, _ := strings.Cut(line, "#")
		f := strings.Fields(body)
		if len(f) == 0 {
			continue
		}
		if len(f) != 2 || strings.TrimSpace(reason) == "" {
			return nil, fmt.Errorf("%s:%d: want `<package> <test>  # reason`", path, i+1)
		}
		out[key{f[0], f[1]}] = true
	}
	return out, nil
}
