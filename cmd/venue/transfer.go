package main

import (
	"fmt"
	"os"
	"slices"

	"github.com/spf13/cobra"

	"github.com/venueplatform/venue/internal/dbx"
)

func exportCmd() *cobra.Command {
	var out string
	c := &cobra.Command{
		Use:   "export [--out FILE]",
		Short: "Write every table's rows as JSON lines (to move an installation, e.g. SQLite to MySQL); stop serve first",
		RunE: func(cmd *cobra.Command, _ []string) error {
			p, err := open(cmd.Context())
			if err != nil {
				return err
			}
			defer p.Close()
			if out == "" || out == "-" {
				return dbx.Export(cmd.Context(), p.DB, cmd.OutOrStdout())
			}
			f, err := os.OpenFile(out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600) //nolint:gosec // G304: the operator names the file on the command line
			if err != nil {
				return err
			}
			if err := dbx.Export(cmd.Context(), p.DB, f); err != nil {
				_ = f.Close()
				return err
			}
			return f.Close() // a write the disk refused at the end leaves the export incomplete
		},
	}
	c.Flags().StringVar(&out, "out", "", "file to write (must not exist; default: standard output)")
	return c
}

func importCmd() *cobra.Command {
	var in string
	c := &cobra.Command{
		Use:   "import --in FILE",
		Short: "Replace the rows of every table in an export with the export's, in one transaction (migrates first); stop serve first",
		RunE: func(cmd *cobra.Command, _ []string) error {
			if in == "" {
				return fmt.Errorf("--in is required")
			}
			r := cmd.InOrStdin()
			if in != "-" {
				f, err := os.Open(in) //nolint:gosec // G304: the operator names the file on the command line
				if err != nil {
					return err
				}
				defer func() { _ = f.Close() }() // read-only: Import reports a failed read
				r = f
			}
			p, err := open(cmd.Context())
			if err != nil {
				return err
			}
			defer p.Close()
			counts, err := dbx.Import(cmd.Context(), p.DB, r)
			if err != nil {
				return err
			}
			names := make([]string, 0, len(counts))
			total := 0
			for n, c := range counts {
				names = append(names, n)
				total += c
			}
			slices.Sort(names)
			_, err = fmt.Fprintf(cmd.OutOrStdout(), "imported %d rows into %d tables\n", total, len(names))
			return err
		},
	}
	c.Flags().StringVar(&in, "in", "", "export file to read ('-': standard input)")
	return c
}
