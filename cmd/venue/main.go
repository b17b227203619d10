// Command venue is the whole Venue Platform back office in one binary.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/venueplatform/venue/internal/config"
	"github.com/venueplatform/venue/platform"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	root := &cobra.Command{
		Use:           "venue",
		Short:         "Venue Platform: the back office of restaurants, bars and venues",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(serveCmd(), workerCmd(), temporalCmd(), exportCmd(), importCmd(), migrateCmd(), seedCmd(), versionCmd(), adminCmd(), printAgentCmd(), printerSimCmd(), openAPICmd())
	if err := root.ExecuteContext(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "venue:", err)
		os.Exit(1)
	}
}

// open loads the configuration and assembles the platform (database
// migrated, modules built).
func open(ctx context.Context) (*platform.Platform, error) {
	cfg, err := config.Load()
	if err != nil {
		return nil, err
	}
	return platform.Open(ctx, cfg, platform.Logger(cfg))
}

func versionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version",
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintln(cmd.OutOrStdout(), platform.Version)
			return err
		},
	}
}

func migrateCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "migrate",
		Short: "Apply the database migrations (serve does this at start too)",
		RunE: func(cmd *cobra.Command, _ []string) error {
			p, err := open(cmd.Context())
			if err != nil {
				return err
			}
			defer p.Close()
			_, err = fmt.Fprintln(cmd.OutOrStdout(), "database is up to date")
			return err
		},
	}
}

func seedCmd() *cobra.Command {
	var demo bool
	c := &cobra.Command{
		Use:   "seed",
		Short: "Write the built-in rows (roles, menus, dictionaries, administrator); --demo adds the demo merchant",
		RunE: func(cmd *cobra.Command, _ []string) error {
			p, err := open(cmd.Context())
			if err != nil {
				return err
			}
			defer p.Close()
			if err := p.Seed(cmd.Context(), demo); err != nil {
				return err
			}
			_, err = fmt.Fprintln(cmd.OutOrStdout(), "seeded")
			return err
		},
	}
	c.Flags().BoolVar(&demo, "demo", false, "also add the demo merchant, its venue and staff")
	return c
}
