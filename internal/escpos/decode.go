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

// Line is one printed line as it appears on paper.
type Line struct {
	Text   string `json:"text"`
	Align  Align  `json:"align"`
	Width  int    `json:"width"`  // character magnification across
	Height int    `json:"height"` // and down
	Bold   bool   `json:"bold"`
	QR     string `json:"qr,omitempty"` // a QR code's data (Text is then empty)
}

// Ticket is what came out between two cuts.
type Ticket struct {
	Lines   []Line `json:"lines"`
	Beeps   int    `json:"beeps"`
	Cut     bool   `json:"cut"`
	Unknown int    `json:"unknown"` // commands the decoder skipped without knowing them
}

// Text answers the ticket's lines as plain text, one per line (QR codes as
// "[QR <data>]").
func (t *Ticket) Text() string {
	var b strings.Builder
	for _, l := range t.Lines {
		if l.QR != "" {
			fmt.Fprintf(&b, "[QR %s]\n", l.QR)
			continue
		}
		b.WriteString(l.Text)
		b.WriteByte('\n')
	}
	return b.String()
}

// Render lays the ticket out as on paper of cols columns: alignment applied
// and magnified text spaced out.
func (t *Ticket) Render(cols int) string {
	var b strings.Builder
	for _, l := range t.Lines {
		text := l.Text
		if l.QR != "" {
			text = "[QR " + l.QR + "]"
		}
		w := Width(text) * max(1, l.Width)
		pad := 0
		switch l.Align {
		case Center:
			pad = (cols - w) / 2
		case Right:
			pad = cols - w
		}
		b.WriteString(strings.Repeat(" ", max(0, pad)))
		if l.Width > 1 {
			var wide strings.Builder
			for _, r := range text {
				wide.WriteRune(r)
				wide.WriteString(strings.Repeat(" ", (l.Width-1)*RuneWidth(r)))
			}
			text = wide.String()
		}
		b.WriteString(strings.TrimRight(text, " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// DecodeOptions tell the decoder what the printer was set to before the
// stream: the two-byte code system it uses when a stream enables Kanji
// mode without naming one (its DIP switches).
type DecodeOptions struct {
	Chinese string // GBK (default: decoded as GB18030, its superset), Big5 or UTF-8
	Kanji   bool   // Kanji mode on at power-up (Chinese-market printers)
}

// Decode reads a stream into tickets, split at cuts. A stream that ends
// without a cut still yields its last ticket. Status requests (DLE EOT)
// are skipped; a printer answers them (see the simulator).
func Decode(data []byte, opt DecodeOptions) ([]Ticket, error) {
	d := newDecoder(opt)
	if err := d.run(data); err != nil {
		return d.tickets(), err
	}
	return d.tickets(), nil
}

type decoder struct {
	opt     DecodeOptions
	out     []Ticket
	cur     Ticket
	line    Line
	pending []byte
	text    strings.Builder
	kanji   bool
	chinese byte
	utf8    bool
	table   byte
	width   int
	height  int
	bold    bool
	align   Align
	qr      []byte
}

func newDecoder(opt DecodeOptions) *decoder {
	d := &decoder{opt: opt}
	d.reset()
	return d
}

func (d *decoder) reset() {
	d.flushText()
	d.kanji, d.utf8, d.table, d.width, d.height, d.bold, d.align = d.opt.Kanji, false, 0, 1, 1, false, Left
	switch d.opt.Chinese {
	case Big5:
		d.chinese = chineseBig5
	case UTF8:
		d.chinese = chineseUTF8
	default:
		d.chinese = chineseGBK
	}
}

// need answers n bytes after i or an error naming the command.
func need(data []byte, i, n int, cmd string) ([]byte, error) {
	if i+n > len(data) {
		return nil, fmt.Errorf("escpos: %s truncated at byte %d", cmd, i)
	}
	return data[i : i+n], nil
}

func (d *decoder) run(data []byte) error {
	for i := 0; i < len(data); {
		c := data[i]
		switch c {
		case lf:
			d.endLine()
			i++
		case '\r':
			i++
		case esc:
			n, err := d.escape(data, i+1)
			if err != nil {
				return err
			}
			i += 1 + n
		case gs:
			n, err := d.group(data, i+1)
			if err != nil {
				return err
			}
			i += 1 + n
		case fs:
			n, err := d.kanjiCmd(data, i+1)
			if err != nil {
				return err
			}
			i += 1 + n
		case dle:
			if _, err := need(data, i+1, 2, "DLE"); err != nil {
				return err
			}
			i += 3
		default:
			if c < 0x20 {
				d.cur.Unknown++
			} else {
				d.pending = append(d.pending, c)
			}
			i++
		}
	}
	d.flushText()
	if d.text.Len() > 0 {
		d.endLine()
	}
	if len(d.cur.Lines) > 0 || d.cur.Beeps > 0 {
		d.out = append(d.out, d.cur)
		d.cur = Ticket{}
	}
	return nil
}

func (d *decoder) tickets() []Ticket { return d.out }

// escape reads the command after ESC at data[i]; answers the bytes used.
func (d *decoder) escape(data []byte, i int) (int, error) {
	b, err := need(data, i, 1, "ESC")
	if err != nil {
		return 0, err
	}

	switch b[0] {
	case '@':
		d.flushText()
		if d.text.Len() > 0 {
			d.endLine()
		}
		d.reset()
		return 1, nil
	case 'E':
		p, err := need(data, i+1, 1, "ESC E")
		if err != nil {
			return 0, err
		}
		d.bold = p[0]&1 == 1
		return 2, nil
	case 'a':
		p, err := need(data, i+1, 1, "ESC a")
		if err != nil {
			return 0, err
		}
		d.align = Align(p[0] % 48 % 3)
		return 2, nil
	case 't':
		p, err := need(data, i+1, 1, "ESC t")
		if err != nil {
			return 0, err
		}
		d.flushText()
		d.table = p[0]
		return 2, nil
	case '9':
		p, err := need(data, i+1, 1, "ESC 9")
		if err != nil {
			return 0, err
		}
		d.flushText()
		d.chinese = p[0]
		return 2, nil
	case 'd':
		p, err := need(data, i+1, 1, "ESC d")
		if err != nil {
			return 0, err
		}
		d.endLine()
		for range int(p[0]) - 1 {
			d.endLine()
		}
		return 2, nil
	case 'B':
		p, err := need(data, i+1, 2, "ESC B")
		if err != nil {
			return 0, err
		}
		d.cur.Beeps += int(p[0])
		return 3, nil
	}
	if n, ok := escParams[b[0]]; ok {
		if _, err := need(data, i+1, n, "ESC"); err != nil {
			return 0, err
		}
		return 1 + n, nil
	}
	d.cur.Unknown++
	return 1, nil
}

// group reads the command after GS.
func (d *decoder) group(data []byte, i int) (int, error) {
	b, err := need(data, i, 1, "GS")
	if err != nil {
		return 0, err
	}
	switch b[0] {
	case '!':
		p, err := need(data, i+1, 1, "GS !")
		if err != nil {
			return 0, err
		}
		d.flushText()
		d.width, d.height = int(p[0]>>4)+1, int(p[0]&0x0F)+1
		return 2, nil
	case 'V':
		p, err := need(data, i+1, 1, "GS V")
		if err != nil {
			return 0, err
		}
		n := 2
		if p[0] == 65 || p[0] == 66 || p[0] == 97 || p[0] == 98 || p[0] == 103 || p[0] == 104 {
			if _, err := need(data, i+2, 1, "GS V"); err != nil {
				return 0, err
			}
			n = 3
		}
		d.cut()
		return n, nil
	case '(':
		p, err := need(data, i+1, 3, "GS (")
		if err != nil {
			return 0, err
		}
		size := int(p[1]) | int(p[2])<<8
		body, err := need(data, i+4, size, "GS (")
		if err != nil {
			return 0, err
		}
		if p[0] == 'k' && size >= 3 && body[0] == '1' {
			switch body[1] {
			case 'P':
				d.qr = append(d.qr[:0], body[3:]...)
			case 'Q':
				d.flushText()
				if d.text.Len() > 0 {
					d.endLine()
				}
				d.cur.Lines = append(d.cur.Lines, Line{Align: d.align, Width: 1, Height: 1, QR: string(d.qr)})
			}
		}
		return 4 + size, nil
	case 'B', 'b', 'H', 'f', 'h', 'w', 'a', 'r', 'I':
		if _, err := need(data, i+1, 1, "GS"); err != nil {
			return 0, err
		}
		return 2, nil
	case 'L', 'W':
		if _, err := need(data, i+1, 2, "GS"); err != nil {
			return 0, err
		}
		return 3, nil
	}
	d.cur.Unknown++
	return 1, nil
}

// kanjiCmd reads the command after FS.
func (d *decoder) kanjiCmd(data []byte, i int) (int, error) {
	b, err := need(data, i, 1, "FS")
	if err != nil {
		return 0, err
	}
	switch b[0] {
	case '&':
		d.flushText()
		d.kanji = true
		return 1, nil
	case '.':
		d.flushText()
		d.kanji, d.utf8 = false, false
		return 1, nil
	case '!', '-', 'W', 'C':
		if _, err := need(data, i+1, 1, "FS"); err != nil {
			return 0, err
		}
		return 2, nil
	case '(':
		p, err := need(data, i+1, 3, "FS (")
		if err != nil {
			return 0, err
		}
		size := int(p[1]) | int(p[2])<<8
		body, err := need(data, i+4, size, "FS (")
		if err != nil {
			return 0, err
		}
		if p[0] == 'C' && size == 2 && body[0] == 0x30 {
			d.flushText()
			d.utf8 = body[1] == 2 || body[1] == '2'
		}
		return 4 + size, nil
	}
	d.cur.Unknown++
	return 1, nil
}

// encoding answers how text bytes decode in the current state.
func (d *decoder) encoding() encoding.Encoding {
	switch {
	case d.utf8 || (d.kanji && d.chinese == chineseUTF8):
		return nil
	case d.kanji && d.chinese == chineseBig5:
		return traditionalchinese.Big5
	case d.kanji:
		return simplifiedchinese.GB18030
	case d.table == tableCP1252:
		return charmap.Windows1252
	default:
		return charmap.CodePage437
	}
}

func (d *decoder) flushText() {
	if len(d.pending) == 0 {
		return
	}
	if d.text.Len() == 0 {
		d.line = Line{Align: d.align, Width: d.width, Height: d.height, Bold: d.bold}
	} else {
		d.line.Width, d.line.Height = max(d.line.Width, d.width), max(d.line.Height, d.height)
		d.line.Bold = d.line.Bold || d.bold
	}
	enc := d.encoding()
	if enc == nil {
		d.text.WriteString(strings.ToValidUTF8(string(d.pending), string(utf8.RuneError)))
	} else if out, err := enc.NewDecoder().Bytes(d.pending); err == nil {
		d.text.Write(out)
	} else {
		d.text.Write(bytes.ToValidUTF8(d.pending, []byte("\uFFFD")))
	}
	d.pending = d.pending[:0]
}

func (d *decoder) endLine() {
	d.flushText()
	if d.text.Len() == 0 {
		d.line = Line{Align: d.align, Width: d.width, Height: d.height, Bold: d.bold}
	}
	d.line.Text = d.text.String()
	d.cur.Lines = append(d.cur.Lines, d.line)
	d.text.Reset()
	d.line = Line{}
}

func (d *decoder) cut() {
	d.flushText()
	if d.text.Len() > 0 {
		d.endLine()
	}
	d.cur.Cut = true
	d.out = append(d.out, d.cur)
	d.cur = Ticket{}
}

// escParams are the parameter counts of the ESC commands the decoder skips.
var escParams = map[byte]int{'!': 1, '-': 1, '3': 1, 'J': 1, 'M': 1, 'G': 1, 'R': 1, 'V': 1, '{': 1, 'c': 2, 'p': 3, '2': 0, '=': 1, 'U': 1}
