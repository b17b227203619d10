package report_test

import (
	"testing"

	"github.com/venueplatform/venue/platform/platformtest"
)

// TestMain removes the package's template databases when its tests end.
func TestMain(m *testing.M) { platformtest.Main(m) }
