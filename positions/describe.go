package positions

import "strings"

// SideToMove returns "white" or "black" from a FEN's second field, or ""
// when the FEN has none that says so.
func SideToMove(fen string) string {
	f := strings.Fields(fen)
	if len(f) < 2 {
		return ""
	}
	switch f[1] {
	case "w":
		return "white"
	case "b":
		return "black"
	}
	return ""
}

// Annotations reports what the suite's records carry beyond a FEN: whether
// some position has best moves (EPD bm), avoid moves (am) or perft counts.
// A listing shows those columns only when they say something.
func (s *Suite) Annotations() (best, avoid, perft bool) {
	for _, p := range s.Positions {
		best = best || len(p.BestMoves) > 0
		avoid = avoid || len(p.AvoidMoves) > 0
		perft = perft || len(p.Perft) > 0
	}
	return best, avoid, perft
}
