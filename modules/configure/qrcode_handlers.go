package configure

import (
	"fmt"
	"strings"

	"github.com/venueplatform/venue/api"
)

// QRQuery sizes a PNG code.
type QRQuery struct {
	Size int `form:"size" json:"size"` // pixels, 128-2048; default 512
}

func (m *Module) tableQRPNG(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var q QRQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	if q.Size == 0 {
		q.Size = defaultQRSize
	}
	if q.Size < minQRSize || q.Size > maxQRSize {
		return nil, api.Invalid("size", "configure.range", map[string]any{"Min": minQRSize, "Max": maxQRSize})
	}
	t, err := m.Tables.Get(c.Ctx(), id, m.origin(c))
	if err != nil {
		return nil, err
	}
	img, err := QRPNG(t.URL, q.Size)
	if err != nil {
		return nil, err
	}
	api.Attachment(c, qrFileName(t.Name, "png"), "image/png", img)
	return nil, nil
}

func (m *Module) tableQRSVG(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	t, err := m.Tables.Get(c.Ctx(), id, m.origin(c))
	if err != nil {
		return nil, err
	}
	img, err := QRSVG(t.URL)
	if err != nil {
		return nil, err
	}
	api.Attachment(c, qrFileName(t.Name, "svg"), "image/svg+xml", img)
	return nil, nil
}

// qrFileName is "table-<name>.<ext>".
func qrFileName(name, ext string) string { return fmt.Sprintf("table-%s.%s", safeName(name), ext) }

// safeName keeps a name usable in a file name.
func safeName(name string) string {
	return strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r < 0x20 || r == '"' || r == ':' {
			return '_'
		}
		return r
	}, name)
}
