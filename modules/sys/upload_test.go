package sys_test

import (
	"archive/zip"
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"net/http"
	"strings"
	"testing"

	"github.com/venueplatform/venue/internal/sheet"
	"github.com/venueplatform/venue/platform/platformtest"
)

func picture(t *testing.T, enc func(*bytes.Buffer, image.Image) error) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 32, 32))
	for x := 0; x < 32; x++ {
		img.Set(x, x, color.RGBA{200, 30, 30, 255})
	}
	var buf bytes.Buffer
	if err := enc(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestImageUploadsAreCheckedByContent(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	tok := env.AdminToken()
	pngBytes := picture(t, func(b *bytes.Buffer, i image.Image) error { return png.Encode(b, i) })
	jpgBytes := picture(t, func(b *bytes.Buffer, i image.Image) error { return jpeg.Encode(b, i, nil) })
	gifBytes := picture(t, func(b *bytes.Buffer, i image.Image) error { return gif.Encode(b, i, nil) })

	for _, tc := range []struct {
		name, file string
		body       []byte
		wantType   string // "" = refused
		wantMsg    string
	}{
		{"png", "dish.png", pngBytes, "image/png", ""},
		{"jpeg named .jpeg", "dish.jpeg", jpgBytes, "image/jpeg", ""},
		{"gif named .png keeps its real type", "dish.png", gifBytes, "image/gif", ""},
		{"text named .png", "evil.png", []byte("<script>alert(1)</script> not an image at all"), "", "Only jpg, jpeg, png, gif files can be uploaded"},
		{"png magic with garbage", "half.png", append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{0}, 64)...), "", "Only jpg, jpeg, png, gif files can be uploaded"},
		{"svg", "logo.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"></svg>`), "", "Only jpg, jpeg, png, gif files can be uploaded"},
		{"over 10 MB", "big.png", append(pngBytes, bytes.Repeat([]byte{0}, 10<<20)...), "", "Images must be under 10 MB"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := env.Upload("/api/upload/oss/aliyun/image", tok, tc.file, tc.body)
			if tc.wantType == "" {
				if res.Code != 10201 || res.Msg != tc.wantMsg {
					t.Fatalf("want refusal %q, got %d %q", tc.wantMsg, res.Code, res.Msg)
				}
				return
			}
			var urls []string
			platformtest.OK(t, res).Into(t, &urls)
			if len(urls) != 1 || !strings.HasPrefix(urls[0], "/uploads/") || strings.Contains(urls[0], "dish") {
				t.Fatalf("urls %v", urls)
			}
			got := env.Do(platformtest.Req{Method: http.MethodGet, Path: urls[0]})
			if got.Status != 200 || got.Header.Get("Content-Type") != tc.wantType || got.Header.Get("X-Content-Type-Options") != "nosniff" || !bytes.Equal(got.Body, tc.body) {
				t.Fatalf("serve: %d %q %q (%d bytes)", got.Status, got.Header.Get("Content-Type"), got.Header.Get("X-Content-Type-Options"), len(got.Body))
			}
		})
	}
	if res := env.Upload("/api/upload/oss/aliyun/image", "", "dish.png", pngBytes); res.Status != http.StatusUnauthorized {
		t.Fatalf("anonymous upload: HTTP %d", res.Status)
	}
}

func TestVideoUploadsAreCheckedByContent(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	tok := env.AdminToken()
	mp4 := append([]byte("\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2"), bytes.Repeat([]byte{1}, 256)...)
	mov := append([]byte("\x00\x00\x00\x14ftypqt  \x00\x00\x02\x00qt  "), bytes.Repeat([]byte{1}, 256)...)
	webm := append([]byte("\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\xf7\x81\x01\x42\xf2\x81\x04\x42\xf3\x81\x08\x42\x82\x84webm"), bytes.Repeat([]byte{1}, 256)...)
	for name, tc := range map[string]struct {
		body []byte
		ct   string
	}{"mp4": {mp4, "video/mp4"}, "mov": {mov, "video/quicktime"}, "webm": {webm, "video/webm"}} {
		var urls []string
		platformtest.OK(t, env.Upload("/api/upload/oss/aliyun/uploadVideo", tok, "clip."+name, tc.body)).Into(t, &urls)
		if got := env.Do(platformtest.Req{Method: http.MethodGet, Path: urls[0]}); got.Header.Get("Content-Type") != tc.ct {
			t.Errorf("%s served as %q", name, got.Header.Get("Content-Type"))
		}
	}
	if res := env.Upload("/api/upload/oss/aliyun/uploadVideo", tok, "clip.mp4", []byte("just text pretending to be a video file")); res.Code != 10201 {
		t.Fatalf("text as video: %d %q", res.Code, res.Msg)
	}
}

func TestAttachmentUploadsAreCheckedByContent(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	tok := env.AdminToken()
	xlsx, err := sheet.Write("s", []string{"a"}, [][]any{{1}})
	if err != nil {
		t.Fatal(err)
	}
	var plainZip bytes.Buffer
	zw := zip.NewWriter(&plainZip)
	w, _ := zw.Create("notes.txt")
	w.Write([]byte("hello"))
	zw.Close()
	for name, tc := range map[string]struct {
		file string
		body []byte
		ct   string
	}{
		"pdf":         {"menu.pdf", []byte("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF"), "application/pdf"},
		"xlsx":        {"stock.xlsx", xlsx, sheet.ContentType},
		"png":         {"photo.png", picture(t, func(b *bytes.Buffer, i image.Image) error { return png.Encode(b, i) }), "image/png"},
		"plain zip":   {"archive.docx", plainZip.Bytes(), ""},
		"text as pdf": {"fake.pdf", []byte("not a pdf at all"), ""},
	} {
		res := env.Upload("/api/upload/oss/aliyun/file", tok, tc.file, tc.body)
		if tc.ct == "" {
			if res.Code != 10201 {
				t.Errorf("%s accepted: %d", name, res.Code)
			}
			continue
		}
		var urls []string
		platformtest.OK(t, res).Into(t, &urls)
		got := env.Do(platformtest.Req{Method: "GET", Path: urls[0]})
		if got.Header.Get("Content-Type") != tc.ct {
			t.Errorf("%s served as %q", name, got.Header.Get("Content-Type"))
		}
		// Only images and videos show in place; documents download.
		if disp, media := got.Header.Get("Content-Disposition"), strings.HasPrefix(tc.ct, "image/"); media != (disp == "") || (!media && disp != "attachment") {
			t.Errorf("%s served with Content-Disposition %q", name, disp)
		}
	}
}
