package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/venueplatform/venue/modules/sys"
)

func adminCmd() *cobra.Command {
	c := &cobra.Command{Use: "admin", Short: "Operator commands for scripts and recovery (same data as a running serve)"}
	c.AddCommand(createMerchantCmd(), createUserCmd(), resetPasswordCmd())
	return c
}

func createMerchantCmd() *cobra.Command {
	var name, contact, mobile, username, password string
	c := &cobra.Command{
		Use:   "create-merchant --name N",
		Short: "Create a merchant, its first venue and its administrator",
		RunE: func(cmd *cobra.Command, _ []string) error {
			if name == "" {
				return fmt.Errorf("--name is required")
			}
			p, err := open(cmd.Context())
			if err != nil {
				return err
			}
			defer p.Close()
			if err := p.Seed(cmd.Context(), false); err != nil {
				return err
			}
			out, err := p.Sys.CreateMerchant(cmd.Context(), sys.NewMerchant{Name: name, Contact: contact, Mobile: mobile}, username, password)
			if err != nil {
				return describe(err)
			}
			w := cmd.OutOrStdout()
			if _, err := fmt.Fprintf(w, "merchant id:    %d\nvenue id:       %d\nadmin user id:  %d\nadmin username: %s\n", out.MerchantID, out.VenueID, out.AdminUserID, out.AdminUsername); err != nil {
				return err
			}
			if password == "" {
				_, err = fmt.Fprintf(w, "admin password: %s (must be changed at first login)\n", out.AdminPassword)
			}
			return err
		},
	}
	c.Flags().StringVar(&name, "name", "", "merchant name (required)")
	c.Flags().StringVar(&contact, "contact", "", "contact person")
	c.Flags().StringVar(&mobile, "mobile", "", "contact mobile (also the administrator's)")
	c.Flags().StringVar(&username, "admin-username", "", "administrator user name (default m<id>_admin)")
	c.Flags().StringVar(&password, "admin-password", "", "administrator password (default: generated and printed)")
	return c
}

func createUserCmd() *cobra.Command {
	var username, password string
	var roles []string
	var merchant uint64
	c := &cobra.Command{
		Use:   "create-user --username U --password P [--role CODE]... [--merchant ID]",
		Short: "Create a user; with no role the user may log in and nothing else",
		RunE: func(cmd *cobra.Command, _ []string) error {
			if username == "" || password == "" {
				return fmt.Errorf("--username and --password are required")
			}
			p, err := open(cmd.Context())
			if err != nil {
				return err
			}
			defer p.Close()
			if err := p.Seed(cmd.Context(), false); err != nil {
				return err
			}
			u, err := p.Sys.CreateUser(cmd.Context(), username, password, roles, merchant)
			if err != nil {
				return describe(err)
			}
			_, err = fmt.Fprintf(cmd.OutOrStdout(), "user id:  %d\nusername: %s\n", u.ID, u.Username)
			return err
		},
	}
	c.Flags().StringVar(&username, "username", "", "user name (required)")
	c.Flags().StringVar(&password, "password", "", "password, at least 6 characters (required)")
	c.Flags().StringArrayVar(&roles, "role", nil, "role code to grant (repeatable), e.g. merchant_admin")
	c.Flags().Uint64Var(&merchant, "merchant", 0, "merchant id the user belongs to (default: the platform)")
	return c
}

func resetPasswordCmd() *cobra.Command {
	var username, password string
	c := &cobra.Command{
		Use:   "reset-password --username U [--password P]",
		Short: "Set a user's password (generated and printed when not given), revoke their sessions and lift a login lock",
		RunE: func(cmd *cobra.Command, _ []string) error {
			if username == "" {
				return fmt.Errorf("--username is required")
			}
			p, err := open(cmd.Context())
			if err != nil {
				return err
			}
			defer p.Close()
			pw, err := p.Sys.ResetPassword(cmd.Context(), username, password)
			if err != nil {
				return describe(err)
			}
			if password == "" {
				_, err = fmt.Fprintf(cmd.OutOrStdout(), "new password for %s: %s\n", username, pw)
			} else {
				_, err = fmt.Fprintf(cmd.OutOrStdout(), "password of %s changed\n", username)
			}
			return err
		},
	}
	c.Flags().StringVar(&username, "username", "", "user name (required)")
	c.Flags().StringVar(&password, "password", "", "new password (default: generated and printed)")
	return c
}
