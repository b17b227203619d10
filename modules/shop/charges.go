package shop

// Charges are the amounts an order adds up to, all in minor units.
type Charges struct {
	Subtotal      int64 `json:"subtotal"`      // the dishes, as priced on the menu
	ServiceCharge int64 `json:"serviceCharge"` // share of the subtotal
	Tax           int64 `json:"tax"`           // included in or added to the total
	Total         int64 `json:"total"`         // what the guest pays
}

// Charges applies the venue's service charge and tax to a subtotal, so
// that the order and printing modules compute alike: the service charge is
// a share of the subtotal and is taxed with it; with prices that include
// tax the tax is the part of that amount that is tax, otherwise it is
// added. Each share is rounded half up to the minor unit.
func (v *VenueSettings) Charges(subtotal int64) Charges {
	service := share(subtotal, int64(v.ServiceCharge))
	taxable := subtotal + service
	out := Charges{Subtotal: subtotal, ServiceCharge: service}
	rate := int64(v.TaxRate)
	if v.PricesIncludeTax {
		// taxable = net × (1 + rate): the tax is taxable × rate / (10,000 + rate).
		out.Tax = (taxable*rate + (basisPoints+rate)/2) / (basisPoints + rate)
		out.Total = taxable
	} else {
		out.Tax = share(taxable, rate)
		out.Total = taxable + out.Tax
	}
	return out
}

const basisPoints int64 = 10_000

// share is amount × bp / 10,000 rounded half up (amounts are bounded far
// below the overflow of amount × 10,000).
func share(amount, bp int64) int64 {
	if amount < 0 {
		return -share(-amount, bp)
	}
	return (amount*bp + basisPoints/2) / basisPoints
}
