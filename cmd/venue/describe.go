package main

import (
	"errors"
	"fmt"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/i18n"
)

// describe renders a business error in English for the terminal.
func describe(err error) error {
	var e *api.Error
	if errors.As(err, &e) {
		return fmt.Errorf("%s", api.Localize(i18n.Default, e))
	}
	return err
}
