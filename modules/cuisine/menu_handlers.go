package cuisine

import (
	"context"
	"net/http"
	"strings"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/i18n"
)

// PublicMenuQuery picks the language of the menu's labels and message.
type PublicMenuQuery struct {
	Lang string `form:"lang" json:"lang"` // en_US, zh_CN, …; default: the request's language
}

func (m *Module) publicRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/public/venue/:venueKey/menu", Access: api.Public, Raw: true,
		Summary: "What guests and tablets may order now (ETag; If-None-Match answers 304)", Query: PublicMenuQuery{}, Result: PublicMenu{}}, m.publicMenu)
}

func (m *Module) publicMenu(c *api.Ctx) (any, error) {
	key := c.Param("venueKey")
	if key == "" || len(key) > 64 {
		return nil, api.NotFound()
	}
	lang := c.Lang()
	if l := c.Query("lang"); l != "" {
		lang = i18n.Normalize(l)
	}
	now := m.Catalogue.now()
	m.Catalogue.feed.Sync(c.Ctx()) // a change made on another node shows at once
	e, err := m.menus.load(key+"|"+lang, now, func() (*menuEntry, uint64, error) {
		// Other requests may wait on this build: it must not end with this client.
		return m.Catalogue.renderMenu(context.WithoutCancel(c.Ctx()), key, lang, now)
	})
	if err != nil {
		return nil, err
	}
	h := c.Writer.Header()
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Accept-Encoding, Accept-Language, currentLocale")
	gz := strings.Contains(c.GetHeader("Accept-Encoding"), "gzip")
	if gz {
		h.Set("ETag", gzipTag(e.etag))
	} else {
		h.Set("ETag", e.etag)
	}
	// The gzip variant's tag names the same representation.
	if api.ETagMatches(c.GetHeader("If-None-Match"), e.etag, gzipTag(e.etag)) {
		c.Status(http.StatusNotModified)
		c.Writer.WriteHeaderNow()
		return nil, nil
	}
	if gz {
		h.Set("Content-Encoding", "gzip")
		c.Data(http.StatusOK, "application/json; charset=utf-8", e.gzipped())
		return nil, nil
	}
	c.Data(http.StatusOK, "application/json; charset=utf-8", e.body)
	return nil, nil
}
