package report

import (
	"sync"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/internal/dbx"
)

// Lanes: a venue's daily totals (its dishes' rows and its own) are the rows
// every order of the venue updates, locked from the update to COMMIT. One
// row a day made every order of a busy venue queue for it, one transaction
// after the other (at 16 orders in flight on MySQL, every submission waited
// about 14 ms there). So a day's totals are kept in up to laneCount rows,
// the lanes, and a report adds them up (every reader sums: GROUP BY in SQL,
// or in Go for the workbench).
//
// A transaction takes the lowest lane of the venue that no other open
// transaction of this node holds, and keeps it to its end: on one node,
// concurrent orders of a venue never wait for each other's totals, and a
// venue that takes one order at a time writes one row a day (lane 0). Only
// when more than laneCount transactions of a venue are open at once on a
// node do two of them share a lane (they queue there, as all did before).
// Nodes do not know each other's lanes: two nodes' orders at the same
// instant may meet on a lane and wait, which is correct, only slower.
const laneCount = 8

// lanes are the lanes of each venue that this node's open transactions hold.
type lanes struct {
	mu   sync.Mutex
	busy map[uint64]uint8 // venue → bit i set: lane i held
	next uint8            // the lane shared next when a venue's are all held
}

// take holds the lowest free lane of venue; release gives it back. With
// every lane held it shares one, round robin (release does nothing then).
func (l *lanes) take(venueID uint64) (lane uint8, release func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	held := l.busy[venueID]
	for i := uint8(0); i < laneCount; i++ {
		if held&(1<<i) == 0 {
			if l.busy == nil {
				l.busy = map[uint64]uint8{}
			}
			l.busy[venueID] = held | 1<<i
			return i, func() { l.give(venueID, i) }
		}
	}
	l.next = (l.next + 1) % laneCount
	return l.next, nil
}

func (l *lanes) give(venueID uint64, lane uint8) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if held := l.busy[venueID] &^ (1 << lane); held != 0 {
		l.busy[venueID] = held
	} else {
		delete(l.busy, venueID)
	}
}

type laneKey struct{ venueID uint64 }

// lane is the venue's lane for tx's transaction: taken at its first report
// write for the venue and held until it ends. Outside a dbx.Transaction
// (nothing tells when it ends) it is lane 0, held by no one.
func (r *Recorder) lane(tx *gorm.DB, venueID uint64) uint8 {
	v, ok := dbx.TxLocal(tx, laneKey{venueID}, func() (any, func()) {
		return r.lanes.take(venueID)
	})
	if !ok {
		return 0
	}
	return v.(uint8)
}
