//go:build race

package engine_test

// raceFlag makes the determinism check's go list read the export data this race build made.
var raceFlag = []string{"-race"}
