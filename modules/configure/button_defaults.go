package configure

import (
	"github.com/venueplatform/venue/internal/i18n"
)

// Call icon keys a tablet has built-in pictures for.
var callKeys = []string{"waiter", "water", "bill", "cutlery", "napkins", "baby_chair", "custom"}

// namesOf renders a message key in every language, keyed by locale code.
func namesOf(key string) map[string]string {
	out := make(map[string]string, len(i18n.Languages))
	for _, l := range i18n.Languages {
		out[l.Code] = i18n.T(l.Tag, key, nil)
	}
	return out
}

// defaultButton is the factory setting of one function: order and pay,
// calling the staff and the device buttons on; the lucky wheel and the two
// hyperlinks (which need an address first) off.
func defaultButton(function string) Button {
	b := Button{Function: function, Names: namesOf("configure.button." + function), CallIcons: []CallIcon{}, Status: StatusEnabled}
	for i, f := range Functions {
		if f == function {
			b.Sort = (len(Functions) - i) * 10
		}
	}
	switch function {
	case FuncLuckyWheel, FuncLink1, FuncLink2:
		b.Status = StatusDisabled
	case FuncCallService:
		for _, k := range []string{"waiter", "water", "bill"} {
			b.CallIcons = append(b.CallIcons, CallIcon{Key: k, Names: namesOf("configure.call." + k)})
		}
	}
	return b
}

// defaultButtons is the default set of a venue.
func defaultButtons(merchantID, venueID uint64) []Button {
	out := make([]Button, len(Functions))
	for i, f := range Functions {
		out[i] = defaultButton(f)
		out[i].MerchantID, out[i].VenueID = merchantID, venueID
	}
	return out
}
