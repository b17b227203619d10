package main

import (
	"fmt"
	"log/slog"

	"github.com/spf13/cobra"

	"github.com/venueplatform/venue/internal/config"
	"github.com/venueplatform/venue/platform"
	"github.com/venueplatform/venue/workflows/devserver"
)

// temporalCmd runs the embedded Temporal server alone, so that several
// `venue serve` nodes and `venue worker`s on one database can share it
// (VENUE_TEMPORAL_ADDRESS) without a Temporal cluster: a single node on
// SQLite under the data dir, for small installations and tests. Production
// with several hosts uses a Temporal cluster (docs/operations.md).
func temporalCmd() *cobra.Command {
	var ip string
	var port int
	c := &cobra.Command{
		Use:   "temporal",
		Short: "Run only the embedded Temporal server (SQLite under the data dir) for API nodes and workers that set VENUE_TEMPORAL_ADDRESS",
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			cfg, err := config.Load()
			if err != nil {
				return err
			}
			log := platform.Logger(cfg)
			opts := devserver.Options{DataDir: cfg.DataDir, Namespace: cfg.TemporalNamespace, IP: ip, Port: port, Logger: log,
				CachedWorkflows: cfg.TemporalWorkflowCache}
			if cfg.LogLevel == "debug" {
				opts.LogLevel = slog.LevelDebug
			}
			srv, err := devserver.Start(ctx, opts)
			if err != nil {
				return err
			}
			log.Info("temporal server running", "frontend", srv.HostPort(), "namespace", srv.Namespace())
			_, _ = fmt.Fprintf(cmd.OutOrStdout(), "temporal frontend: %s (namespace %s)\n", srv.HostPort(), srv.Namespace())
			<-ctx.Done()
			return srv.Stop()
		},
	}
	c.Flags().StringVar(&ip, "ip", "127.0.0.1", "address the frontend listens on (0.0.0.0: every interface)")
	c.Flags().IntVar(&port, "port", 7233, "frontend port (0: a free one, published in <data dir>/temporal/frontend.addr)")
	return c
}
