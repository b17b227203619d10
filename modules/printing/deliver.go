package printing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/venueplatform/venue/internal/escpos"
	"github.com/venueplatform/venue/internal/tenancy"
)

// claimBatch bounds the jobs one look takes.
const claimBatch = 64

// deliverLoop is the direct path on this node: look for due jobs when
// woken or every poll period, and write each printer's jobs in order.
func (m *Module) deliverLoop(ctx context.Context) {
	tick := time.NewTicker(m.policy.Poll)
	defer tick.Stop()
	for {
		if err := m.deliverDue(ctx); err != nil {
			if ctx.Err() != nil || errors.Is(err, errClosed) {
				return
			}
			m.log.Warn("printing: deliver", "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-m.wake:
		}
	}
}

var errClosed = errors.New("sql: database is closed")

// deliverDue claims the due jobs of venues without an agent whose printer
// this node is not already writing to, and starts a writer per printer.
func (m *Module) deliverDue(ctx context.Context) error {
	db := m.db.WithContext(tenancy.SystemContext(ctx))
	now := time.Now().UTC()
	var due []Job
	err := db.Where("state IN ? AND next_attempt_at <= ? AND printer_id <> 0", []string{StateQueued, StateSending}, now).
		Where("venue_id NOT IN (?)", db.Model(&Agent{}).Select("venue_id")).
		Order("id").Limit(claimBatch).Find(&due).Error
	if err != nil {
		if err.Error() == errClosed.Error() {
			return errClosed
		}
		return err
	}
	byPrinter := map[uint64][]Job{}
	var order []uint64
	m.mu.Lock()
	for _, j := range due {
		if m.busy[j.PrinterID] {
			continue
		}
		if _, seen := byPrinter[j.PrinterID]; !seen {
			order = append(order, j.PrinterID)
		}
		byPrinter[j.PrinterID] = append(byPrinter[j.PrinterID], j)
	}
	for _, id := range order {
		m.busy[id] = true
	}
	m.mu.Unlock()
	for _, id := range order {
		go m.writePrinter(ctx, id, byPrinter[id])
	}
	return nil
}

// writePrinter delivers one printer's jobs in order; after a failure the
// rest wait for the next look (the printer is likely still off).
func (m *Module) writePrinter(ctx context.Context, printerID uint64, jobs []Job) {
	defer func() {
		m.mu.Lock()
		delete(m.busy, printerID)
		m.mu.Unlock()
		select {
		case m.wake <- struct{}{}:
		default:
		}
	}()
	for _, j := range jobs {
		claimed, err := m.claim(ctx, &j, ViaDirect)
		if err != nil || !claimed {
			continue
		}
		data, addr, err := m.prepare(ctx, &j)
		if err == nil {
			err = m.policy.Allowed(addr)
		}
		if err == nil {
			if m.dialHook != nil {
				err = m.dialHook(ctx, addr)
			}
			if err == nil {
				err = sendTCP(ctx, addr, data)
			}
		}
		if err != nil {
			m.failed(ctx, &j, err)
			return
		}
		m.printed(ctx, &j)
	}
}

// claim takes a due job: queued and due, or sending with its lease run out
// (the node or agent holding it died). Attempts doubles as the version, so
// of two claimers only one wins.
func (m *Module) claim(ctx context.Context, j *Job, via string) (bool, error) {
	now := time.Now().UTC()
	res := m.db.WithContext(tenancy.SystemContext(ctx)).Model(&Job{}).
		Where("id = ? AND attempts = ? AND state IN ? AND next_attempt_at <= ?", j.ID, j.Attempts, []string{StateQueued, StateSending}, now).
		Updates(map[string]any{"state": StateSending, "attempts": j.Attempts + 1, "next_attempt_at": now.Add(m.policy.Lease), "via": via, "updated_at": now})
	if res.Error != nil || res.RowsAffected != 1 {
		return false, res.Error
	}
	j.State, j.Attempts, j.Via = StateSending, j.Attempts+1, via
	return true, nil
}

// prepare lays out a claimed job for its printer as the printer is set now.
func (m *Module) prepare(ctx context.Context, j *Job) ([]byte, string, error) {
	p, err := m.printers.Printer(tenancy.SystemContext(ctx), j.PrinterID)
	if err != nil {
		return nil, "", err
	}
	if p == nil {
		return nil, "", errors.New("the printer was removed")
	}
	if !p.Enabled() {
		return nil, "", errors.New("the printer is disabled")
	}
	var t Ticket
	if err := json.Unmarshal([]byte(j.Payload), &t); err != nil {
		return nil, "", err
	}
	data, err := Render(&t, p, j.Lang, j.ReprintOf != nil, j.Copies)
	return data, p.Address(), err
}

// printed ends a job held by this claim.
func (m *Module) printed(ctx context.Context, j *Job) {
	now := time.Now().UTC()
	err := m.db.WithContext(tenancy.SystemContext(ctx)).Model(&Job{}).
		Where("id = ? AND attempts = ? AND state = ?", j.ID, j.Attempts, StateSending).
		Updates(map[string]any{"state": StatePrinted, "printed_at": now, "last_error": "", "updated_at": now}).Error
	if err != nil {
		m.log.Warn("printing: mark printed", "job", j.ID, "error", err)
	}
}

// failed puts a job back in the queue with backoff, moves it to the
// printer's backup after BackupAfter attempts, and marks it failed after
// MaxAttempts.
func (m *Module) failed(ctx context.Context, j *Job, cause error) {
	now := time.Now().UTC()
	msg := cause.Error()
	if len(msg) > 250 {
		msg = msg[:250]
	}
	set := map[string]any{"state": StateQueued, "last_error": msg, "next_attempt_at": now.Add(m.policy.backoff(j.Attempts)), "updated_at": now}
	if j.Attempts >= m.policy.MaxAttempts {
		set["state"] = StateFailed
	} else if m.policy.BackupAfter > 0 && j.Attempts >= m.policy.BackupAfter && j.MovedFrom == 0 {
		if b := m.backupOf(ctx, j.PrinterID); b != nil {
			set["printer_id"], set["printer_name"], set["moved_from"], set["next_attempt_at"] = b.ID, b.Name, j.PrinterID, now
		}
	}
	err := m.db.WithContext(tenancy.SystemContext(ctx)).Model(&Job{}).
		Where("id = ? AND attempts = ? AND state = ?", j.ID, j.Attempts, StateSending).Updates(set).Error
	if err != nil {
		m.log.Warn("printing: mark failed", "job", j.ID, "error", err)
	}
}

// backupOf answers a printer's enabled backup, or nil.
func (m *Module) backupOf(ctx context.Context, printerID uint64) *backupRef {
	p, err := m.printers.Printer(tenancy.SystemContext(ctx), printerID)
	if err != nil || p == nil || p.BackupID == nil {
		return nil
	}
	b, err := m.printers.Printer(tenancy.SystemContext(ctx), *p.BackupID)
	if err != nil || b == nil || !b.Enabled() {
		return nil
	}
	return &backupRef{ID: b.ID, Name: b.Name}
}

type backupRef struct {
	ID   uint64
	Name string
}

// Timeouts of a direct write.
var (
	dialTimeout   = 3 * time.Second
	writeTimeout  = 10 * time.Second
	statusTimeout = 2 * time.Second
)

// sendTCP writes a job to a printer's raw socket, then asks for the paper
// sensor's status (DLE EOT 4): an answer saying the roll is out fails the
// job; a printer that does not answer in time is taken to have printed.
func sendTCP(ctx context.Context, addr string, data []byte) error {
	d := net.Dialer{Timeout: dialTimeout}
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return err
	}
	defer func() { _ = conn.Close() }() // the status answer, not the close, says whether the job printed
	if err := conn.SetDeadline(time.Now().Add(writeTimeout)); err != nil {
		return err
	}
	if _, err := conn.Write(data); err != nil {
		return err
	}
	return readStatus(conn)
}

// readStatus asks a connected printer for its paper status.
func readStatus(conn net.Conn) error {
	if _, err := conn.Write(escpos.StatusRequest); err != nil {
		return err
	}
	if err := conn.SetReadDeadline(time.Now().Add(statusTimeout)); err != nil {
		return err
	}
	var b [1]byte
	n, err := conn.Read(b[:])
	if n == 1 && escpos.PaperOut(b[0]) {
		return errors.New("the printer is out of paper")
	}
	var ne net.Error
	if n == 0 && err != nil && !(errors.As(err, &ne) && ne.Timeout()) {
		return fmt.Errorf("the printer closed the connection: %w", err)
	}
	return nil
}
