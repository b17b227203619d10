package storage

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"image"
	_ "image/gif" // registers the formats DecodeConfig checks
	_ "image/jpeg"
	_ "image/png"
	"io"
	"strings"
)

// ImageKind reads an image's real format from its first bytes and its
// header: "jpg", "png" or "gif"; "" for anything else, whatever its name.
func ImageKind(head []byte) string {
	var kind string
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xD8, 0xFF}):
		kind = "jpg"
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		kind = "png"
	case bytes.HasPrefix(head, []byte("GIF87a")), bytes.HasPrefix(head, []byte("GIF89a")):
		kind = "gif"
	default:
		return ""
	}
	// The magic bytes alone are easy to forge; the header must also parse.
	if _, format, err := image.DecodeConfig(bytes.NewReader(head)); err != nil || (format != "jpeg" && format != kind) {
		return ""
	}
	return kind
}

// VideoKind reads a video's real container from its first bytes: "mp4",
// "mov" or "webm"; "" for anything else.
func VideoKind(head []byte) string {
	if len(head) >= 12 && string(head[4:8]) == "ftyp" {
		size := binary.BigEndian.Uint32(head[0:4])
		if size < 8 {
			return ""
		}
		brand := string(head[8:12])
		if brand == "qt  " {
			return "mov"
		}
		for _, p := range []string{"iso", "mp4", "avc1", "M4V", "mmp4", "dash", "MSNV", "f4v", "3gp"} {
			if strings.HasPrefix(brand, p) {
				return "mp4"
			}
		}
		return ""
	}
	// WebM is Matroska (EBML header) with DocType "webm".
	if bytes.HasPrefix(head, []byte{0x1A, 0x45, 0xDF, 0xA3}) && bytes.Contains(head[:min(len(head), 64)], []byte("webm")) {
		return "webm"
	}
	return ""
}

// ContentType is the served type of a checked file kind (its extension).
func ContentType(kind string) string {
	switch kind {
	case "jpg", "jpeg":
		return "image/jpeg"
	case "png":
		return "image/png"
	case "gif":
		return "image/gif"
	case "mp4":
		return "video/mp4"
	case "mov":
		return "video/quicktime"
	case "webm":
		return "video/webm"
	case "pdf":
		return "application/pdf"
	case "docx":
		return "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
	case "xlsx":
		return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	case "pptx":
		return "application/vnd.openxmlformats-officedocument.presentationml.presentation"
	}
	return "application/octet-stream"
}

// DocumentKind reads an attachment's real type from its content: "pdf",
// "docx", "xlsx" or "pptx" (Office Open XML zips, by the parts they hold),
// or an image kind; "" for anything else.
func DocumentKind(r io.ReaderAt, size int64) string {
	head := make([]byte, 512)
	n, _ := r.ReadAt(head, 0)
	head = head[:n]
	if bytes.HasPrefix(head, []byte("%PDF-")) {
		return "pdf"
	}
	if bytes.HasPrefix(head, []byte("PK\x03\x04")) {
		z, err := zip.NewReader(r, size)
		if err != nil {
			return ""
		}
		types := false
		kind := ""
		for _, f := range z.File {
			switch {
			case f.Name == "[Content_Types].xml":
				types = true
			case strings.HasPrefix(f.Name, "word/"):
				kind = "docx"
			case strings.HasPrefix(f.Name, "xl/"):
				kind = "xlsx"
			case strings.HasPrefix(f.Name, "ppt/"):
				kind = "pptx"
			}
		}
		if types {
			return kind
		}
		return ""
	}
	return ""
}
