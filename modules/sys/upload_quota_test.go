package sys_test

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/venueplatform/venue/internal/config"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

const filePath = "/api/upload/oss/aliyun/file"

// pdfOf is an attachment of n bytes that passes the content check.
func pdfOf(n int) []byte {
	b := append([]byte("%PDF-1.7\n"), bytes.Repeat([]byte{'x'}, n)...)
	b = append(b, "\n%%EOF"...)
	return b[:n]
}

// storedFiles counts the files in the upload directory.
func storedFiles(t *testing.T, env *platformtest.Env) int {
	t.Helper()
	n := 0
	err := filepath.WalkDir(filepath.Join(env.DataDir, "uploads"), func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			if d == nil { // no upload yet: the directory is not there
				return fs.SkipAll
			}
			return err
		}
		if !d.IsDir() {
			n++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func quotaEnv(t *testing.T) (*platformtest.Env, uint64) {
	env := platformtest.New(t, platformtest.Options{Demo: true, Config: func(c *config.Config) { c.UploadQuotaMB = 1 }})
	merchant, err := env.P.Sys.Orgs.MerchantByName(t.Context(), sys.DemoMerchantName)
	if err != nil || merchant == nil {
		t.Fatalf("demo merchant: %v", err)
	}
	return env, merchant.ID
}

// The attack: a merchant's staff keep uploading until the disk is full. The
// merchant's uploads stop at the quota, its venues' staff share it, nothing
// refused reaches the disk, and the platform's own uploads are not counted.
func TestAMerchantCannotUploadPastItsQuota(t *testing.T) {
	t.Parallel()
	env, merchantID := quotaEnv(t)
	owner := env.Login("demo_admin", sys.DemoPassword)
	waiter := env.Login("demo_waiter", sys.DemoPassword)
	const size = 300 << 10
	before := storedFiles(t, env) // the demo's own pictures
	for i := 0; i < 3; i++ {
		platformtest.OK(t, env.Upload(filePath, owner, "menu.pdf", pdfOf(size)))
	}
	files := storedFiles(t, env)
	if files != before+3 {
		t.Fatalf("%d files stored after 3 uploads", files)
	}
	// 900 KB held: 300 KB more would pass 1 MB, whoever of the merchant sends it.
	for _, tc := range []struct{ tok, locale, want string }{
		{owner, "", "This file would exceed your merchant's upload quota of 1 MB"},
		{waiter, "zh", "上传此文件将超出商户 1MB 的存储配额"},
	} {
		res := uploadIn(t, env, tc.tok, tc.locale, pdfOf(size))
		if res.Code != sys.CodeUploadRefused || res.Msg != tc.want {
			t.Fatalf("upload past the quota: %d %q", res.Code, res.Msg)
		}
	}
	if n := storedFiles(t, env); n != files {
		t.Fatalf("refused uploads wrote files: %d, want %d", n, files)
	}
	// What still fits is accepted: up to exactly 1 MB.
	platformtest.OK(t, env.Upload(filePath, waiter, "menu.pdf", pdfOf(1<<20-3*size)))
	if res := env.Upload(filePath, owner, "menu.pdf", pdfOf(16)); res.Code != sys.CodeUploadRefused {
		t.Fatalf("upload at a full quota: %d %q", res.Code, res.Msg)
	}
	if used, err := env.P.Sys.UploadUsage(t.Context(), merchantID); err != nil || used != 1<<20 {
		t.Fatalf("usage %d, %v", used, err)
	}
	// The platform is not a merchant: its uploads pass and are not counted.
	admin := env.AdminToken()
	for i := 0; i < 4; i++ {
		platformtest.OK(t, env.Upload(filePath, admin, "policy.pdf", pdfOf(size)))
	}
	if used, err := env.P.Sys.UploadUsage(t.Context(), 0); err != nil || used != 0 {
		t.Fatalf("platform usage %d, %v", used, err)
	}
}

// uploadIn posts an attachment in the given language ("" = the default).
func uploadIn(t *testing.T, env *platformtest.Env, tok, locale string, body []byte) platformtest.Envelope {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, err := mw.CreateFormFile("file", "menu.pdf")
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(body)
	mw.Close()
	req := httptest.NewRequest(http.MethodPost, filePath, &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", tok)
	if locale != "" {
		req.Header.Set("currentLocale", locale)
	}
	w := httptest.NewRecorder()
	env.Engine.ServeHTTP(w, req)
	res := platformtest.Envelope{Status: w.Code}
	if err := json.Unmarshal(w.Body.Bytes(), &res); err != nil {
		t.Fatalf("answer %q: %v", w.Body.String(), err)
	}
	return res
}

// The attack: many uploads sent at once, each alone under the quota, hoping
// the checks all read the count before any adds to it. Exactly as many as
// fit are stored.
func TestParallelUploadsDoNotSlipPastTheQuota(t *testing.T) {
	t.Parallel()
	env, merchantID := quotaEnv(t)
	owner := env.Login("demo_admin", sys.DemoPassword)
	const size, parallel = 300 << 10, 12
	before := storedFiles(t, env)
	var (
		wg              sync.WaitGroup
		mu              sync.Mutex
		stored, refused int
		unexpected      []string
	)
	for i := 0; i < parallel; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res := env.Upload(filePath, owner, "menu.pdf", pdfOf(size))
			mu.Lock()
			defer mu.Unlock()
			switch {
			case res.Code == 10000 && res.Status == 200:
				stored++
			case res.Code == sys.CodeUploadRefused && strings.Contains(res.Msg, "1 MB"):
				refused++
			default:
				unexpected = append(unexpected, res.Msg)
			}
		}()
	}
	wg.Wait()
	if stored != 3 || refused != parallel-3 || len(unexpected) > 0 {
		t.Fatalf("stored %d, refused %d, other answers %q", stored, refused, unexpected)
	}
	if used, err := env.P.Sys.UploadUsage(t.Context(), merchantID); err != nil || used != 3*size {
		t.Fatalf("usage %d, %v", used, err)
	}
	if n := storedFiles(t, env) - before; n != 3 {
		t.Fatalf("%d files written", n)
	}
}
