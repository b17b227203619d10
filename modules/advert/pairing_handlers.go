package advert

import (
	"net/http"

	"github.com/venueplatform/venue/api"
)

func (m *Module) pairingRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodPost, Path: "/merchant/tablet/:id/pairing", Perm: PermTablet, Action: "edit",
		Summary: "Offer a tablet for pairing: a short code and its QR address, valid 10 minutes, single use", Result: PairingOffer{}}, m.createPairing)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/merchant/tablet/:id/pairing", Perm: PermTablet, Action: "get",
		Summary: "The state of a tablet's latest pairing offer (the pairing dialog closes once the tablet redeemed it)", Result: PairingStatus{}}, m.pairingStatus)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/public/tablet/pair", Access: api.Public, Log: api.LogOn, MaxBody: 1 << 10,
		Summary: "A tablet redeems a pairing code once and receives its new key (refusals are rate limited per address)",
		Body:    PairInput{}, Result: PairResult{}}, m.redeemPairing)
}

func (m *Module) createPairing(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.CreatePairing(c.Ctx(), c.Principal(), id)
}

func (m *Module) redeemPairing(c *api.Ctx) (any, error) {
	var in PairInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Redeem(c.Ctx(), in.Code, c.ClientIP())
}

func (m *Module) pairingStatus(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.PairingState(c.Ctx(), id)
}
