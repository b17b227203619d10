package configure

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/boombuler/barcode"
	"github.com/boombuler/barcode/qr"
	"github.com/makiuchi-d/gozxing"
	gzqr "github.com/makiuchi-d/gozxing/qrcode"
)

// Sizes of a downloaded PNG code, in pixels.
const (
	minQRSize     = 128
	maxQRSize     = 2048
	defaultQRSize = 512
	quietModules  = 4 // the blank margin a scanner needs, in modules
)

// qrMatrix encodes a table URL with medium error correction (15 %: a
// printed code survives a smudge or a small logo sticker). A few matrices
// the encoder makes (about one URL in two hundred) are ones ZXing's
// detector, which many phone scanners build on, misreads at some print
// sizes: a run of data modules taken for a finder pattern. Each code is
// therefore read back with that detector, small, medium and large, before
// it is handed out; one that does not read back is encoded again at the
// next level (25 %, 30 %, then 7 %), a different matrix of the same URL.
// The level that read is remembered per URL (a sheet of a venue's tables
// draws them all).
func qrMatrix(content string) (barcode.Barcode, error) {
	levels := []qr.ErrorCorrectionLevel{qr.M, qr.Q, qr.H, qr.L}
	if v, ok := readLevels.Load(content); ok {
		return qr.Encode(content, v.(qr.ErrorCorrectionLevel), qr.Auto)
	}
	var first barcode.Barcode
	for _, level := range levels {
		code, err := qr.Encode(content, level, qr.Auto)
		if err != nil {
			if first == nil && level == qr.M {
				return nil, err
			}
			continue // too long for this level
		}
		if first == nil {
			first = code
		}
		if readsBack(code, content) {
			rememberLevel(content, level)
			return code, nil
		}
	}
	return first, nil
}

// readLevels is the level whose matrix read back, per URL, up to
// maxReadLevels URLs (then it starts again).
var (
	readLevels     sync.Map // content → qr.ErrorCorrectionLevel
	readLevelCount atomic.Int64
)

const maxReadLevels = 4096

func rememberLevel(content string, level qr.ErrorCorrectionLevel) {
	if readLevelCount.Add(1) > maxReadLevels {
		readLevels.Clear()
		readLevelCount.Store(1)
	}
	readLevels.Store(content, level)
}

// readsBack reports that a code, drawn with its quiet zone at about 128, 512
// and 1024 pixels (a thumbnail, the default download, a poster; at least 2
// pixels a module, so the image stays about 1,000 pixels a side whatever
// the URL's length), decodes to content each time.
func readsBack(code barcode.Barcode, content string) bool {
	n := code.Bounds().Dx()
	total := n + 2*quietModules
	for _, size := range []int{minQRSize, defaultQRSize, 1024} {
		scale := max(2, size/total)
		side := total * scale
		img := image.NewGray(image.Rect(0, 0, side, side))
		for i := range img.Pix {
			img.Pix[i] = 0xff
		}
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				if code.At(x, y) != color.Black {
					continue
				}
				for dy := 0; dy < scale; dy++ {
					row := img.Pix[((y+quietModules)*scale+dy)*img.Stride+(x+quietModules)*scale:]
					for dx := 0; dx < scale; dx++ {
						row[dx] = 0
					}
				}
			}
		}
		bmp, err := gozxing.NewBinaryBitmapFromImage(img)
		if err != nil {
			return false
		}
		res, err := gzqr.NewQRCodeReader().Decode(bmp, nil)
		if err != nil || res.GetText() != content {
			return false
		}
	}
	return true
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
