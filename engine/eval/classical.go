package eval

import (
	"math/bits"

	"github.com/plylab/plylab/engine/board"
)

// The classical evaluation: PeSTO's tapered tables plus the terms that
// hand-crafted engines have relied on since the 1970s. Piece-square tables
// know "which piece, which square" and nothing about how pieces relate to
// each other; each term below adds one relation. Every term is a switch
// (Terms), so a lesson or a match can measure what it is worth, and every
// weight is a middlegame/endgame pair tapered like PeSTO's tables and tuned
// on game results with Texel's method (engine/app/tune, `plylab tune`).
//
// The evaluation is linear in its weights: each term counts something on
// the board (a feature, White's count minus Black's) and the score is
// PeSTO's plus the sum of count × weight. That is what makes the tuner
// simple: the features of a position are computed once, and any set of
// weights then evaluates it with a dot product. Only the endgame scaling
// term is not a weight: it shrinks the endgame half of the score in
// positions that are known to be drawish.

// Terms is a set of classical evaluation terms, one bit each.
type Terms uint16

// The classical evaluation terms.
const (
	// TermMobility counts the squares each knight, bishop, rook and queen
	// can move to, leaving out squares held by its own pieces and squares
	// attacked by enemy pawns (a piece rarely wants to go there). Active
	// pieces win games; a bishop hemmed in by its own pawns is worth far
	// less than the 330 the tables give it.
	TermMobility Terms = 1 << iota
	// TermKingSafety counts attacks on the squares around the enemy king
	// (the king zone), by attacker type, and rewards the pawn shield in
	// front of one's own king while penalising open files next to it. A
	// middlegame is often decided by a king attack long before material
	// is lost, which a material-and-squares evaluation cannot see coming.
	// The attacks also add up to a king danger that grows with their
	// square (see kingDanger): one attacker is a nuisance, three together
	// are a mating attack.
	TermKingSafety
	// TermPawnStructure penalises doubled, isolated and backward pawns and
	// rewards pawns defended by pawns. Pawns cannot move back, so their
	// weaknesses are permanent targets; that is why they are worth
	// evaluating even though nothing can be captured yet.
	TermPawnStructure
	// TermPassedPawns rewards passed pawns (no enemy pawn can stop them on
	// their own or a neighbouring file) by rank, adds king proximity to the
	// pawn's path in the endgame, and recognises the pawn race: a passer
	// the enemy king cannot catch when the enemy has only pawns left (the
	// "rule of the square"). Passed pawns decide most endgames, and their
	// value grows quickly as they advance.
	TermPassedPawns
	// TermBishopPair rewards having both bishops: together they cover both
	// square colours, which no other pair of minor pieces can, and they
	// grow stronger as the board opens.
	TermBishopPair
	// TermRookFiles rewards rooks on open files (no pawns) and half-open
	// files (no pawns of their own side), where they reach the enemy camp.
	TermRookFiles
	// TermThreats rewards attacking enemy pieces with cheaper ones: a pawn
	// attacking a piece, a minor piece attacking a rook or queen, a rook
	// attacking a queen. Such a threat usually wins time or material on the
	// next move, which a static count would only see one ply later.
	TermThreats
	// TermTempo gives the side to move a small bonus: being on move is
	// worth something in almost every position, and it smooths the
	// odd/even swing of scores between search depths.
	TermTempo
	// TermScaling scales the endgame score down in endings that are known
	// to be drawish despite a material edge: opposite-coloured bishops with
	// no other pieces, and a side without pawns whose extra material is
	// too little to mate (a lone minor piece, rook against minor piece).
	TermScaling
)

// AllTerms is every classical term.
const AllTerms = TermMobility | TermKingSafety | TermPawnStructure | TermPassedPawns |
	TermBishopPair | TermRookFiles | TermThreats | TermTempo | TermScaling

// termNames are the switch names of the terms, in bit order.
var termNames = [...]string{"mobility", "kingsafety", "pawnstructure", "passedpawns",
	"bishoppair", "rookfiles", "threats", "tempo", "scaling"}

// TermList returns every term in bit order.
func TermList() []Terms {
	l := make([]Terms, len(termNames))
	for i := range l {
		l[i] = 1 << i
	}
	return l
}

// Name returns a single term's switch name ("mobility"); "" for a set of
// several terms or none.
func (t Terms) Name() string {
	for i, n := range termNames {
		if t == 1<<i {
			return n
		}
	}
	return ""
}

// Feature indexes one counted feature of the classical evaluation.
type Feature int

// The features. Each has a middlegame and an endgame weight.
const (
	FMobilityKnight     Feature = iota // safe squares a knight reaches
	FMobilityBishop                    // safe squares a bishop reaches
	FMobilityRook                      // safe squares a rook reaches
	FMobilityQueen                     // safe squares a queen reaches
	FKingZoneKnight                    // enemy king-zone squares a knight attacks
	FKingZoneBishop                    // enemy king-zone squares a bishop attacks
	FKingZoneRook                      // enemy king-zone squares a rook attacks
	FKingZoneQueen                     // enemy king-zone squares a queen attacks
	FPawnShield                        // own pawns one or two ranks in front of the king
	FKingOpenFile                      // files at or next to the king without own pawns
	FKingDanger                        // the square of the weighted king-zone attacks, see kingDanger
	FDoubledPawn                       // pawns with an own pawn in front on the same file
	FIsolatedPawn                      // pawns with no own pawn on a neighbouring file
	FBackwardPawn                      // pawns behind their neighbours whose stop square a pawn attacks
	FSupportedPawn                     // pawns defended by an own pawn
	FPassedRank2                       // passed pawns on the 2nd rank (relative)
	FPassedRank3                       // ... 3rd rank
	FPassedRank4                       // ... 4th rank
	FPassedRank5                       // ... 5th rank
	FPassedRank6                       // ... 6th rank
	FPassedRank7                       // ... 7th rank
	FPassedKingDistance                // enemy king's distance to a passer's stop square minus own king's
	FUnstoppablePasser                 // passers the enemy king cannot catch (enemy has only pawns)
	FBishopPair                        // two bishops or more
	FRookOpenFile                      // rooks on files without pawns
	FRookHalfOpenFile                  // rooks on files without own pawns
	FThreatByPawn                      // enemy pieces attacked by own pawns
	FThreatByMinor                     // enemy rooks and queens attacked by own knights and bishops
	FThreatByRook                      // enemy queens attacked by own rooks
	FTempo                             // +1 for the side to move
	NumFeatures                        // the number of features
)

// featureNames are the features' names, for the tuner's output and
// `plylab eval`.
var featureNames = [NumFeatures]string{
	"mobility knight", "mobility bishop", "mobility rook", "mobility queen",
	"king zone knight", "king zone bishop", "king zone rook", "king zone queen",
	"pawn shield", "king open file", "king danger",
	"doubled pawn", "isolated pawn", "backward pawn", "supported pawn",
	"passed rank 2", "passed rank 3", "passed rank 4", "passed rank 5", "passed rank 6", "passed rank 7",
	"passed king distance", "unstoppable passer",
	"bishop pair", "rook open file", "rook half-open file",
	"threat by pawn", "threat by minor", "threat by rook", "tempo",
}

// featureTerm is the term each feature belongs to.
var featureTerm = [NumFeatures]Terms{
	TermMobility, TermMobility, TermMobility, TermMobility,
	TermKingSafety, TermKingSafety, TermKingSafety, TermKingSafety, TermKingSafety, TermKingSafety, TermKingSafety,
	TermPawnStructure, TermPawnStructure, TermPawnStructure, TermPawnStructure,
	TermPassedPawns, TermPassedPawns, TermPassedPawns, TermPassedPawns, TermPassedPawns, TermPassedPawns,
	TermPassedPawns, TermPassedPawns,
	TermBishopPair, TermRookFiles, TermRookFiles,
	TermThreats, TermThreats, TermThreats, TermTempo,
}

// String returns the feature's name ("isolated pawn").
func (f Feature) String() string {
	if f >= 0 && f < NumFeatures {
		return featureNames[f]
	}
	return "unknown feature"
}

// Term returns the term the feature belongs to.
func (f Feature) Term() Terms { return featureTerm[f] }

// Features are a position's feature counts, White's minus Black's.
type Features [NumFeatures]int16

// Weights are the classical evaluation's weights: a middlegame and an
// endgame value per feature, in centipawns per unit of the feature.
type Weights [NumFeatures][2]int16

// Bitboard masks used by the terms.
const (
	fileABB board.Bitboard = 0x0101010101010101
	fileHBB board.Bitboard = fileABB << 7
	darkBB  board.Bitboard = 0xaa55aa55aa55aa55
)

// fileMask[f] is file f; adjacentFiles[f] the files beside it.
var fileMask, adjacentFiles [8]board.Bitboard

// frontSpan[c][s] is every square in front of s (from c's side) on its own
// file; passedSpan[c][s] adds the neighbouring files, the squares an enemy
// pawn would have to stand on to stop a pawn on s.
var frontSpan, passedSpan [2][64]board.Bitboard

func init() {
	for f := 0; f < 8; f++ {
		fileMask[f] = fileABB << f
	}
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjacentFiles[f] |= fileMask[f-1]
		}
		if f < 7 {
			adjacentFiles[f] |= fileMask[f+1]
		}
	}
	for s := 0; s < 64; s++ {
		f, r := s&7, s>>3
		for rr := r + 1; rr < 8; rr++ {
			frontSpan[board.White][s] |= board.SquareBB(board.Square(rr*8 + f))
		}
		for rr := r - 1; rr >= 0; rr-- {
			frontSpan[board.Black][s] |= board.SquareBB(board.Square(rr*8 + f))
		}
		for c := board.White; c <= board.Black; c++ {
			span := frontSpan[c][s]
			passedSpan[c][s] = span | (span<<1)&^fileABB | (span>>1)&^fileHBB
		}
	}
}

// pawnAttackSet is every square the pawns in p attack for color c.
func pawnAttackSet(c board.Color, p board.Bitboard) board.Bitboard {
	if c == board.White {
		return (p<<7)&^fileHBB | (p<<9)&^fileABB
	}
	return (p>>9)&^fileHBB | (p>>7)&^fileABB
}

// relRank is s's rank from c's side: 0 on c's back rank, 7 on promotion.
func relRank(c board.Color, s board.Square) int {
	if c == board.White {
		return s.Rank()
	}
	return 7 - s.Rank()
}

// distance is the king-move (Chebyshev) distance between two squares.
func distance(a, b board.Square) int {
	df, dr := a.File()-b.File(), a.Rank()-b.Rank()
	return max(df, -df, dr, -dr)
}

// Extract computes the features of b for the terms in on, White's counts
// minus Black's, into f (features of terms that are off stay zero).
func Extract(b *board.Board, on Terms, f *Features) {
	*f = Features{}
	occ := b.Occupied()
	for us := board.White; us <= board.Black; us++ {
		them := us.Other()
		sign := int16(1)
		if us == board.Black {
			sign = -1
		}
		own := b.Occupancy(us)
		ourPawns := b.Pieces(us, board.Pawn)
		theirPawns := b.Pieces(them, board.Pawn)
		theirKing := b.KingSquare(them)
		safe := ^own &^ pawnAttackSet(them, theirPawns)
		zone := board.KingAttacks(theirKing) | board.SquareBB(theirKing)
		theirMajors := b.Pieces(them, board.Rook) | b.Pieces(them, board.Queen)
		theirQueens := b.Pieces(them, board.Queen)

		var mob, kz [4]int16
		var threatMinor, threatRook, rookOpen, rookHalf int16
		for t := board.Knight; t <= board.Queen; t++ {
			i := int(t - board.Knight)
			for pcs := b.Pieces(us, t); pcs != 0; {
				s := pcs.PopLSB()
				var att board.Bitboard
				switch t {
				case board.Knight:
					att = board.KnightAttacks(s)
				case board.Bishop:
					att = board.BishopAttacks(s, occ)
				case board.Rook:
					att = board.RookAttacks(s, occ)
					file := fileMask[s.File()]
					if file&(ourPawns|theirPawns) == 0 {
						rookOpen++
					} else if file&ourPawns == 0 {
						rookHalf++
					}
				default:
					att = board.QueenAttacks(s, occ)
				}
				mob[i] += int16((att & safe).Count())
				kz[i] += int16((att & zone).Count())
				switch t {
				case board.Knight, board.Bishop:
					threatMinor += int16((att & theirMajors).Count())
				case board.Rook:
					threatRook += int16((att & theirQueens).Count())
				}
			}
		}
		if on&TermMobility != 0 {
			for i := range mob {
				f[FMobilityKnight+Feature(i)] += sign * mob[i]
			}
		}
		if on&TermKingSafety != 0 {
			for i := range kz {
				f[FKingZoneKnight+Feature(i)] += sign * kz[i]
			}
			shield, open := kingShelter(us, b.KingSquare(us), ourPawns)
			f[FPawnShield] += sign * shield
			f[FKingOpenFile] += sign * open
			f[FKingDanger] += sign * kingDanger(kingAttackUnits(kz[0], kz[1], kz[2], kz[3]))
		}
		if on&TermRookFiles != 0 {
			f[FRookOpenFile] += sign * rookOpen
			f[FRookHalfOpenFile] += sign * rookHalf
		}
		if on&TermThreats != 0 {
			theirPieces := b.Occupancy(them) &^ theirPawns &^ b.Pieces(them, board.King)
			f[FThreatByPawn] += sign * int16((pawnAttackSet(us, ourPawns) & theirPieces).Count())
			f[FThreatByMinor] += sign * threatMinor
			f[FThreatByRook] += sign * threatRook
		}
		if on&TermBishopPair != 0 && b.Pieces(us, board.Bishop).Count() >= 2 {
			f[FBishopPair] += sign
		}
		if on&(TermPawnStructure|TermPassedPawns) != 0 {
			pawnFeatures(b, us, on, sign, f)
		}
	}
	if on&TermTempo != 0 {
		if b.Side() == board.White {
			f[FTempo] = 1
		} else {
			f[FTempo] = -1
		}
	}
}

// King danger.
//
// The king-zone features count attacks one by one, so two attacks are worth
// twice one. On the board they are worth far more: a lone attacker is
// parried, while several pieces bearing on the king's squares together
// overload its defenders and a mate or a decisive sacrifice appears. So
// the attacks, weighted by what the attacker can do there (a knight or a
// bishop 2, a rook 3, a queen 5: the queen delivers most mates), add up to
// attack units, and the king-danger feature is the units squared, scaled
// down by 16 and capped at 48 units so one absurd position cannot dominate.
// The square is fixed and the tuner fits one weight for it, which keeps
// the evaluation linear in its weights: a quadratic curve with a fitted
// height, as the attack tables of classical engines are, here with one
// parameter instead of a hundred.
const (
	kingDangerCap   = 48
	kingDangerScale = 16
)

// kingAttackUnits weighs the king-zone attacks of each attacker type
// (knights, bishops, rooks, queens) into attack units.
func kingAttackUnits(knight, bishop, rook, queen int16) int {
	return 2*int(knight) + 2*int(bishop) + 3*int(rook) + 5*int(queen)
}

// kingDanger is the king-danger count for the given attack units: the
// units, at most kingDangerCap, squared and divided by kingDangerScale.
func kingDanger(units int) int16 {
	u := min(units, kingDangerCap)
	return int16(u * u / kingDangerScale)
}

// shieldMask[c][k] is the king shelter of a c king on k: the squares one
// and two ranks in front of it on its own file and the files beside it.
// kingFiles[k] is those (up to three) files as an 8-bit file set.
var (
	shieldMask [2][64]board.Bitboard
	kingFiles  [64]uint8
)

func init() {
	for k := 0; k < 64; k++ {
		kf, kr := k&7, k>>3
		for f := max(kf-1, 0); f <= min(kf+1, 7); f++ {
			kingFiles[k] |= 1 << f
			for d := 1; d <= 2; d++ {
				if r := kr + d; r < 8 {
					shieldMask[board.White][k] |= board.SquareBB(board.Square(r*8 + f))
				}
				if r := kr - d; r >= 0 {
					shieldMask[board.Black][k] |= board.SquareBB(board.Square(r*8 + f))
				}
			}
		}
	}
}

// kingShelter counts the pawn shield (own pawns on the king's file and its
// neighbours, one or two ranks in front of the king) and the open files
// among those three (no own pawn at all).
func kingShelter(us board.Color, k board.Square, ourPawns board.Bitboard) (shield, open int16) {
	pawnFiles := uint8(southFill(ourPawns)) // rank 1 now holds every file with a pawn
	return int16((ourPawns & shieldMask[us][k]).Count()), int16(bits.OnesCount8(kingFiles[k] &^ pawnFiles))
}

// nonPawnMaterial is c's knights, bishops, rooks and queens in the scale
// values.
func nonPawnMaterial(b *board.Board, c board.Color) int {
	return scaleKnight*b.Pieces(c, board.Knight).Count() + scaleBishop*b.Pieces(c, board.Bishop).Count() +
		scaleRook*b.Pieces(c, board.Rook).Count() + scaleQueen*b.Pieces(c, board.Queen).Count()
}

// Scale returns the endgame scale factor of b, out of ScaleNormal, for an
// endgame score eg from White's point of view (its sign says which side is
// trying to win).
func Scale(b *board.Board, eg int) int {
	strong := board.White
	if eg < 0 {
		strong = board.Black
	}
	weak := strong.Other()
	wb, bb := b.Pieces(board.White, board.Bishop), b.Pieces(board.Black, board.Bishop)
	if b.Pieces(strong, board.Pawn) != 0 && (wb&(wb-1) != 0 || bb&(bb-1) != 0 || wb == 0 || bb == 0) {
		// The usual case, decided without counting material: the strong
		// side has pawns, and the sides do not have one bishop each, so
		// neither rule below can apply.
		return ScaleNormal
	}
	strongNPM, weakNPM := nonPawnMaterial(b, strong), nonPawnMaterial(b, weak)
	if b.Pieces(strong, board.Pawn) == 0 {
		switch {
		case strongNPM < scaleRook:
			// A lone minor piece (or nothing) cannot mate.
			return 0
		case weakNPM == 0 && b.Pieces(weak, board.Pawn) == 0 && strongNPM == 2*scaleKnight &&
			b.Pieces(strong, board.Knight).Count() == 2:
			// Two knights cannot force mate against a bare king.
			return 0
		case strongNPM-weakNPM <= scaleBishop:
			// Rook against a minor piece, rook and minor against rook:
			// usually drawn without pawns.
			return ScaleNormal / 8
		}
	}
	if wb.Count() == 1 && bb.Count() == 1 && strongNPM == scaleBishop && weakNPM == scaleBishop &&
		(wb&darkBB == 0) != (bb&darkBB == 0) {
		// Opposite-coloured bishops and pawns only: the defending bishop
		// blockades on squares the other bishop can never attack.
		return ScaleNormal / 2
	}
	return ScaleNormal
}

// classicalScore is White's classical score: PeSTO's middlegame and
// endgame sums plus the weighted features, the endgame half scaled, then
// tapered by the phase. It takes the fused path (classical_fast.go), which
// gives the same value as summing Extract's features times the weights.
func classicalScore(b *board.Board, on Terms, w *Weights) int {
	if w == &DefaultWeights && on == AllTerms {
		return fusedScore(b, on, &defaultPacked, nil)
	}
	pw := packWeights(w, on)
	return fusedScore(b, on, &pw, nil)
}

// pestoSums returns PeSTO's middlegame and endgame sums of b, White's
// minus Black's, before tapering. The tests' slow form of the classical
// evaluation uses it; the fused path adds the same table entries inside
// its loops over the pieces.
func pestoSums(b *board.Board) (mg, eg int) {
	var packed int64
	occ := b.Occupied()
	for occ != 0 {
		sq := occ.PopLSB() & 63
		packed += pestoTable[b.PieceAt(sq)&15][sq]
	}
	return unpack(packed)
}

// EvaluateClassical returns the classical evaluation of b from the side to
// move's point of view with the given terms and weights. Evaluate(b,
// Classical) is EvaluateClassical(b, AllTerms, &DefaultWeights).
func EvaluateClassical(b *board.Board, on Terms, w *Weights) int {
	s := classicalScore(b, on, w)
	if b.Side() == board.Black {
		return -s
	}
	return s
}
