package shop

import "github.com/venueplatform/venue/api"

// ValidImageURL accepts what the image upload answers: a path below
// /uploads/ (local storage) or an https URL (object storage), as the one
// rule api.FileURL holds for every file and link field.
func ValidImageURL(s string) bool {
	return len(s) <= 255 && api.FileURL(s)
}
