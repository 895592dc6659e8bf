package eval

import "github.com/plylab/plylab/engine/board"

// The fast path of the classical evaluation.
//
// Extract is written for the tuner: it fills one count per feature, and
// the score is then a dot product with the weights. The search wants only
// the score, millions of times a second, so the evaluation it calls is
// fused: each count is multiplied by its weight where it is found and
// added to a running sum, the attack set of each piece is computed once
// and shared by mobility, king safety and threats, and nothing is stored
// in between. The middlegame and endgame halves travel together packed
// in one integer, as PeSTO's tables do (see pestoTable), so a feature
// costs one multiply-add for both; PeSTO's table values are added in the
// same loops over the pieces. The pawn-only features come from a
// small cache (pawnCache). The result equals the slow path to the
// centipawn: TestFusedMatchesExtract checks it on thousands of positions
// and every term switch.

// packedWeights[f] is feature f's middlegame and endgame weights packed
// into one integer, mg<<32 + eg. Packing is linear, so a count times a
// packed weight is the packed pair of products, and a sum of them unpacks
// into the two sums. A term that is switched off has zero weights, which
// adds exactly what Extract's zero counts add: nothing.
type packedWeights [NumFeatures]int64

// pack packs a middlegame and an endgame value.
func pack(mg, eg int) int64 { return int64(mg)<<32 + int64(eg) }

// unpack splits a packed sum into its halves: the low 32 bits, sign
// extended, are the endgame sum; what is left is the middlegame sum.
func unpack(p int64) (mg, eg int) {
	e := int64(int32(p))
	return int((p - e) >> 32), int(e)
}

// packWeights packs w, with zeros for the features of terms not in on.
func packWeights(w *Weights, on Terms) packedWeights {
	var pw packedWeights
	for f := range pw {
		if featureTerm[f]&on != 0 {
			pw[f] = pack(int(w[f][0]), int(w[f][1]))
		}
	}
	return pw
}

// defaultPacked are DefaultWeights with every term on, packed once at
// start-up for Evaluate. DefaultWeights is meant to be read, not
// assigned: new weights come in through weights_tuned.go (written by
// `plylab tune`) or through EvaluateClassical and NewEvaluator.
var defaultPacked = packWeights(&DefaultWeights, AllTerms)

// kingZone[k] is the zone around a king on k: its square and the squares
// it attacks.
var kingZone [64]board.Bitboard

func init() {
	for s := board.Square(0); s < 64; s++ {
		kingZone[s] = board.KingAttacks(s) | board.SquareBB(s)
	}
}

// Evaluator evaluates positions with the classical evaluation for one set
// of terms and weights, with a pawn-structure cache of its own. It gives
// exactly EvaluateClassical's scores, faster; a searcher keeps one. It is
// not safe for concurrent use.
type Evaluator struct {
	on    Terms
	w     packedWeights
	pawns *pawnCache
}

// NewEvaluator returns an Evaluator for the terms on and the weights w
// (nil means DefaultWeights).
func NewEvaluator(on Terms, w *Weights) *Evaluator {
	if w == nil {
		w = &DefaultWeights
	}
	return &Evaluator{on: on, w: packWeights(w, on), pawns: new(pawnCache)}
}

// Evaluate returns the classical evaluation of b from the side to move's
// point of view: EvaluateClassical(b, on, w) for the Evaluator's terms and
// weights.
func (e *Evaluator) Evaluate(b *board.Board) int {
	s := fusedScore(b, e.on, &e.w, e.pawns)
	if b.Side() == board.Black {
		return -s
	}
	return s
}

// Pawn-structure cache.
//
// Doubled, isolated, backward, supported and passed pawns and the
// passers' ranks depend on the pawns alone, and pawns move rarely: most
// moves in a search tree are piece moves, so nearly every position a
// search evaluates has a pawn structure it evaluated moments before.
// The cache keeps, for recent pawn structures, the weighted sum of those
// features and the set of passed pawns; a hit replaces a page of shifts,
// fills and counts by one lookup. The entry is found by a hash of the two
// pawn bitboards and holds the bitboards themselves, so a hit is an exact
// match, never a collision, and the score is always the one Extract's
// counts give. Hashing the bitboards at lookup costs two multiplications
// and needs no incremental pawn key in Make and Unmake, which run at
// every node (and in perft) whether the evaluation is asked or not.

// pawnCacheBits sizes the pawn cache: 2^12 entries of 32 bytes, 128 KiB,
// which fits a core's L2 cache; searches of the bench positions to depth
// 8 find the entry in about 97 % of lookups.
const pawnCacheBits = 12

// pawnEntry is one cached pawn structure. The zero value is the correct
// entry for a board without pawns (no features, no passers), so an empty
// table needs no valid flag.
type pawnEntry struct {
	white, black board.Bitboard // the pawns: the entry's key, compared whole
	passers      board.Bitboard // both sides' passed pawns
	score        int64          // packed weighted pawn-only features, White's minus Black's
}

type pawnCache [1 << pawnCacheBits]pawnEntry

// pawnIndex hashes two pawn bitboards to a cache slot: multiply-xor
// mixing, top bits (the best mixed ones) as the index.
func pawnIndex(white, black board.Bitboard) uint64 {
	h := (uint64(white) ^ uint64(black)*0x9e3779b97f4a7c15) * 0xbf58476d1ce4e5b9
	return h >> (64 - pawnCacheBits)
}

// pawnTerms returns the packed weighted pawn-only features of the pawns
// white and black (White's minus Black's) and both sides' passed pawns,
// from c when it has them (c may be nil).
func pawnTerms(white, black board.Bitboard, w *packedWeights, c *pawnCache) (score int64, passers board.Bitboard) {
	var e *pawnEntry
	if c != nil {
		e = &c[pawnIndex(white, black)]
		if e.white == white && e.black == black {
			return e.score, e.passers
		}
	}
	ws, bs := pawnStructure(board.White, white, black), pawnStructure(board.Black, black, white)
	score = pawnCountsScore(&ws, w) - pawnCountsScore(&bs, w)
	passers = ws.passers | bs.passers
	if e != nil {
		*e = pawnEntry{white: white, black: black, passers: passers, score: score}
	}
	return score, passers
}

// pawnCountsScore weighs one side's pawn-only counts.
func pawnCountsScore(pc *pawnCounts, w *packedWeights) int64 {
	s := int64(pc.doubled)*w[FDoubledPawn] + int64(pc.isolated)*w[FIsolatedPawn] +
		int64(pc.supported)*w[FSupportedPawn] + int64(pc.backward)*w[FBackwardPawn]
	for i, n := range pc.passedRank {
		s += int64(n) * w[FPassedRank2+Feature(i)]
	}
	return s
}

// fusedScore is White's classical score of b: the same value as the slow
// form, PeSTO plus Extract's features times the weights, scaled and
// tapered (extractScore in the tests), with the weights pre-packed and
// the pawn features from c (nil: computed afresh).
func fusedScore(b *board.Board, on Terms, w *packedWeights, c *pawnCache) int {
	white, black := b.Pieces(board.White, board.Pawn), b.Pieces(board.Black, board.Pawn)
	acc, passers := pawnTerms(white, black, w, c)
	occ := b.Occupied()
	acc += pieceTerms(b, board.White, occ, w) - pieceTerms(b, board.Black, occ, w)
	if p := passers & white; p != 0 {
		dist, unstoppable := passerKingTerms(b, board.White, p)
		acc += int64(dist)*w[FPassedKingDistance] + int64(unstoppable)*w[FUnstoppablePasser]
	}
	if p := passers & black; p != 0 {
		dist, unstoppable := passerKingTerms(b, board.Black, p)
		acc -= int64(dist)*w[FPassedKingDistance] + int64(unstoppable)*w[FUnstoppablePasser]
	}
	if b.Side() == board.White {
		acc += w[FTempo]
	} else {
		acc -= w[FTempo]
	}
	mg, eg := unpack(acc)
	if on&TermScaling != 0 {
		eg = eg * Scale(b, eg) / ScaleNormal
	}
	return taper(mg, eg, Phase(b))
}

// pieceTerms is us's packed weighted sum of every feature but the pawn
// ones (mobility, king-zone attacks and threats from one attack set per
// piece, rook files, the king's shelter, pawn threats and the bishop
// pair) plus PeSTO's values of us's pieces, looked up in the same loops
// over each piece type (for White's view: the table carries the sign, so
// Black's part is negated back here and again by the caller).
func pieceTerms(b *board.Board, us board.Color, occ board.Bitboard, w *packedWeights) int64 {
	them := us.Other()
	ourPawns, theirPawns := b.Pieces(us, board.Pawn), b.Pieces(them, board.Pawn)
	pesto := &classicalTable[board.MakePiece(us, board.Pawn)&15]
	var psq int64
	for pcs := ourPawns; pcs != 0; {
		psq += pesto[pcs.PopLSB()&63]
	}
	psq += classicalTable[board.MakePiece(us, board.King)&15][b.KingSquare(us)&63]
	safe := ^b.Occupancy(us) &^ pawnAttackSet(them, theirPawns)
	zone := kingZone[b.KingSquare(them)&63]
	theirQueens := b.Pieces(them, board.Queen)
	theirMajors := b.Pieces(them, board.Rook) | theirQueens
	var acc int64
	units := 0 // king attack units (kingAttackUnits), for the king danger
	pesto = &classicalTable[board.MakePiece(us, board.Knight)&15]
	for pcs := b.Pieces(us, board.Knight); pcs != 0; {
		s := pcs.PopLSB() & 63
		psq += pesto[s]
		att := board.KnightAttacks(s)
		z := (att & zone).Count()
		units += 2 * z
		acc += int64((att&safe).Count())*w[FMobilityKnight] + int64(z)*w[FKingZoneKnight] +
			int64((att&theirMajors).Count())*w[FThreatByMinor]
	}
	bishops := b.Pieces(us, board.Bishop)
	pesto = &classicalTable[board.MakePiece(us, board.Bishop)&15]
	for pcs := bishops; pcs != 0; {
		s := pcs.PopLSB() & 63
		psq += pesto[s]
		att := board.BishopAttacks(s, occ)
		z := (att & zone).Count()
		units += 2 * z
		acc += int64((att&safe).Count())*w[FMobilityBishop] + int64(z)*w[FKingZoneBishop] +
			int64((att&theirMajors).Count())*w[FThreatByMinor]
	}
	if bishops&(bishops-1) != 0 { // two or more
		acc += w[FBishopPair]
	}
	allPawns := ourPawns | theirPawns
	pesto = &classicalTable[board.MakePiece(us, board.Rook)&15]
	for pcs := b.Pieces(us, board.Rook); pcs != 0; {
		s := pcs.PopLSB() & 63
		psq += pesto[s]
		att := board.RookAttacks(s, occ)
		z := (att & zone).Count()
		units += 3 * z
		acc += int64((att&safe).Count())*w[FMobilityRook] + int64(z)*w[FKingZoneRook] +
			int64((att&theirQueens).Count())*w[FThreatByRook]
		if file := fileMask[s&7]; file&allPawns == 0 {
			acc += w[FRookOpenFile]
		} else if file&ourPawns == 0 {
			acc += w[FRookHalfOpenFile]
		}
	}
	pesto = &classicalTable[board.MakePiece(us, board.Queen)&15]
	for pcs := b.Pieces(us, board.Queen); pcs != 0; {
		s := pcs.PopLSB() & 63
		psq += pesto[s]
		att := board.QueenAttacks(s, occ)
		z := (att & zone).Count()
		units += 5 * z
		acc += int64((att&safe).Count())*w[FMobilityQueen] + int64(z)*w[FKingZoneQueen]
	}
	acc += int64(kingDanger(units)) * w[FKingDanger]
	shield, open := kingShelter(us, b.KingSquare(us), ourPawns)
	acc += int64(shield)*w[FPawnShield] + int64(open)*w[FKingOpenFile]
	theirPieces := b.Occupancy(them) &^ theirPawns &^ b.Pieces(them, board.King)
	acc += int64((pawnAttackSet(us, ourPawns) & theirPieces).Count()) * w[FThreatByPawn]
	if us == board.Black {
		psq = -psq // the table holds Black's values negated; the caller subtracts Black's part
	}
	return acc + psq
}
