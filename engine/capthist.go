package engine

import "github.com/plylab/plylab/engine/board"

// Capture history (capthist).
//
// MVV-LVA orders captures by what they take and what takes: a fixed rule
// that cannot learn that, in this game, the knight taking on e5 keeps
// refuting while the bishop taking on b7 keeps losing its way. Capture
// history learns it the way the history heuristic learns quiet moves:
// a table indexed by the capturing piece, its destination and the piece
// it takes gains depth² (at most 1024) for a capture that caused a beta
// cutoff, and every capture searched before the cutoff move at that node
// loses as much. Scores move by gravity (historyGravity), so they stay
// within ±16,384. Captures are then ordered by the victim's value first
// and the learned score second: a capture's score can move it up or down
// by one pawn of victim value, never past the hash move, the killers or
// (for losing captures) the quiet moves. Stockfish keeps the same table
// (its CaptureHistory); chessprogramming.org, "History Heuristic",
// describes the family.

// capHistTable holds a score per (capturing piece, destination) and
// captured piece type (NoPieceType for a promotion that takes nothing).
type capHistTable [12 * 64][7]int32

// capIndex names one entry of capHistTable: the capturing piece's
// continuation index times 7 plus the victim's type.
type capIndex int32

// captureIndex returns the capture-history entry of noisy move m, on the
// board before m is made.
func captureIndex(b *board.Board, m board.Move) capIndex {
	victim := b.PieceAt(m.To()).Type()
	if m.Flag() == board.FlagEnPassant {
		victim = board.Pawn
	}
	return capIndex(int32(moveContIndex(b, m))*7 + int32(victim))
}

// entry returns the score cell of i.
func (t *capHistTable) entry(i capIndex) *int32 { return &t[i/7][i%7] }

// captureOrderScore is the ordering score of a capture or promotion
// within its bucket when capthist is on: the victim's value (and the
// promotion's) in steps of 1024, the learned score divided by 16 (so at
// most one step either way), the cheaper attacker first on ties. It is
// always positive (the offset of 2048), so a capture stays above the
// killers and a losing one below the quiet moves.
func (s *Searcher) captureOrderScore(b *board.Board, m board.Move, victim, attacker board.PieceType) int32 {
	sc := 2048 + mvvValue[victim]*1024 - mvvValue[attacker]
	if p := m.Promotion(); p != board.NoPieceType {
		sc += mvvValue[p] * 1024
	}
	return sc + *s.capHist.entry(captureIndex(b, m))/16
}

// rememberCapture notes noisy move m (index ci) among the captures the
// node searched, for a later cutoff to penalise.
func (s *Searcher) rememberCapture(f *frame, ci capIndex) {
	if f.nCaps < len(f.caps) {
		f.caps[f.nCaps] = ci
		f.nCaps++
	}
}

// updateCaptureHistory rewards the cutoff move's entry cut when the
// cutoff move is a capture (isCapture; cut means nothing otherwise) and
// penalises every other capture the node at ply searched before the
// cutoff.
func (s *Searcher) updateCaptureHistory(ply, depth int, cut capIndex, isCapture bool) {
	bonus := int32(min(depth*depth, histMalusBonus))
	if isCapture {
		historyGravity(s.capHist.entry(cut), bonus)
	}
	f := &s.frames[ply]
	for _, c := range f.caps[:f.nCaps] {
		if !isCapture || c != cut {
			historyGravity(s.capHist.entry(c), -bonus)
		}
	}
}
