//go:build !race

package engine_test

// raceFlag is empty: the determinism check's go list reads the plain build's export data.
var raceFlag []string
