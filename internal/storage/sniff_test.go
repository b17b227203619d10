package storage

import "testing"

func TestVideoKind(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		head []byte
		want string
	}{
		"mp4 isom":  {[]byte("\x00\x00\x00\x18ftypisom\x00\x00\x02\x00"), "mp4"},
		"mp4 mp42":  {[]byte("\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00"), "mp4"},
		"mov":       {[]byte("\x00\x00\x00\x14ftypqt  \x00\x00\x02\x00"), "mov"},
		"webm":      {[]byte("\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\x82\x84webm"), "webm"},
		"mkv":       {[]byte("\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\x82\x88matroska"), ""},
		"heic":      {[]byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00"), ""},
		"text":      {[]byte("hello world, not a video"), ""},
		"too short": {[]byte("\x00\x00"), ""},
	} {
		if got := VideoKind(tc.head); got != tc.want {
			t.Errorf("%s: %q, want %q", name, got, tc.want)
		}
	}
}
