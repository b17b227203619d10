package sheet

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

var benchColumns = []string{"number", "name", "categoryId", "sort", "price", "discountPrice", "description", "specialty", "status", "images", "specs"}

var (
	bigOnce sync.Once
	bigFile []byte
	bigRows int
)

// eightMB is an import file of the dish columns just under the upload limit
// (8 MB): rows of varied text that compress about as real menus do.
func eightMB(tb testing.TB) ([]byte, int) {
	bigOnce.Do(func() {
		rng := rand.New(rand.NewPCG(1, 2))
		word := func(n int) string {
			b := make([]byte, n)
			for i := range b {
				b[i] = byte('a' + rng.IntN(26))
			}
			return string(b)
		}
		f := excelize.NewFile()
		sw, err := f.NewStreamWriter("Sheet1")
		if err != nil {
			tb.Fatal(err)
		}
		head := make([]any, len(benchColumns))
		for i, c := range benchColumns {
			head[i] = c
		}
		_ = sw.SetRow("A1", head)
		n := 0
		for r := 2; r < 70000; r++ {
			cell, _ := excelize.CoordinatesToCellName(1, r)
			_ = sw.SetRow(cell, []any{fmt.Sprintf("D%06d", r), word(12), "Mains", r % 100, "12.50", "", word(40), "no", "on",
				"/uploads/2026/11/" + word(32) + ".png", word(8) + ":" + word(6)})
			n++
		}
		_ = sw.Flush()
		var buf bytes.Buffer
		_ = f.Write(&buf)
		bigFile, bigRows = buf.Bytes(), n
		if len(bigFile) > 8<<20 {
			tb.Fatalf("%d bytes: over the 8 MB the import handlers take", len(bigFile))
		}
	})
	return bigFile, bigRows
}

// peakHeap samples the heap while fn runs and answers the highest HeapAlloc
// above what was live before.
func peakHeap(fn func()) uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base, peak := ms.HeapAlloc, ms.HeapAlloc
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(2 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				var m runtime.MemStats
				runtime.ReadMemStats(&m)
				peak = max(peak, m.HeapAlloc)
			}
		}
	}()
	fn()
	close(done)
	wg.Wait()
	return peak - base
}

func accepts() [][]string {
	out := make([][]string, len(benchColumns))
	for i, c := range benchColumns {
		out[i] = []string{c}
	}
	return out
}

// BenchmarkImport8MBWhole is how imports read before issue 11: the whole
// sheet into memory, then the row cap.
func BenchmarkImport8MBWhole(b *testing.B) {
	raw, _ := eightMB(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(raw)))
	var peak uint64
	for b.Loop() {
		peak = max(peak, peakHeap(func() {
			_, rows, err := Read(bytes.NewReader(raw))
			if err != nil || len(rows) <= MaxImportRows {
				b.Fatal(err, len(rows))
			}
		}))
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
}

// BenchmarkImport8MBStreamed is ReadImport: header first, rows counted as
// they stream, refused at the first row past the cap.
func BenchmarkImport8MBStreamed(b *testing.B) {
	raw, _ := eightMB(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(raw)))
	var peak uint64
	for b.Loop() {
		peak = max(peak, peakHeap(func() {
			if _, err := ReadImport(bytes.NewReader(raw), accepts(), MaxImportRows); !errors.Is(err, ErrTooManyRows) {
				b.Fatal(err)
			}
		}))
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
}

func TestEightMBFileSize(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds an 8 MB workbook")
	}
	raw, n := eightMB(t)
	t.Logf("%d bytes, %d rows", len(raw), n)
}
