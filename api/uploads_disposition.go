package api

import (
	"path"
	"strings"
)

// inlineMedia are the file types a browser may show in place: the images and
// videos the product accepts. Anything else under /uploads/ is served as a
// download, so a file that a browser would run (HTML, SVG, PDF) never runs
// on this origin.
var inlineMedia = map[string]bool{
	".jpg": true, ".jpeg": true, ".png": true, ".gif": true, ".webp": true,
	".mp4": true, ".webm": true, ".mov": true, ".m4v": true,
}

// InlineMedia tells whether an upload path may be shown inline.
func InlineMedia(p string) bool {
	return inlineMedia[strings.ToLower(path.Ext(p))]
}
