package match

import (
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
)

// Phase is the stage of the game a position belongs to. RAM-Z broke its
// wins down by the phase in which games ended; plylab classifies each
// game's final position.
type Phase int

// The phases.
const (
	PhaseOpening Phase = iota
	PhaseMiddlegame
	PhaseEndgame
)

// Phases lists the phases in order.
var Phases = []Phase{PhaseOpening, PhaseMiddlegame, PhaseEndgame}

func (p Phase) String() string {
	switch p {
	case PhaseOpening:
		return "opening"
	case PhaseMiddlegame:
		return "middlegame"
	}
	return "endgame"
}

// Thresholds of ClassifyPhase.
const (
	// OpeningMaxMove is the last move number of the opening.
	OpeningMaxMove = 15
	// OpeningMinMaterial is the least PeSTO phase material (24 at the
	// start) a position of the opening keeps: at most four points of
	// pieces traded (a queen each way counts 8, so queenless positions
	// are never the opening).
	OpeningMinMaterial = 20
	// EndgameMaxMaterial is the most PeSTO phase material an endgame has:
	// e.g. a rook and a minor piece each (6), two rooks each (8), or a
	// queen against a rook and a minor (7).
	EndgameMaxMaterial = 8
)

// ClassifyPhase returns the phase of position b by move number and
// material. The material M is PeSTO's game phase (eval.Phase): knights
// and bishops count 1, rooks 2, queens 4, for both sides together; pawns
// and kings do not count; M is 24 in the initial position.
//
//   - endgame: M ≤ 8, whatever the move number;
//   - opening: the move number is at most 15 and M ≥ 20 (at most four
//     points of pieces gone: two pairs of minor pieces, a pair of rooks,
//     or one queen);
//   - middlegame: everything else.
func ClassifyPhase(b *board.Board) Phase {
	m := eval.Phase(b)
	switch {
	case m <= EndgameMaxMaterial:
		return PhaseEndgame
	case b.FullmoveNumber() <= OpeningMaxMove && m >= OpeningMinMaterial:
		return PhaseOpening
	}
	return PhaseMiddlegame
}
