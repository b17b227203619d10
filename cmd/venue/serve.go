package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/spf13/cobra"
	"go.temporal.io/sdk/client"

	"github.com/venueplatform/venue/internal/boot"
	"github.com/venueplatform/venue/internal/temporalx"
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
			return boot.ListenAndServe(ctx, p.Config.HTTPAddr, h, p.Log)
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
			<-ctx.Done()
			w.Stop()
			return nil
		},
	}
}

// connectTemporal dials the configured cluster; without one, serve starts
// the embedded server under the data dir, and worker joins the one a
// running serve started there.
func connectTemporal(ctx context.Context, p *boot.Platform, embed bool) (client.Client, error) {
	addr := p.Config.TemporalAddress
	if addr == "" && embed {
		opts := devserver.Options{DataDir: p.Config.DataDir, Namespace: p.Config.TemporalNamespace, Logger: p.Log}
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
