// Package printersim is a virtual network printer: it listens on TCP like
// an ESC/POS printer on port 9100, answers status requests, decodes what it
// receives (character sets included) and keeps every ticket as it would
// look on paper. `venue printer-sim` serves it with a small web page; the
// tests print to it.
package printersim

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/venueplatform/venue/internal/escpos"
)

// Ticket is one printed ticket.
type Ticket struct {
	Seq      int           `json:"seq"`
	At       time.Time     `json:"at"`
	From     string        `json:"from"`
	Ticket   escpos.Ticket `json:"ticket"`
	Text     string        `json:"text"`     // the lines, plain
	Rendered string        `json:"rendered"` // as on paper
}

// Options set up a simulator.
type Options struct {
	Columns int                  // paper width in characters (48: 80 mm)
	Decode  escpos.DecodeOptions // the printer's power-up settings
	Keep    int                  // tickets kept (default 1000)
	// OnTicket, when set, sees every ticket as it is decoded.
	OnTicket func(Ticket)
}

// Printer is a virtual printer.
type Printer struct {
	opt      Options
	mu       sync.Mutex
	tickets  []Ticket
	seq      int
	paperOut bool
	ln       net.Listener
	conns    map[net.Conn]bool
	closed   bool
	wg       sync.WaitGroup
	changed  chan struct{}
}

// New makes a simulator (call Listen or Serve).
func New(opt Options) *Printer {
	if opt.Columns <= 0 {
		opt.Columns = escpos.Columns80
	}
	if opt.Keep <= 0 {
		opt.Keep = 1000
	}
	return &Printer{opt: opt, conns: map[net.Conn]bool{}, changed: make(chan struct{})}
}

// Listen starts accepting on addr (":9100", "127.0.0.1:0").
func (p *Printer) Listen(addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	p.mu.Lock()
	p.ln, p.closed = ln, false
	p.mu.Unlock()
	p.wg.Add(1)
	go p.accept(ln)
	return nil
}

// Addr is the listening address.
func (p *Printer) Addr() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln == nil {
		return ""
	}
	return p.ln.Addr().String()
}

// Close stops listening and drops open connections (a printer switched
// off); Listen again on the same address switches it back on.
func (p *Printer) Close() error {
	p.mu.Lock()
	p.closed = true
	ln := p.ln
	for c := range p.conns {
		_ = c.Close() // dropped on purpose: a printer switched off
	}
	p.mu.Unlock()
	var err error
	if ln != nil {
		err = ln.Close()
	}
	p.wg.Wait()
	return err
}

// SetPaperOut makes status requests answer that the roll is out.
func (p *Printer) SetPaperOut(out bool) {
	p.mu.Lock()
	p.paperOut = out
	p.mu.Unlock()
}

func (p *Printer) accept(ln net.Listener) {
	defer p.wg.Done()
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		if p.closed {
			p.mu.Unlock()
			_ = c.Close()
			return
		}
		p.conns[c] = true
		p.mu.Unlock()
		p.wg.Add(1)
		go p.serve(c)
	}
}

// serve reads one connection to its end, answering status requests as
// they arrive, then decodes what came.
func (p *Printer) serve(c net.Conn) {
	defer p.wg.Done()
	defer func() {
		p.mu.Lock()
		delete(p.conns, c)
		p.mu.Unlock()
		_ = c.Close() // read to its end: nothing more to learn from it
	}()
	var data bytes.Buffer
	buf := make([]byte, 32<<10)
	scanned := 0
	for {
		_ = c.SetReadDeadline(time.Now().Add(30 * time.Second))
		n, err := c.Read(buf)
		data.Write(buf[:n])
		// Status requests: DLE EOT n. Text never holds bytes below 0x20.
		b := data.Bytes()
		for i := max(0, scanned-2); i+2 < len(b); i++ {
			if b[i] == 0x10 && b[i+1] == 0x04 {
				_, _ = c.Write([]byte{p.status(b[i+2])})
				i += 2
			}
		}
		scanned = len(b)
		if err != nil {
			if !errors.Is(err, io.EOF) && !isClosed(err) {
				return // a broken connection: what came is not a whole job
			}
			break
		}
	}
	p.record(c.RemoteAddr().String(), data.Bytes())
}

func isClosed(err error) bool { return errors.Is(err, net.ErrClosed) }

// status answers DLE EOT n: 1 printer, 2 off-line cause, 3 error cause, 4 paper.
func (p *Printer) status(n byte) byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch n {
	case 4:
		if p.paperOut {
			return 0x72
		}
		return 0x12
	case 1:
		return 0x16
	}
	return 0x12
}

func (p *Printer) record(from string, data []byte) {
	if len(data) == 0 {
		return
	}
	tickets, err := escpos.Decode(data, p.opt.Decode)
	if err != nil && len(tickets) == 0 {
		tickets = []escpos.Ticket{{Lines: []escpos.Line{{Text: "(undecodable: " + err.Error() + ")"}}}}
	}
	var out []Ticket
	p.mu.Lock()
	for _, t := range tickets {
		p.seq++
		st := Ticket{Seq: p.seq, At: time.Now().UTC(), From: from, Ticket: t, Text: t.Text(), Rendered: t.Render(p.opt.Columns)}
		p.tickets = append(p.tickets, st)
		out = append(out, st)
	}
	if over := len(p.tickets) - p.opt.Keep; over > 0 {
		p.tickets = append([]Ticket(nil), p.tickets[over:]...)
	}
	close(p.changed)
	p.changed = make(chan struct{})
	p.mu.Unlock()
	if p.opt.OnTicket != nil {
		for _, t := range out {
			p.opt.OnTicket(t)
		}
	}
}

// Idle reports whether no connection is open: what every connection accepted
// so far carried has been recorded.
func (p *Printer) Idle() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.conns) == 0
}

// Tickets answers the tickets received so far, oldest first.
func (p *Printer) Tickets() []Ticket {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]Ticket(nil), p.tickets...)
}

// WaitFor waits until fn holds for the tickets received, or ctx ends.
func (p *Printer) WaitFor(ctx context.Context, fn func([]Ticket) bool) ([]Ticket, error) {
	for {
		p.mu.Lock()
		ts := append([]Ticket(nil), p.tickets...)
		ch := p.changed
		p.mu.Unlock()
		if fn(ts) {
			return ts, nil
		}
		select {
		case <-ctx.Done():
			return ts, ctx.Err()
		case <-ch:
		}
	}
}

// Handler serves the tickets as a web page (/) and as JSON (/tickets).
func (p *Printer) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /tickets", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_ = writeJSON(w, p.Tickets())
	})
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		ts := p.Tickets()
		for i, j := 0, len(ts)-1; i < j; i, j = i+1, j-1 {
			ts[i], ts[j] = ts[j], ts[i]
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_ = page.Execute(w, map[string]any{"Addr": p.Addr(), "Tickets": ts, "Count": len(ts)})
	})
	return mux
}

// Describe is a one-line summary of a ticket for the terminal.
func Describe(t Ticket) string {
	return fmt.Sprintf("#%d %s from %s, %d lines, cut=%s", t.Seq, t.At.Format(time.TimeOnly), t.From, len(t.Ticket.Lines), strconv.FormatBool(t.Ticket.Cut))
}

var page = template.Must(template.New("page").Parse(`<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="3"><title>Virtual printer {{.Addr}}</title>
<style>body{font-family:system-ui,sans-serif;background:#eee;margin:1rem}
.t{background:#fff;box-shadow:0 1px 4px #0003;margin:0 auto 1.5rem;max-width:30rem;padding:1rem}
pre{font-family:"Noto Sans Mono CJK SC",monospace;white-space:pre-wrap;margin:0}
small{color:#666}</style></head>
<body><h1>Virtual printer <small>{{.Addr}} · {{.Count}} tickets</small></h1>
{{range .Tickets}}<div class="t"><small>#{{.Seq}} · {{.At.Format "15:04:05"}} · {{.From}}{{if .Ticket.Beeps}} · beep ×{{.Ticket.Beeps}}{{end}}{{if .Ticket.Cut}} · cut{{end}}</small><pre>{{.Rendered}}</pre></div>
{{else}}<p>Nothing printed yet.</p>{{end}}</body></html>`))
