package configure

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"

	"github.com/boombuler/barcode"
	"github.com/boombuler/barcode/qr"
)

// Sizes of a downloaded PNG code, in pixels.
const (
	minQRSize     = 128
	maxQRSize     = 2048
	defaultQRSize = 512
	quietModules  = 4 // the blank margin a scanner needs, in modules
)

// qrMatrix encodes a table URL with medium error correction (15 %: a
// printed code survives a smudge or a small logo sticker).
func qrMatrix(content string) (barcode.Barcode, error) {
	return qr.Encode(content, qr.M, qr.Auto)
}

// QRPNG renders content as a black-on-white PNG of about size pixels, with
// the quiet zone, each module a whole number of pixels (sharp when printed).
func QRPNG(content string, size int) ([]byte, error) {
	code, err := qrMatrix(content)
	if err != nil {
		return nil, err
	}
	n := code.Bounds().Dx()
	total := n + 2*quietModules
	scale := max(1, size/total)
	side := total * scale
	img := image.NewPaletted(image.Rect(0, 0, side, side), color.Palette{color.White, color.Black})
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			if code.At(x, y) != color.Black {
				continue
			}
			x0, y0 := (x+quietModules)*scale, (y+quietModules)*scale
			for dy := 0; dy < scale; dy++ {
				row := img.Pix[(y0+dy)*img.Stride+x0 : (y0+dy)*img.Stride+x0+scale]
				for i := range row {
					row[i] = 1
				}
			}
		}
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// QRSVG renders content as an SVG: one path of unit squares on a white
// ground, scalable to any print size.
func QRSVG(content string) ([]byte, error) {
	code, err := qrMatrix(content)
	if err != nil {
		return nil, err
	}
	n := code.Bounds().Dx()
	total := n + 2*quietModules
	var path strings.Builder
	for y := 0; y < n; y++ {
		for x := 0; x < n; {
			if code.At(x, y) != color.Black {
				x++
				continue
			}
			run := 1
			for x+run < n && code.At(x+run, y) == color.Black {
				run++
			}
			fmt.Fprintf(&path, "M%d %dh%dv1h-%dz", x+quietModules, y+quietModules, run, run)
			x += run
		}
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" shape-rendering="crispEdges">`+
		`<rect width="100%%" height="100%%" fill="#fff"/><path fill="#000" d="%s"/></svg>`+"\n",
		total, total, total*8, total*8, path.String())
	return buf.Bytes(), nil
}

// modules answers the dark modules of a code (PDF drawing), with its side.
func modules(content string) (dark func(x, y int) bool, n int, err error) {
	code, err := qrMatrix(content)
	if err != nil {
		return nil, 0, err
	}
	return func(x, y int) bool { return code.At(x, y) == color.Black }, code.Bounds().Dx(), nil
}
