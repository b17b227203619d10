// Package escpos writes and reads ESC/POS, the command language of thermal
// receipt and kitchen printers (Epson TM, Xprinter, Gprinter, SUNMI ...).
//
// An Encoder builds one ticket's byte stream: text in the printer's
// character set, size, bold, alignment, QR codes, beep and cut. Text given
// to it never carries commands: control characters are dropped before
// encoding, and every supported character set encodes printable runes to
// bytes at or above 0x20, so a guest's remark prints as plain text.
//
// Decode (decode.go) reads such a stream back into lines as they would
// appear on paper; the virtual printer and the tests use it.
package escpos

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// Character sets a printer decodes (the names configure's printer form uses).
const (
	GBK     = "GBK"
	GB18030 = "GB18030"
	Big5    = "Big5"
	CP437   = "CP437"
	CP1252  = "CP1252"
	UTF8    = "UTF-8"
)

// Charsets lists every supported character set.
var Charsets = []string{GBK, GB18030, Big5, CP437, CP1252, UTF8}

// Command bytes.
const (
	esc = 0x1B
	gs  = 0x1D
	fs  = 0x1C
	dle = 0x10
	lf  = 0x0A
)

// Align is the alignment of the following lines (ESC a n).
type Align byte

const (
	Left   Align = 0
	Center Align = 1
	Right  Align = 2
)

// Code tables of the single-byte character sets (ESC t n, Epson numbering).
const (
	tableCP437  = 0
	tableCP1252 = 16
)

// Chinese code systems (ESC 9 n on Chinese-market printers such as
// Xprinter and Gprinter; others keep the one set in their firmware).
const (
	chineseGBK  = 0
	chineseUTF8 = 1
	chineseBig5 = 3
)

// Encoder accumulates a ticket. Its methods return the encoder so calls chain.
type Encoder struct {
	buf     bytes.Buffer
	charset string
	enc     *encoding.Encoder
	wide    bool // two-byte (or UTF-8) mode: CJK characters print, double width
}

// New answers an encoder for a character set (one of Charsets).
func New(charset string) (*Encoder, error) {
	e := &Encoder{charset: charset}
	switch charset {
	case GBK:
		e.enc, e.wide = simplifiedchinese.GBK.NewEncoder(), true
	case GB18030:
		e.enc, e.wide = simplifiedchinese.GB18030.NewEncoder(), true
	case Big5:
		e.enc, e.wide = traditionalchinese.Big5.NewEncoder(), true
	case CP437:
		e.enc = charmap.CodePage437.NewEncoder()
	case CP1252:
		e.enc = charmap.Windows1252.NewEncoder()
	case UTF8:
		e.wide = true
	default:
		return nil, fmt.Errorf("escpos: unknown character set %q", charset)
	}
	return e, nil
}

// Charset answers the encoder's character set.
func (e *Encoder) Charset() string { return e.charset }

// Wide reports whether CJK text prints (as double-width characters); in
// the single-byte code pages it prints as '?'.
func (e *Encoder) Wide() bool { return e.wide }

// Bytes answers the stream so far.
func (e *Encoder) Bytes() []byte { return e.buf.Bytes() }

// Len answers the length of the stream so far.
func (e *Encoder) Len() int { return e.buf.Len() }

func (e *Encoder) raw(b ...byte) *Encoder {
	e.buf.Write(b)
	return e
}

// Init resets the printer (ESC @) and selects the character set:
// GBK/GB18030/Big5 through the two-byte (Kanji) mode FS & with the Chinese
// code system ESC 9 n; CP437 and CP1252 by cancelling it (FS .) and picking
// the code table with ESC t n; UTF-8 with Epson's FS ( C (and ESC 9 1 for
// the Chinese-market firmwares).
func (e *Encoder) Init() *Encoder {
	e.raw(esc, '@')
	switch e.charset {
	case GBK, GB18030:
		e.raw(fs, '&', esc, '9', chineseGBK)
	case Big5:
		e.raw(fs, '&', esc, '9', chineseBig5)
	case CP437:
		e.raw(fs, '.', esc, 't', tableCP437)
	case CP1252:
		e.raw(fs, '.', esc, 't', tableCP1252)
	case UTF8:
		e.raw(fs, '(', 'C', 0x02, 0x00, 0x30, 0x02, esc, '9', chineseUTF8)
	}
	return e
}

// Size sets the character magnification (GS ! n), 1 to 8 each way.
func (e *Encoder) Size(width, height int) *Encoder {
	width, height = clamp(width, 1, 8), clamp(height, 1, 8)
	return e.raw(gs, '!', byte((width-1)<<4|(height-1)))
}

// Bold turns emphasis on or off (ESC E n).
func (e *Encoder) Bold(on bool) *Encoder { return e.raw(esc, 'E', flag(on)) }

// Align sets the justification of the following lines (ESC a n).
func (e *Encoder) Align(a Align) *Encoder { return e.raw(esc, 'a', byte(a)) }

// Text writes s in the character set, control characters dropped and
// runes the set lacks printed as '?'.
func (e *Encoder) Text(s string) *Encoder {
	s = Clean(s)
	if e.enc == nil {
		e.buf.WriteString(s)
		return e
	}
	var one [utf8.UTFMax]byte
	for _, r := range s {
		if r < 0x80 {
			e.buf.WriteByte(byte(r))
			continue
		}
		b, err := e.enc.Bytes(one[:utf8.EncodeRune(one[:], r)])
		if err != nil || len(b) == 0 {
			// Keep the columns the layout counted: '??' for a wide character.
			e.buf.WriteString(strings.Repeat("?", max(1, RuneWidth(r))))
			continue
		}
		e.buf.Write(b)
	}
	return e
}

// Line writes s and a line feed.
func (e *Encoder) Line(s string) *Encoder { return e.Text(s).raw(lf) }

// Feed prints and feeds n lines (ESC d n).
func (e *Encoder) Feed(n int) *Encoder { return e.raw(esc, 'd', byte(clamp(n, 0, 255))) }

// Cut feeds the paper to the cutter and cuts it (GS V 66 n: feed n dots,
// partial cut, which every 58/80 mm model supports).
func (e *Encoder) Cut() *Encoder { return e.raw(gs, 'V', 66, 0) }

// Beep sounds the buzzer n times for t × 50 ms (ESC B n t), which kitchen
// printers use to call the cook.
func (e *Encoder) Beep(n, t int) *Encoder {
	return e.raw(esc, 'B', byte(clamp(n, 1, 9)), byte(clamp(t, 1, 9)))
}

// QR prints a QR code of data (GS ( k): model 2, module size (1-16 dots),
// error correction level M. Data longer than the symbol holds is refused.
func (e *Encoder) QR(data string, module int) error {
	if len(data) == 0 || len(data) > 2000 {
		return fmt.Errorf("escpos: QR data of %d bytes", len(data))
	}
	module = clamp(module, 1, 16)
	e.raw(gs, '(', 'k', 4, 0, '1', 'A', '2', 0)       // model 2
	e.raw(gs, '(', 'k', 3, 0, '1', 'C', byte(module)) // module size
	e.raw(gs, '(', 'k', 3, 0, '1', 'E', '1')          // error correction M
	n := len(data) + 3
	e.raw(gs, '(', 'k', byte(n), byte(n>>8), '1', 'P', '0')
	e.buf.WriteString(data)
	e.raw(gs, '(', 'k', 3, 0, '1', 'Q', '0') // print
	return nil
}

// StatusRequest is the real-time status query for the paper sensor
// (DLE EOT 4); a printer answers one byte at once, see PaperOut.
var StatusRequest = []byte{dle, 0x04, 4}

// PaperOut reports whether a DLE EOT 4 answer says the roll is out.
func PaperOut(status byte) bool { return status&0x60 == 0x60 }

// Clean drops control characters (C0, DEL, C1, private use) and turns tabs and line
// breaks into spaces: text from users can never become a command.
func Clean(s string) string {
	clean := true
	for _, r := range s {
		if isControl(r) || r == utf8.RuneError {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			b.WriteByte(' ')
		case isControl(r) || r == utf8.RuneError:
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isControl: C0, DEL and C1 controls, and private-use code points (no
// printer font has them, and GB18030 maps some of them ambiguously).
func isControl(r rune) bool {
	return r < 0x20 || (r >= 0x7F && r < 0xA0) || (r >= 0xE000 && r <= 0xF8FF) || r >= 0xF0000
}

func flag(on bool) byte {
	if on {
		return 1
	}
	return 0
}

func clamp(n, lo, hi int) int {
	return max(lo, min(n, hi))
}
