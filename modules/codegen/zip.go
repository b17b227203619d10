package codegen

import (
	"archive/zip"
	"bytes"

	"github.com/venueplatform/venue/api"
)

// Zip packs generated files in memory, in their order, with no times in the
// headers: the same files give the same bytes.
func Zip(g *Generated) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range g.Files {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: f.Path, Method: zip.Deflate})
		if err != nil {
			return nil, err
		}
		if _, err := w.Write([]byte(f.Content)); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// sendZip answers the zip as a download; it never touches the disk.
func sendZip(c *api.Ctx, name string, g *Generated) error {
	data, err := Zip(g)
	if err != nil {
		return err
	}
	api.Attachment(c, name, "application/zip", data)
	return nil
}
