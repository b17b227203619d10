package configure

import (
	"bytes"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/go-fonts/dejavu/dejavusans"
	"github.com/go-fonts/dejavu/dejavusansbold"
	"golang.org/x/image/font/sfnt"
)

// The QR sheet's text (venue names, table labels, "scan to order" in the
// venue's language) may be in any script. DejaVu Sans, embedded in the
// binary, covers Latin (with Vietnamese and Turkish), Greek, Cyrillic,
// Hebrew and Arabic; Chinese, Japanese, Korean and Thai come from TrueType
// fonts found in VENUE_PDF_FONT_DIR (default: the system's font
// directories; the Docker image installs fonts-droid-fallback and
// fonts-tlwg-loma-ttf). Each piece of text is split into runs by the first
// font that has each character; characters no font has are left out (and
// logged once), so a sheet is always produced with its codes and labels.

// Limits of the font scan: what a hostile or odd font directory can cost.
const (
	maxFontFiles = 300
	maxFontBytes = 40 << 20
)

// fontFace is one usable font: its data is read again when a sheet uses it.
type fontFace struct {
	name  string // family name registered in a PDF
	path  string // "" for the embedded fonts
	data  []byte // embedded fonts only
	cover []uint64
}

func (f *fontFace) has(r rune) bool {
	if r < 0 || int(r) >= len(f.cover)*64 {
		return false
	}
	return f.cover[r/64]&(1<<(uint(r)%64)) != 0
}

func (f *fontFace) bytes() ([]byte, error) {
	if f.data != nil {
		return f.data, nil
	}
	return os.ReadFile(f.path)
}

// fontSet is the embedded font and the fonts of the font directories,
// scanned once on first use.
type fontSet struct {
	dirs   []string
	log    *slog.Logger
	once   sync.Once
	faces  []*fontFace // regular faces in preference order, the embedded one first
	bold   *fontFace
	warned sync.Map // runes already reported missing
}

func newFontSet(dir string, log *slog.Logger) *fontSet {
	dirs := []string{dir}
	if dir == "" {
		dirs = []string{"/usr/share/fonts", "/usr/local/share/fonts"}
		if home, err := os.UserHomeDir(); err == nil {
			dirs = append(dirs, filepath.Join(home, ".fonts"))
		}
	}
	return &fontSet{dirs: dirs, log: log}
}

func (s *fontSet) load() {
	s.once.Do(func() {
		if f := coverage("sans", "", dejavusans.TTF); f != nil {
			s.faces = append(s.faces, f)
		}
		s.bold = coverage("sansbold", "", dejavusansbold.TTF)
		var paths []string
		for _, dir := range s.dirs {
			_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
				if err != nil || len(paths) >= maxFontFiles {
					return nil
				}
				ext := strings.ToLower(filepath.Ext(p))
				if !d.IsDir() && (ext == ".ttf" || ext == ".otf") {
					paths = append(paths, p)
				}
				return nil
			})
		}
		sort.SliceStable(paths, func(i, j int) bool { return fontRank(paths[i]) < fontRank(paths[j]) })
		for i, p := range paths {
			info, err := os.Stat(p)
			if err != nil || info.Size() > maxFontBytes {
				continue
			}
			raw, err := os.ReadFile(p) //nolint:gosec // G304: a font file found under the configured (or the system's) font directories
			if err != nil {
				continue
			}
			if f := coverage("f"+strconv.Itoa(i), p, raw); f != nil {
				f.data = nil // read again when used: the coverage is all that stays in memory
				s.faces = append(s.faces, f)
			}
		}
	})
}

// fontRank prefers upright regular sans faces of the common families.
func fontRank(path string) int {
	n := strings.ToLower(filepath.Base(path))
	rank := 10
	for _, w := range []string{"bold", "oblique", "italic", "light", "mono", "condensed", "serif", "narrow", "thin", "black"} {
		if strings.Contains(n, w) {
			rank += 10
		}
	}
	for i, good := range []string{"notosans", "droidsansfallback", "loma", "wqy", "dejavusans"} {
		if strings.Contains(n, good) {
			rank -= 5 - i
		}
	}
	return rank
}

// coverage parses a TrueType font (glyf outlines: what the PDF writer
// embeds) and records which characters of the Basic Multilingual Plane and
// the CJK extension B plane it has.
func coverage(name, path string, raw []byte) *fontFace {
	if len(raw) < 12 || !(bytes.HasPrefix(raw, []byte{0, 1, 0, 0}) || bytes.HasPrefix(raw, []byte("true"))) {
		return nil // CFF outlines ("OTTO") and collections are not embeddable here
	}
	font, err := sfnt.Parse(raw)
	if err != nil {
		return nil
	}
	const planes = 0x30000
	f := &fontFace{name: name, path: path, data: raw, cover: make([]uint64, planes/64)}
	var buf sfnt.Buffer
	found := 0
	for r := rune(0x20); r < planes; r++ {
		if r >= 0xD800 && r <= 0xF8FF || r >= 0x10000 && r < 0x20000 {
			continue // surrogates, private use, plane 1 (emoji and historic scripts)
		}
		if idx, err := font.GlyphIndex(&buf, r); err == nil && idx != 0 {
			f.cover[r/64] |= 1 << (uint(r) % 64)
			found++
		}
	}
	if found == 0 {
		return nil
	}
	return f
}

// run is a piece of text drawn with one font.
type run struct {
	face *fontFace
	text string
}

// runs splits display-ordered text into runs by the first font having each
// character; bold asks for the embedded bold face where it covers.
func (s *fontSet) runs(text string, bold bool) []run {
	s.load()
	var out []run
	for _, r := range text {
		// A space, or a character the current run's font has, stays in that run:
		// fewer font changes, and digits match the script around them.
		if n := len(out); n > 0 && (r == ' ' || r == '\u00a0' || out[n-1].face.has(r)) {
			out[n-1].text += string(r)
			continue
		}
		face := s.faceFor(r, bold)
		if face == nil {
			if _, seen := s.warned.LoadOrStore(r, true); !seen && s.log != nil {
				s.log.Warn("configure: no font has a character of a QR sheet; install a font covering it or set VENUE_PDF_FONT_DIR",
					"char", string(r), "code", fmt.Sprintf("U+%04X", r))
			}
			continue
		}
		if n := len(out); n > 0 && out[n-1].face == face {
			out[n-1].text += string(r)
			continue
		}
		out = append(out, run{face: face, text: string(r)})
	}
	return out
}

func (s *fontSet) faceFor(r rune, bold bool) *fontFace {
	if r == ' ' || r == '\u00a0' {
		if bold && s.bold != nil {
			return s.bold
		}
		if len(s.faces) > 0 {
			return s.faces[0]
		}
	}
	if bold && s.bold != nil && s.bold.has(r) {
		return s.bold
	}
	for _, f := range s.faces {
		if f.has(r) {
			return f
		}
	}
	return nil
}
