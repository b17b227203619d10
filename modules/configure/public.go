package configure

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/i18n"
)

// CodeTableCode is the envelope code of a table code that leads nowhere
// (rotated, unknown or disabled): the guest page shows the result's texts.
const CodeTableCode = 10301

// publicRoutes are the guests' and tablets' calls: no staff login; the
// table's token or the tablet's key in the path.
func (m *Module) publicRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/public/table/:token", Access: api.Public, Log: api.LogOff,
		Summary: "What a table code leads to: the table and its venue, or code 10301 with the reason and texts to show the guest",
		Query:   GuestQuery{}, Result: GuestTable{}}, m.publicTable)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/public/tablet/:tabletKey/config", Access: api.Public, Raw: true, Log: api.LogOff,
		Summary: "A tablet's configuration: venue, bound table, buttons (ETag; If-None-Match answers 304)", Result: TabletConfig{}}, m.tabletConfig)
}

// GuestQuery is the language a guest's page asks in (else currentLocale,
// else Accept-Language).
type GuestQuery struct {
	Lang string `form:"lang" json:"lang"`
}

// GuestTable is what a valid table code leads to.
type GuestTable struct {
	Table    TableRef   `json:"table"`
	Venue    GuestVenue `json:"venue"`
	Language string     `json:"language"` // locale code to show the guest: theirs when offered, else the venue's default
}

// GuestVenue is the venue as a guest's page needs it.
type GuestVenue struct {
	ID              uint64   `json:"id"`
	Name            string   `json:"name"`
	Logo            string   `json:"logo"`
	VenueKey        string   `json:"venueKey"` // for /public/venue/{venueKey}/menu
	Currency        string   `json:"currency"`
	CurrencyDigits  int      `json:"currencyDigits"`
	Timezone        string   `json:"timezone"`
	OrderingMode    string   `json:"orderingMode" enum:"pay_after_meal,pay_per_order"`
	GuestLanguages  []string `json:"guestLanguages"`
	DefaultLanguage string   `json:"defaultLanguage"`
	Open            bool     `json:"open"` // by its opening hours, now
}

// InvalidCode is the result of code 10301: why, and what to tell the guest
// in their language.
type InvalidCode struct {
	Reason   string `json:"reason"` // rotated, unknown, disabled
	Language string `json:"language"`
	Title    string `json:"title"`
	Message  string `json:"message"`
	Venue    *struct {
		Name string `json:"name"`
		Logo string `json:"logo"`
	} `json:"venue"`
}

func (m *Module) publicTable(c *api.Ctx) (any, error) {
	var q GuestQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	asked := q.Lang
	if asked == "" {
		asked = c.GetHeader("currentLocale")
	}
	if asked == "" {
		asked = firstLanguage(c.GetHeader("Accept-Language"))
	}
	g, err := m.GuestTable(c.Ctx(), c.Param("token"), asked, time.Now())
	var code *CodeError
	if errors.As(err, &code) {
		return nil, m.invalidCode(c.Ctx(), code, asked)
	}
	return g, err
}

// GuestTable resolves a guest's table code into what their page shows.
func (m *Module) GuestTable(ctx context.Context, token, lang string, now time.Time) (*GuestTable, error) {
	ref, err := m.Tables.TableByToken(ctx, token)
	if err != nil {
		return nil, err
	}
	v, err := m.venues.VenueSettings(ctx, ref.VenueID)
	if err != nil {
		return nil, err
	}
	return &GuestTable{Table: *ref, Language: v.GuestLanguage(lang), Venue: GuestVenue{ID: v.VenueID, Name: v.Name, Logo: v.Logo,
		VenueKey: v.VenueKey, Currency: v.Currency, CurrencyDigits: v.CurrencyDigits, Timezone: v.Timezone, OrderingMode: v.OrderingMode,
		GuestLanguages: v.GuestLanguages, DefaultLanguage: v.DefaultLanguage, Open: v.IsOpenAt(now)}}, nil
}

// invalidCode answers a code that leads nowhere in the guest's language
// (the venue's default when the venue is known and does not offer it).
func (m *Module) invalidCode(ctx context.Context, code *CodeError, asked string) error {
	out := &InvalidCode{Reason: code.Reason, Language: localeCode(i18n.Normalize(asked))}
	if code.VenueID != 0 {
		if v, err := m.venues.VenueSettings(ctx, code.VenueID); err == nil {
			out.Language = v.GuestLanguage(asked)
			out.Venue = &struct {
				Name string `json:"name"`
				Logo string `json:"logo"`
			}{Name: v.Name, Logo: v.Logo}
		}
	}
	lang := i18n.Normalize(out.Language)
	out.Title = i18n.T(lang, "configure.code."+code.Reason+".title", nil)
	out.Message = i18n.T(lang, "configure.code."+code.Reason+".message", nil)
	return &api.Error{Status: http.StatusOK, Code: CodeTableCode, Key: "configure.code." + code.Reason + ".message", Detail: out}
}

// localeCode turns a language tag into the locale code guests' pages use.
func localeCode(tag string) string {
	for _, l := range i18n.Languages {
		if l.Tag == tag {
			return l.Code
		}
	}
	return i18n.Languages[0].Code
}

// firstLanguage is the first language of an Accept-Language header.
func firstLanguage(h string) string {
	first, _, _ := strings.Cut(h, ",")
	first, _, _ = strings.Cut(first, ";")
	return strings.TrimSpace(first)
}

// tabletConfig answers from memory: a tablet polling an unchanged
// configuration gets 304 Not Modified, and neither path queries the database.
func (m *Module) tabletConfig(c *api.Ctx) (any, error) {
	e, err := m.configs.get(c.Ctx(), c.Param("tabletKey"), time.Now())
	if err != nil {
		return nil, err
	}
	if !e.found {
		return nil, api.NotFound()
	}
	lang := c.Lang()
	etag := e.etag(lang)
	h := c.Writer.Header()
	h["Etag"], h["Cache-Control"], h["Vary"] = etag, hdrNoCache, hdrVary // canonical keys, shared values
	if api.ETagMatches(c.GetHeader("If-None-Match"), etag[0]) {
		c.Status(http.StatusNotModified)
		c.Writer.WriteHeaderNow()
		return nil, nil
	}
	api.WriteRawOK(c.Context, lang, e.result)
	return nil, nil
}
