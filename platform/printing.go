package platform

import (
	"context"

	"github.com/venueplatform/venue/internal/printersim"
	"github.com/venueplatform/venue/modules/printing"
)

// PrintAgentOptions configure `venue print-agent`.
type PrintAgentOptions = printing.AgentOptions

// RunPrintAgent runs a venue's print agent until ctx ends.
func RunPrintAgent(ctx context.Context, o PrintAgentOptions) error { return printing.RunAgent(ctx, o) }

// PrinterSimOptions configure `venue printer-sim`.
type PrinterSimOptions = printersim.Options

// PrinterSimTicket is a ticket the virtual printer received.
type PrinterSimTicket = printersim.Ticket

// NewPrinterSim makes a virtual ESC/POS network printer.
func NewPrinterSim(o PrinterSimOptions) *printersim.Printer { return printersim.New(o) }

// Printing answers the printing module of a platform (nil when absent).
func (p *Platform) Printing() *printing.Module {
	for _, m := range p.Modules {
		if pm, ok := m.(*printing.Module); ok {
			return pm
		}
	}
	return nil
}
