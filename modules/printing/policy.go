package printing

import (
	"fmt"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"github.com/venueplatform/venue/internal/config"
)

// Policy is how delivery behaves: whether the server may write to printers
// itself and where, and how failed jobs are retried.
type Policy struct {
	Direct      bool
	CIDRs       []netip.Prefix
	Ports       [][2]int
	MaxAttempts int
	BackupAfter int
	RetryBase   time.Duration
	RetryMax    time.Duration
	Lease       time.Duration // how long a claimed job is held before another may take it
	Poll        time.Duration // how often idle delivery looks for due jobs
}

// PolicyFrom reads the VENUE_PRINT_* settings.
func PolicyFrom(c *config.Config) (Policy, error) {
	p := Policy{Direct: c.PrintDirect, MaxAttempts: max(1, c.PrintMaxAttempts), BackupAfter: c.PrintBackupAfter,
		RetryBase: c.PrintRetryBase, RetryMax: c.PrintRetryMax, Lease: c.PrintLease, Poll: 500 * time.Millisecond}
	if p.Lease <= 0 {
		p.Lease = 30 * time.Second
	}
	if p.RetryBase <= 0 {
		p.RetryBase = time.Second
	}
	if p.RetryMax < p.RetryBase {
		p.RetryMax = p.RetryBase
	}
	for _, s := range splitList(c.PrintDirectCIDRs) {
		pfx, err := netip.ParsePrefix(s)
		if err != nil {
			addr, aerr := netip.ParseAddr(s)
			if aerr != nil {
				return p, fmt.Errorf("VENUE_PRINT_DIRECT_CIDRS: %q is no address range", s)
			}
			pfx = netip.PrefixFrom(addr, addr.BitLen())
		}
		p.CIDRs = append(p.CIDRs, pfx.Masked())
	}
	for _, s := range splitList(c.PrintDirectPorts) {
		lo, hi, ok := strings.Cut(s, "-")
		a, err1 := strconv.Atoi(lo)
		b := a
		var err2 error
		if ok {
			b, err2 = strconv.Atoi(hi)
		}
		if err1 != nil || err2 != nil || a < 1 || b > 65535 || a > b {
			return p, fmt.Errorf("VENUE_PRINT_DIRECT_PORTS: %q is no port or port range", s)
		}
		p.Ports = append(p.Ports, [2]int{a, b})
	}
	return p, nil
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// Allowed checks that the server may write to addr (host:port, the host
// an IP literal): inside a configured range, on a configured port. Names
// are refused, so DNS cannot move a printer somewhere else.
func (p Policy) Allowed(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("printer address %q: %v", addr, err)
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return fmt.Errorf("printer address %q is not an IP address", host)
	}
	ip = ip.Unmap()
	inRange := false
	for _, c := range p.CIDRs {
		if c.Contains(ip) {
			inRange = true
			break
		}
	}
	if !inRange {
		return fmt.Errorf("printer address %s is outside VENUE_PRINT_DIRECT_CIDRS", ip)
	}
	n, _ := strconv.Atoi(port)
	for _, r := range p.Ports {
		if n >= r[0] && n <= r[1] {
			return nil
		}
	}
	return fmt.Errorf("printer port %d is outside VENUE_PRINT_DIRECT_PORTS", n)
}

// backoff is the wait after the attempts-th failure: base doubling, capped.
func (p Policy) backoff(attempts int) time.Duration {
	d := p.RetryBase
	for i := 1; i < attempts && d < p.RetryMax; i++ {
		d *= 2
	}
	return min(d, p.RetryMax)
}
