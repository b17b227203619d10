package main

import (
	"io"
	"log/slog"
	"os"

	"github.com/spf13/cobra"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/config"
	"github.com/venueplatform/venue/platform"
)

func openAPICmd() *cobra.Command {
	var out string
	c := &cobra.Command{
		Use:   "openapi",
		Short: "Print the OpenAPI document of every route (what /api/openapi.json answers), without a server or a configured database",
		RunE: func(cmd *cobra.Command, _ []string) error {
			doc, err := renderOpenAPI(cmd)
			if err != nil {
				return err
			}
			if out != "" {
				return os.WriteFile(out, doc, 0o644)
			}
			_, err = cmd.OutOrStdout().Write(doc)
			return err
		},
	}
	c.Flags().StringVarP(&out, "out", "o", "", "write the document to this file instead of standard output")
	return c
}

// renderOpenAPI builds the modules on a throw-away SQLite database (the
// routes need the modules, the modules a database) and renders the document.
func renderOpenAPI(cmd *cobra.Command) ([]byte, error) {
	dir, err := os.MkdirTemp("", "venue-openapi-")
	if err != nil {
		return nil, err
	}
	defer func() { _ = os.RemoveAll(dir) }() // a left-over temporary directory does not change the document
	cfg, err := config.Load()
	if err != nil {
		return nil, err
	}
	cfg.DataDir, cfg.DBDSN = dir, ""
	cfg.OSSEndpoint = ""
	p, err := platform.Open(cmd.Context(), cfg, quietLogger())
	if err != nil {
		return nil, err
	}
	defer p.Close()
	return api.OpenAPI(p.Registry.Routes(), platform.Version), nil
}

func quietLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }
