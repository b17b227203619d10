package report

import "testing"

// A venue's open transactions hold different lanes, the lowest free first;
// a lane given back is taken again; with every lane held they share one,
// and another venue's lanes are its own.
func TestLanes(t *testing.T) {
	t.Parallel()
	var l lanes
	var release []func()
	for want := uint8(0); want < laneCount; want++ {
		lane, rel := l.take(7)
		if lane != want || rel == nil {
			t.Fatalf("take %d: lane %d (release %v)", want, lane, rel != nil)
		}
		release = append(release, rel)
	}
	if lane, rel := l.take(7); rel != nil || lane >= laneCount {
		t.Fatalf("all held: lane %d, release %v; want a shared lane and nothing to release", lane, rel != nil)
	}
	if lane, _ := l.take(8); lane != 0 {
		t.Fatalf("another venue took lane %d, want 0", lane)
	}
	release[3]()
	release[5]()
	if lane, _ := l.take(7); lane != 3 {
		t.Fatalf("after giving 3 and 5 back: lane %d, want 3", lane)
	}
	for i, rel := range release {
		if i != 3 {
			rel()
		}
	}
	if lane, _ := l.take(7); lane != 0 {
		t.Fatalf("after giving all but 3 back: lane %d, want 0", lane)
	}
}
