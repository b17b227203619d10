package printing

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/tenancy"
)

// agentOnline is how recently an agent must have called to show online
// (its long poll returns at least every agentMaxWait).
const (
	agentOnline  = 60 * time.Second
	agentMaxWait = 25 * time.Second
	keyPrefix    = "pa_"
)

// AgentView is a venue's print agent as the console shows it.
type AgentView struct {
	Configured bool       `json:"configured"`
	KeyHint    string     `json:"keyHint"`
	Online     bool       `json:"online"`
	LastSeenAt *time.Time `json:"lastSeenAt"`
	LastAddr   string     `json:"lastAddr"`
	CreatedAt  *time.Time `json:"createdAt"`
}

// AgentKey is a new key, shown once.
type AgentKey struct {
	Key   string    `json:"key"`
	Agent AgentView `json:"agent"`
}

func agentView(a *Agent) AgentView {
	if a == nil || a.ID == 0 {
		return AgentView{}
	}
	v := AgentView{Configured: true, KeyHint: a.KeyHint, LastSeenAt: a.LastSeenAt, LastAddr: a.LastAddr, CreatedAt: &a.CreatedAt}
	v.Online = a.LastSeenAt != nil && time.Since(*a.LastSeenAt) < agentOnline
	return v
}

// AgentStatus answers a venue's agent.
func (m *Module) AgentStatus(ctx context.Context, venueID uint64) (AgentView, error) {
	vctx, _, err := m.venue(ctx, venueID, false)
	if err != nil {
		return AgentView{}, err
	}
	var rows []Agent
	if err := m.db.WithContext(vctx).Limit(1).Find(&rows).Error; err != nil || len(rows) == 0 {
		return AgentView{}, err
	}
	return agentView(&rows[0]), nil
}

// NewAgentKey makes (or replaces) the venue's agent key: the venue's jobs
// then go through its agent only; an agent with the old key is refused.
func (m *Module) NewAgentKey(ctx context.Context, venueID uint64) (*AgentKey, error) {
	vctx, org, err := m.venue(ctx, venueID, true)
	if err != nil {
		return nil, err
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return nil, err
	}
	key := keyPrefix + base64.RawURLEncoding.EncodeToString(raw)
	now := time.Now().UTC()
	a := Agent{MerchantID: org.MerchantID, VenueID: org.ID, KeyHash: hashKey(key), KeyHint: key[:8], CreatedAt: now, UpdatedAt: now}
	err = m.db.WithContext(vctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("venue_id = ?", org.ID).Delete(&Agent{}).Error; err != nil {
			return err
		}
		return tx.Create(&a).Error
	})
	if err != nil {
		return nil, err
	}
	return &AgentKey{Key: key, Agent: agentView(&a)}, nil
}

// RemoveAgent deletes the venue's agent: its jobs go back to direct
// delivery (when the server has it) and the key stops working.
func (m *Module) RemoveAgent(ctx context.Context, venueID uint64) error {
	vctx, org, err := m.venue(ctx, venueID, true)
	if err != nil {
		return err
	}
	if err := m.db.WithContext(vctx).Where("venue_id = ?", org.ID).Delete(&Agent{}).Error; err != nil {
		return err
	}
	m.notify(org.ID)
	return nil
}

func hashKey(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

// agentByKey answers the agent a key belongs to and records its call.
func (m *Module) agentByKey(ctx context.Context, key, addr string) (*Agent, error) {
	key = strings.TrimSpace(key)
	if !strings.HasPrefix(key, keyPrefix) || len(key) > 100 {
		return nil, api.Unauthorized("printing.agent_key")
	}
	h := hashKey(key)
	var a Agent
	db := m.db.WithContext(tenancy.SystemContext(ctx))
	if err := db.Where("key_hash = ?", h).Take(&a).Error; err != nil || subtle.ConstantTimeCompare([]byte(a.KeyHash), []byte(h)) != 1 {
		return nil, api.Unauthorized("printing.agent_key")
	}
	now := time.Now().UTC()
	if a.LastSeenAt == nil || now.Sub(*a.LastSeenAt) > 5*time.Second || a.LastAddr != addr {
		if len(addr) > 64 {
			addr = addr[:64]
		}
		db.Model(&Agent{}).Where("id = ?", a.ID).Updates(map[string]any{"last_seen_at": now, "last_addr": addr})
		a.LastSeenAt, a.LastAddr = &now, addr
	}
	return &a, nil
}

// AgentJob is a job handed to an agent: the bytes to write and where.
type AgentJob struct {
	ID        uint64 `json:"id"`
	Attempt   int    `json:"attempt"` // echo it in the acknowledgement
	PrinterID uint64 `json:"printerId"`
	Printer   string `json:"printer"`
	Address   string `json:"address"` // host:port on the venue's network
	Data      []byte `json:"data"`    // ESC/POS, base64 in JSON
}

// ClaimInput is an agent's poll.
type ClaimInput struct {
	Wait int `json:"wait"` // seconds to hold the request open when nothing is due (max 25)
	Max  int `json:"max"`  // most jobs wanted (default and max 32)
}

// ClaimResult is the jobs an agent now holds (for the lease time).
type ClaimResult struct {
	Jobs []AgentJob `json:"jobs"`
}

// AgentClaim hands an agent its venue's due jobs, waiting up to in.Wait
// seconds for some.
func (m *Module) AgentClaim(ctx context.Context, a *Agent, in ClaimInput) (ClaimResult, error) {
	limit := in.Max
	if limit <= 0 || limit > 32 {
		limit = 32
	}
	wait := min(time.Duration(max(in.Wait, 0))*time.Second, agentMaxWait)
	deadline := time.Now().Add(wait)
	for {
		ch := m.waitFor(a.VenueID)
		jobs, err := m.claimForAgent(ctx, a, limit)
		if err != nil || len(jobs) > 0 || !time.Now().Before(deadline) {
			m.cancelWait(a.VenueID, ch)
			return ClaimResult{Jobs: jobs}, err
		}
		t := time.NewTimer(min(time.Until(deadline), m.policy.Poll))
		select {
		case <-ctx.Done():
			t.Stop()
			m.cancelWait(a.VenueID, ch)
			return ClaimResult{Jobs: []AgentJob{}}, nil
		case <-ch:
		case <-t.C:
		}
		t.Stop()
		m.cancelWait(a.VenueID, ch)
	}
}

func (m *Module) cancelWait(venueID uint64, ch chan struct{}) {
	m.mu.Lock()
	defer m.mu.Unlock()
	ws := m.waiters[venueID]
	for i, w := range ws {
		if w == ch {
			m.waiters[venueID] = append(ws[:i:i], ws[i+1:]...)
			break
		}
	}
	if len(m.waiters[venueID]) == 0 {
		delete(m.waiters, venueID)
	}
}

func (m *Module) claimForAgent(ctx context.Context, a *Agent, limit int) ([]AgentJob, error) {
	var due []Job
	err := m.db.WithContext(tenancy.SystemContext(ctx)).
		Where("venue_id = ? AND state IN ? AND next_attempt_at <= ? AND printer_id <> 0", a.VenueID, []string{StateQueued, StateSending}, time.Now().UTC()).
		Order("id").Limit(limit).Find(&due).Error
	if err != nil {
		return nil, err
	}
	out := []AgentJob{}
	for i := range due {
		j := &due[i]
		claimed, err := m.claim(ctx, j, ViaAgent)
		if err != nil {
			return out, err
		}
		if !claimed {
			continue
		}
		data, addr, err := m.prepare(ctx, j)
		if err != nil {
			m.failed(ctx, j, err)
			continue
		}
		out = append(out, AgentJob{ID: j.ID, Attempt: j.Attempts, PrinterID: j.PrinterID, Printer: j.PrinterName, Address: addr, Data: data})
	}
	return out, nil
}

// AckInput is an agent's report on one job, sent after the bytes were
// written (OK) or the write failed (Error).
type AckInput struct {
	Attempt int    `json:"attempt"`
	OK      bool   `json:"ok"`
	Error   string `json:"error"`
}

// AgentAck records an agent's report on a job of its venue.
func (m *Module) AgentAck(ctx context.Context, a *Agent, id uint64, in AckInput) error {
	var j Job
	if err := m.db.WithContext(tenancy.SystemContext(ctx)).Where("id = ? AND venue_id = ?", id, a.VenueID).Take(&j).Error; err != nil {
		return api.NotFound()
	}
	if j.State != StateSending || j.Attempts != in.Attempt {
		return nil // a late report of an attempt already retried: the newer one decides
	}
	if in.OK {
		m.printed(ctx, &j)
		return nil
	}
	msg := strings.TrimSpace(in.Error)
	if msg == "" {
		msg = "the agent could not print"
	}
	m.failed(ctx, &j, agentError(msg))
	return nil
}

type agentError string

func (e agentError) Error() string { return "agent: " + string(e) }
