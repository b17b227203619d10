package main

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/venueplatform/venue/internal/escpos"
	"github.com/venueplatform/venue/platform"
)

// printAgentCmd runs a venue's print agent: it claims the venue's jobs from
// the platform over HTTPS and writes them to the printers on this network.
func printAgentCmd() *cobra.Command {
	var server, key, allow string
	var allowHTTP bool
	c := &cobra.Command{
		Use:   "print-agent --server https://platform.example.com --key pa_...",
		Short: "Print a venue's tickets on its local printers, fetched from the platform (no inbound connection needed)",
		RunE: func(cmd *cobra.Command, _ []string) error {
			if key == "" {
				key = os.Getenv("VENUE_PRINT_AGENT_KEY")
			}
			o := platform.PrintAgentOptions{Server: server, Key: key, AllowHTTP: allowHTTP,
				Log: slog.New(slog.NewTextHandler(os.Stderr, nil))}
			for _, s := range strings.Split(allow, ",") {
				if s = strings.TrimSpace(s); s == "" {
					continue
				}
				p, err := netip.ParsePrefix(s)
				if err != nil {
					return fmt.Errorf("--allow: %q is no address range", s)
				}
				o.Allow = append(o.Allow, p.Masked())
			}
			o.Log.Info("print agent: started", "server", server)
			return platform.RunPrintAgent(cmd.Context(), o)
		},
	}
	c.Flags().StringVar(&server, "server", os.Getenv("VENUE_PRINT_AGENT_SERVER"), "the platform's address (env VENUE_PRINT_AGENT_SERVER)")
	c.Flags().StringVar(&key, "key", "", "the venue's agent key from the print job page (env VENUE_PRINT_AGENT_KEY)")
	c.Flags().StringVar(&allow, "allow", "", "comma-separated address ranges of the printers (default: the private ranges)")
	c.Flags().BoolVar(&allowHTTP, "allow-http", false, "accept a plain http:// server on another machine (test networks only)")
	return c
}

// printerSimCmd runs the virtual printer.
func printerSimCmd() *cobra.Command {
	var addr, web, chinese string
	var cols int
	c := &cobra.Command{
		Use:   "printer-sim [--addr :9100] [--web :9180]",
		Short: "A virtual ESC/POS network printer: shows every ticket it receives in the terminal and on a web page",
		RunE: func(cmd *cobra.Command, _ []string) error {
			sim := platform.NewPrinterSim(platform.PrinterSimOptions{Columns: cols,
				Decode: escpos.DecodeOptions{Chinese: chinese, Kanji: true},
				OnTicket: func(t platform.PrinterSimTicket) {
					fmt.Printf("── ticket #%d · %s · from %s%s ──\n%s", t.Seq, t.At.Local().Format(time.TimeOnly), t.From, cutMark(t), t.Rendered)
				}})
			if err := sim.Listen(addr); err != nil {
				return err
			}
			defer func() { _ = sim.Close() }() // shutting down: nothing is left to report to
			fmt.Printf("virtual printer listening on %s", sim.Addr())
			errc := make(chan error, 1)
			if web != "" {
				srv := &http.Server{Addr: web, Handler: sim.Handler(), ReadHeaderTimeout: 5 * time.Second}
				go func() { errc <- srv.ListenAndServe() }()
				defer func() { _ = srv.Close() }()
				fmt.Printf(", tickets at http://%s/", displayAddr(web))
			}
			fmt.Println()
			select {
			case <-cmd.Context().Done():
				return nil
			case err := <-errc:
				if errors.Is(err, http.ErrServerClosed) {
					return nil
				}
				return err
			}
		},
	}
	c.Flags().StringVar(&addr, "addr", ":9100", "TCP address to listen on like a network printer")
	c.Flags().StringVar(&web, "web", ":9180", "address of the web page showing the tickets (empty: none)")
	c.Flags().IntVar(&cols, "columns", escpos.Columns80, "paper width in characters (48 = 80 mm, 32 = 58 mm)")
	c.Flags().StringVar(&chinese, "chinese", escpos.GBK, "two-byte code system when a stream does not name one: GBK, Big5 or UTF-8")
	return c
}

func cutMark(t platform.PrinterSimTicket) string {
	if t.Ticket.Cut {
		return " · cut"
	}
	return ""
}

func displayAddr(a string) string {
	if strings.HasPrefix(a, ":") {
		return "localhost" + a
	}
	return a
}
