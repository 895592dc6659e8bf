package eval

import "github.com/plylab/plylab/engine/board"

// The pawn terms of the classical evaluation: the pawn structure (doubled,
// isolated, backward, connected pawns) and passed pawns with the kings'
// distances to them, read from bitboards of pawns smeared up and down the
// files.

// northFill and southFill smear a set of squares up or down the board:
// every square on the same file above (below) one of them, and the
// squares themselves.
func northFill(b board.Bitboard) board.Bitboard {
	b |= b << 8
	b |= b << 16
	return b | b<<32
}

func southFill(b board.Bitboard) board.Bitboard {
	b |= b >> 8
	b |= b >> 16
	return b | b>>32
}

// frontSpans is every square in front of the pawns p from c's side, on
// their own files.
func frontSpans(c board.Color, p board.Bitboard) board.Bitboard {
	if c == board.White {
		return northFill(p << 8)
	}
	return southFill(p >> 8)
}

// pawnFeatures adds us's pawn-structure and passed-pawn features. The
// pawn-only counts come from pawnStructure; only passed pawns, which are
// few, are visited one by one (passerKingTerms).
func pawnFeatures(b *board.Board, us board.Color, on Terms, sign int16, f *Features) {
	ps := pawnStructure(us, b.Pieces(us, board.Pawn), b.Pieces(us.Other(), board.Pawn))
	if on&TermPawnStructure != 0 {
		f[FDoubledPawn] += sign * ps.doubled
		f[FIsolatedPawn] += sign * ps.isolated
		f[FSupportedPawn] += sign * ps.supported
		f[FBackwardPawn] += sign * ps.backward
	}
	if on&TermPassedPawns == 0 || ps.passers == 0 {
		return
	}
	for i, n := range ps.passedRank {
		f[FPassedRank2+Feature(i)] += sign * n
	}
	dist, unstoppable := passerKingTerms(b, us, ps.passers)
	f[FPassedKingDistance] += sign * dist
	f[FUnstoppablePasser] += sign * unstoppable
}

// pawnCounts are one side's features that depend on nothing but the
// pawns of both sides, and its passed pawns.
type pawnCounts struct {
	doubled, isolated, supported, backward int16
	passedRank                             [6]int16 // passers on relative ranks 2..7
	passers                                board.Bitboard
}

// pawnStructure counts us's pawn-only features. The structure is counted
// for all pawns at once with whole-board shifts and fills.
func pawnStructure(us board.Color, ourPawns, theirPawns board.Bitboard) pawnCounts {
	var pc pawnCounts
	them := us.Other()
	rear := frontSpans(them, ourPawns) // the squares behind our pawns
	// Doubled: an own pawn stands in front on the same file.
	pc.doubled = int16((ourPawns & rear).Count())
	// Isolated: no own pawn on either neighbouring file.
	files := northFill(southFill(ourPawns))
	neighbours := (files<<1)&^fileABB | (files>>1)&^fileHBB
	isolated := ourPawns &^ neighbours
	pc.isolated = int16(isolated.Count())
	// Supported: defended by an own pawn.
	pc.supported = int16((ourPawns & pawnAttackSet(us, ourPawns)).Count())
	// Backward: an enemy pawn guards the stop square, and every own
	// neighbour is further up the board, none level or behind, so no
	// pawn can ever defend this one or support its advance.
	var stopAttacked board.Bitboard
	if us == board.White {
		stopAttacked = pawnAttackSet(them, theirPawns) >> 8
	} else {
		stopAttacked = pawnAttackSet(them, theirPawns) << 8
	}
	for cand := ourPawns & stopAttacked &^ isolated; cand != 0; {
		s := cand.PopLSB()
		if ourPawns&adjacentFiles[s.File()]&^(passedSpan[us][s]&^frontSpan[us][s]) == 0 {
			pc.backward++
		}
	}
	// Passed: no enemy pawn in front on the same or a neighbouring file, and
	// no own pawn in front on the same file.
	blocked := frontSpans(them, theirPawns)
	blocked |= (blocked<<1)&^fileABB | (blocked>>1)&^fileHBB
	pc.passers = ourPawns &^ blocked &^ rear
	for p := pc.passers; p != 0; {
		if r := relRank(us, p.PopLSB()); r >= 1 && r <= 6 {
			pc.passedRank[r-1]++
		}
	}
	return pc
}

// passerKingTerms returns the passed-pawn features of us's passers that
// depend on more than pawns: the kings' distances to each passer's stop
// square (enemy king's minus own king's, summed) and the number of passers
// the enemy king cannot catch when the enemy has only pawns left.
func passerKingTerms(b *board.Board, us board.Color, passers board.Bitboard) (dist, unstoppable int16) {
	them := us.Other()
	ourKing, theirKing := b.KingSquare(us), b.KingSquare(them)
	theirNonPawn := b.Occupancy(them) &^ b.Pieces(them, board.Pawn) &^ b.Pieces(them, board.King)
	occ := b.Occupied()
	for passers != 0 {
		s := passers.PopLSB()
		stop := s + 8
		if us == board.Black {
			stop = s - 8
		}
		dist += int16(distance(theirKing, stop) - distance(ourKing, stop))
		if theirNonPawn == 0 && frontSpan[us][s]&occ == 0 {
			r := relRank(us, s)
			promo := board.Square(s.File() + 56)
			if us == board.Black {
				promo = board.Square(s.File())
			}
			moves := 7 - r
			if r == 1 {
				moves-- // the double step
			}
			reach := distance(theirKing, promo)
			if b.Side() == them {
				reach--
			}
			if moves < reach {
				unstoppable++
			}
		}
	}
	return dist, unstoppable
}

// Non-pawn material values used only to classify drawish endings.
const (
	scaleKnight = 320
	scaleBishop = 330
	scaleRook   = 500
	scaleQueen  = 900
	// ScaleNormal is the endgame scale of an ordinary position: the
	// endgame score is multiplied by scale/ScaleNormal.
	ScaleNormal = 64
)
