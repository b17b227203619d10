package printing

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"time"
)

// AgentOptions configure `venue print-agent`.
type AgentOptions struct {
	Server string // the platform's origin, https://...
	Key    string // the venue's agent key (pa_...)
	// Allow are the address ranges the agent writes to; default the
	// private ranges, so the platform can never aim it at the internet.
	Allow []netip.Prefix
	// AllowHTTP permits a plain http:// server that is not on this machine
	// (a test network); the key travels in the clear then.
	AllowHTTP bool
	Client    *http.Client
	Log       *slog.Logger
}

// PrivateRanges are the agent's default Allow list.
var PrivateRanges = []netip.Prefix{
	netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("172.16.0.0/12"), netip.MustParsePrefix("192.168.0.0/16"),
	netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("fc00::/7"), netip.MustParsePrefix("::1/128"),
}

type agentClient struct {
	o    AgentOptions
	base string
	acks sync.WaitGroup // acknowledgements under way
}

// RunAgent polls the platform for the venue's jobs and writes them to the
// printers on this network until ctx ends. A job is acknowledged only
// after its bytes were written; one that cannot be written is reported
// and the platform retries it.
func RunAgent(ctx context.Context, o AgentOptions) error {
	u, err := url.Parse(strings.TrimRight(o.Server, "/"))
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return fmt.Errorf("print agent: --server must be the platform's https:// address, not %q", o.Server)
	}
	if u.Scheme == "http" && !o.AllowHTTP && !isLoopback(u.Hostname()) {
		return errors.New("print agent: refusing to send the agent key over plain http to another machine (use https, or --allow-http on a test network)")
	}
	if !strings.HasPrefix(o.Key, keyPrefix) {
		return errors.New("print agent: the key (from the print job page) starts with " + keyPrefix)
	}
	if len(o.Allow) == 0 {
		o.Allow = PrivateRanges
	}
	if o.Client == nil {
		o.Client = &http.Client{Timeout: agentMaxWait + 15*time.Second}
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	a := &agentClient{o: o, base: u.String() + "/api/public/print-agent"}
	pause := time.Second
	for ctx.Err() == nil {
		jobs, err := a.claim(ctx)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			o.Log.Warn("print agent: poll", "error", err, "retry_in", pause)
			select {
			case <-ctx.Done():
			case <-time.After(pause):
			}
			pause = min(pause*2, 30*time.Second)
			continue
		}
		pause = time.Second
		a.print(ctx, jobs)
	}
	a.acks.Wait()
	return nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}

// print writes a batch: each printer's jobs in order, printers in
// parallel. It returns once the bytes are written; the acknowledgements go
// on meanwhile, so the next poll (and the next jobs' bytes) do not wait for
// them: a job is in the agent's hands (leased) until its report arrives.
func (a *agentClient) print(ctx context.Context, jobs []AgentJob) {
	byAddr := map[string][]AgentJob{}
	var order []string
	for _, j := range jobs {
		if _, ok := byAddr[j.Address]; !ok {
			order = append(order, j.Address)
		}
		byAddr[j.Address] = append(byAddr[j.Address], j)
	}
	var wg sync.WaitGroup
	for _, addr := range order {
		wg.Add(1)
		go func(list []AgentJob) {
			defer wg.Done()
			for _, j := range list {
				err := a.allowed(j.Address)
				if err == nil {
					err = sendTCP(ctx, j.Address, j.Data)
				}
				if err != nil {
					a.o.Log.Warn("print agent: print", "job", j.ID, "printer", j.Printer, "error", err)
				} else {
					a.o.Log.Info("print agent: printed", "job", j.ID, "printer", j.Printer, "bytes", len(j.Data))
				}
				a.acks.Add(1)
				go func(j AgentJob, err error) {
					defer a.acks.Done()
					a.ack(ctx, j, err)
				}(j, err)
			}
		}(byAddr[addr])
	}
	wg.Wait()
}

func (a *agentClient) allowed(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return err
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return fmt.Errorf("printer address %q is not an IP address", host)
	}
	for _, p := range a.o.Allow {
		if p.Contains(ip.Unmap()) {
			return nil
		}
	}
	return fmt.Errorf("printer address %s is outside the agent's allowed ranges", ip)
}

func (a *agentClient) claim(ctx context.Context) ([]AgentJob, error) {
	var res ClaimResult
	err := a.call(ctx, "/claim", ClaimInput{Wait: int(agentMaxWait / time.Second)}, &res)
	return res.Jobs, err
}

// ack reports a job, retrying a few times: an unreported job is sent
// again when its lease runs out (printed twice rather than lost).
func (a *agentClient) ack(ctx context.Context, j AgentJob, printErr error) {
	in := AckInput{Attempt: j.Attempt, OK: printErr == nil}
	if printErr != nil {
		in.Error = printErr.Error()
	}
	for i := range 5 {
		err := a.call(ctx, fmt.Sprintf("/jobs/%d/ack", j.ID), in, nil)
		if err == nil || ctx.Err() != nil {
			return
		}
		a.o.Log.Warn("print agent: acknowledge", "job", j.ID, "error", err)
		time.Sleep(time.Duration(i+1) * 500 * time.Millisecond)
	}
}

// call posts JSON and reads the platform's envelope.
func (a *agentClient) call(ctx context.Context, path string, body, out any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, a.base+path, bytes.NewReader(raw))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(AgentKeyHeader, a.o.Key)
	resp, err := a.o.Client.Do(req)
	if err != nil {
		return err
	}
	defer func() { _ = resp.Body.Close() }() // read-only: ReadAll reports what went wrong
	data, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode == http.StatusUnauthorized {
		return errors.New("the platform refused the agent key (replaced or removed on the print job page?)")
	}
	var env struct {
		Code   int             `json:"code"`
		Msg    string          `json:"msg"`
		Result json.RawMessage `json:"result"`
	}
	if err := json.Unmarshal(data, &env); err != nil {
		return fmt.Errorf("HTTP %d: %.200s", resp.StatusCode, data)
	}
	if env.Code != 10000 {
		return fmt.Errorf("HTTP %d, code %d: %s", resp.StatusCode, env.Code, env.Msg)
	}
	if out != nil && len(env.Result) > 0 && string(env.Result) != "null" {
		return json.Unmarshal(env.Result, out)
	}
	return nil
}
