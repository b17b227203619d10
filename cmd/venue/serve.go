package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/pprof"
	"time"

	"github.com/spf13/cobra"
	"go.temporal.io/sdk/client"

	"github.com/venueplatform/venue/internal/temporalx"
	"github.com/venueplatform/venue/platform"
	"github.com/venueplatform/venue/workflows/devserver"
)

func serveCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "serve",
		Short: "Serve the API, the console and the Temporal worker (embedded Temporal unless VENUE_TEMPORAL_ADDRESS is set)",
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			p, err := open(ctx)
			if err != nil {
				return err
			}
			defer p.Close()
			if err := p.Seed(ctx, false); err != nil {
				return err
			}
			c, err := connectTemporal(ctx, p, true)
			if err != nil {
				return err
			}
			p.UseTemporal(c)
			w := p.NewWorker(c)
			if err := w.Start(); err != nil {
				return fmt.Errorf("temporal worker: %w", err)
			}
			p.OnClose(w.Stop)
			if err := p.Start(ctx); err != nil {
				return err
			}
			h, err := p.Handler()
			if err != nil {
				return err
			}
			serveOps(ctx, p)
			servePprof(ctx, p)
			return platform.ListenAndServe(ctx, p.Config.HTTPAddr, h, p.Log)
		},
	}
}

func workerCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "worker",
		Short: "Run only the Temporal worker (scale-out); needs VENUE_TEMPORAL_ADDRESS or a running serve on the same data dir",
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			p, err := open(ctx)
			if err != nil {
				return err
			}
			defer p.Close()
			c, err := connectTemporal(ctx, p, false)
			if err != nil {
				return err
			}
			p.UseTemporal(c)
			if err := p.Start(ctx); err != nil {
				return err
			}
			w := p.NewWorker(c)
			p.Log.Info("worker running", "task_queue", p.Config.TemporalTaskQueue)
			if err := w.Start(); err != nil {
				return err
			}
			// The worker has no API; its probes and metrics are on VENUE_METRICS_ADDR.
			if _, err := p.Handler(); err != nil {
				return err
			}
			serveOps(ctx, p)
			servePprof(ctx, p)
			<-ctx.Done()
			w.Stop()
			return nil
		},
	}
}

// serveOps serves /metrics, /healthz and /readyz on VENUE_METRICS_ADDR, when
// set: the port Prometheus and the orchestrator's probes use (for `venue
// worker`, which has no API address, the only one).
func serveOps(ctx context.Context, p *platform.Platform) {
	addr := p.Config.MetricsAddr
	if addr == "" {
		return
	}
	mux := http.NewServeMux()
	if h := p.MetricsHandler(); h != nil {
		mux.Handle("/metrics", h)
	}
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = fmt.Fprintf(w, `{"status":"ok","version":%q}`, platform.Version) // a failed write is a prober that left
	})
	mux.HandleFunc("/readyz", func(w http.ResponseWriter, r *http.Request) {
		rctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
		defer cancel()
		w.Header().Set("Content-Type", "application/json")
		if err := p.Ready(rctx); err != nil {
			w.WriteHeader(http.StatusServiceUnavailable)
			b, _ := json.Marshal(map[string]string{"status": "unavailable", "error": err.Error()})
			_, _ = w.Write(b)
			return
		}
		_, _ = w.Write([]byte(`{"status":"ok"}`))
	})
	go func() {
		if err := platform.ListenAndServe(ctx, addr, mux, p.Log); err != nil {
			p.Log.Error("metrics listener", "addr", addr, "error", err)
		}
	}()
}

// servePprof serves the Go profiler on VENUE_PPROF_ADDR, when set; the
// configuration refuses any address but a loopback one, so the profiles
// (stacks, heap contents) are read on this machine only.
func servePprof(ctx context.Context, p *platform.Platform) {
	addr := p.Config.PprofAddr
	if addr == "" {
		return
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	go func() {
		if err := platform.ListenAndServe(ctx, addr, mux, p.Log); err != nil {
			p.Log.Error("pprof listener", "addr", addr, "error", err)
		}
	}()
}

// connectTemporal dials the configured cluster; without one, serve starts
// the embedded server under the data dir, and worker joins the one a
// running serve started there.
func connectTemporal(ctx context.Context, p *platform.Platform, embed bool) (client.Client, error) {
	addr := p.Config.TemporalAddress
	if addr == "" && embed {
		opts := devserver.Options{DataDir: p.Config.DataDir, Namespace: p.Config.TemporalNamespace, Logger: p.Log,
			CachedWorkflows: p.Config.TemporalWorkflowCache}
		if p.Config.LogLevel == "debug" {
			opts.LogLevel = slog.LevelDebug
		}
		srv, err := devserver.Start(ctx, opts)
		if err != nil {
			return nil, fmt.Errorf("embedded temporal: %w", err)
		}
		p.OnClose(func() {
			if err := srv.Stop(); err != nil {
				p.Log.Warn("stop embedded temporal", "error", err)
			}
		})
		addr = srv.HostPort()
		p.Log.Info("embedded temporal started", "frontend", addr)
	}
	if addr == "" {
		found, err := temporalx.ReadFrontendAddr(p.Config.DataDir)
		if err != nil {
			return nil, errors.New("no Temporal: set VENUE_TEMPORAL_ADDRESS, or start `venue serve` on this data dir first")
		}
		addr = found
	}
	c, err := p.DialTemporal(ctx, addr)
	if err != nil {
		return nil, err
	}
	p.OnClose(c.Close)
	return c, nil
}
