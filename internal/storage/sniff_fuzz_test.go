package storage

import (
	"archive/zip"
	"bytes"
	"strings"
	"testing"
)

// FuzzSniff feeds arbitrary bytes to the upload content checks: they must
// never panic, and whatever they accept must carry the magic bytes of the
// kind they name, so a renamed script or page is never stored as an image,
// video or document.
func FuzzSniff(f *testing.F) {
	for _, seed := range [][]byte{
		{0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 'J', 'F', 'I', 'F', 0},
		[]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"),
		[]byte("GIF89a\x01\x00\x01\x00"),
		[]byte("\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom"),
		[]byte("\x00\x00\x00\x14ftypqt  \x00\x00\x00\x00qt  "),
		{0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81, 0x01},
		[]byte("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF"),
		[]byte("<html><script>alert(1)</script></html>"),
		[]byte("<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>"),
		[]byte("GIF89a<script>alert(1)</script>"),
		[]byte("PK\x03\x04"),
		{},
		officeZip(f, "word/document.xml"),
		officeZip(f, "xl/workbook.xml"),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if k := ImageKind(data); k != "" {
			if !strings.HasPrefix(ContentType(k), "image/") || !hasImageMagic(data) {
				t.Fatalf("image kind %q for % x", k, head(data))
			}
		}
		if k := VideoKind(data); k != "" {
			if !strings.HasPrefix(ContentType(k), "video/") {
				t.Fatalf("video kind %q answers %q", k, ContentType(k))
			}
		}
		if k := DocumentKind(bytes.NewReader(data), int64(len(data))); k != "" {
			if k == "pdf" && !bytes.HasPrefix(data, []byte("%PDF-")) {
				t.Fatalf("pdf without %%PDF-: % x", head(data))
			}
			if k != "pdf" && !bytes.HasPrefix(data, []byte("PK\x03\x04")) {
				t.Fatalf("office kind %q without a zip header: % x", k, head(data))
			}
		}
	})
}

func hasImageMagic(b []byte) bool {
	return bytes.HasPrefix(b, []byte{0xFF, 0xD8, 0xFF}) || bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")) ||
		bytes.HasPrefix(b, []byte("GIF87a")) || bytes.HasPrefix(b, []byte("GIF89a"))
}

func head(b []byte) []byte {
	if len(b) > 16 {
		return b[:16]
	}
	return b
}

func officeZip(f *testing.F, name string) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, n := range []string{"[Content_Types].xml", name} {
		w, err := zw.Create(n)
		if err != nil {
			f.Fatal(err)
		}
		w.Write([]byte("<x/>"))
	}
	if err := zw.Close(); err != nil {
		f.Fatal(err)
	}
	return buf.Bytes()
}
