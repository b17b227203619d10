package sys

import (
	"bytes"
	"io"
	"mime/multipart"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/storage"
)

// CodeUploadRefused is the business code of a refused upload.
const CodeUploadRefused = 10201

func (m *Module) uploadImage(c *api.Ctx) (any, error) {
	fh, err := c.FormFile("file")
	if err != nil {
		return nil, api.Business(CodeUploadRefused, "upload.no_file", nil)
	}
	if fh.Size > m.deps.Config.ImageMaxBytes {
		return nil, api.Business(CodeUploadRefused, "upload.image_too_large", nil)
	}
	head, f, err := openHead(fh, 512<<10)
	if err != nil {
		return nil, api.Business(CodeUploadRefused, "upload.failed", nil)
	}
	defer func() { _ = f.Close() }() // read-only: Put reports a failed read
	kind := storage.ImageKind(head)
	if kind == "" {
		return nil, api.Business(CodeUploadRefused, "upload.only_images", nil)
	}
	return m.store(c, f, fh.Size, kind)
}

func (m *Module) uploadVideo(c *api.Ctx) (any, error) {
	fh, err := c.FormFile("file")
	if err != nil {
		return nil, api.Business(CodeUploadRefused, "upload.no_file", nil)
	}
	if fh.Size > m.deps.Config.VideoMaxBytes {
		return nil, api.Business(CodeUploadRefused, "upload.video_too_large", map[string]any{"MB": m.deps.Config.VideoMaxBytes >> 20})
	}
	head, f, err := openHead(fh, 4<<10)
	if err != nil {
		return nil, api.Business(CodeUploadRefused, "upload.failed", nil)
	}
	defer func() { _ = f.Close() }() // read-only: Put reports a failed read
	kind := storage.VideoKind(head)
	if kind == "" {
		return nil, api.Business(CodeUploadRefused, "upload.only_videos", nil)
	}
	return m.store(c, f, fh.Size, kind)
}

func (m *Module) store(c *api.Ctx, f io.Reader, size int64, kind string) (any, error) {
	var merchantID uint64
	if p := c.Principal(); p != nil {
		merchantID = p.MerchantID
	}
	release, err := m.reserveUpload(c.Ctx(), merchantID, size)
	if err != nil {
		return nil, err
	}
	url, err := m.deps.Storage.Put(c.Ctx(), storage.NewKey(kind), f, size, storage.ContentType(kind))
	if err != nil {
		release()
		return nil, api.Internal(err)
	}
	return []string{url}, nil
}

// openHead reads the first n bytes (for the content check) and returns a
// reader of the whole file.
func openHead(fh *multipart.FileHeader, n int) ([]byte, io.ReadCloser, error) {
	f, err := fh.Open()
	if err != nil {
		return nil, nil, err
	}
	head := make([]byte, n)
	k, err := io.ReadFull(f, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		_ = f.Close()
		return nil, nil, err
	}
	head = head[:k]
	rest := struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(head), f), f}
	return head, rest, nil
}

// fileMaxBytes bounds an attachment (a form's file field).
const fileMaxBytes = 20 << 20

func (m *Module) uploadFile(c *api.Ctx) (any, error) {
	fh, err := c.FormFile("file")
	if err != nil {
		return nil, api.Business(CodeUploadRefused, "upload.no_file", nil)
	}
	if fh.Size > fileMaxBytes {
		return nil, api.Business(CodeUploadRefused, "upload.file_too_large", map[string]any{"MB": fileMaxBytes >> 20})
	}
	f, err := fh.Open()
	if err != nil {
		return nil, api.Business(CodeUploadRefused, "upload.failed", nil)
	}
	defer func() { _ = f.Close() }() // read-only: Put reports a failed read
	kind := storage.DocumentKind(f, fh.Size)
	if kind == "" {
		head := make([]byte, 512<<10)
		n, _ := f.ReadAt(head, 0)
		kind = storage.ImageKind(head[:n])
	}
	if kind == "" {
		return nil, api.Business(CodeUploadRefused, "upload.only_documents", nil)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, api.Business(CodeUploadRefused, "upload.failed", nil)
	}
	return m.store(c, f, fh.Size, kind)
}
