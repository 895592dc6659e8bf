package eval

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/nnue"
)

// Kind selects an evaluation function.
type Kind uint8

// The evaluation functions, from crudest to strongest. Their order is the
// order of a lesson: each adds one idea to the one before.
const (
	// Material counts material only: P 100, N 300, B 300, R 500, Q 900 (and
	// K 1000, as in the game-trees paper, which cancels because each side
	// always has one king).
	Material Kind = iota
	// PST is material (P 100, N 320, B 330, R 500, Q 900; the king's 20000
	// cancels) plus Tomasz Michniewski's "Simplified Evaluation Function"
	// piece-square tables: one set of tables, not tapered.
	PST
	// PeSTO is Ronald Friederich's tapered evaluation: middlegame and
	// endgame piece values and piece-square tables, blended by the game
	// phase (knight and bishop 1, rook 2, queen 4, at most 24).
	PeSTO
	// Classical is PeSTO plus the classical terms of hand-crafted engines
	// (mobility, king safety, pawn structure, passed pawns, bishop pair,
	// rook files, threats, tempo, endgame scaling), with weights that
	// Texel's method fits (plylab tune); see classical.go and
	// docs/evaluation.md.
	Classical
	// NNUE is a neural network in place of hand-written knowledge: 768
	// inputs (each piece on each square) seen from both sides, one hidden
	// layer, trained on positions from the engine's own games labelled by
	// its searches and their results (engine/nnue, docs/evaluation.md).
	NNUE
)

// numKinds is one past the last valid Kind.
const numKinds = 5

// Kinds returns every evaluation kind, in order.
func Kinds() []Kind { return []Kind{Material, PST, PeSTO, Classical, NNUE} }

// kindNames are the names used on the command line and in String.
var kindNames = [numKinds]string{"material", "pst", "pesto", "classical", "nnue"}

// kindDescriptions are the one-line help texts returned by Describe.
var kindDescriptions = [numKinds]string{
	"material only: P 100, N 300, B 300, R 500, Q 900",
	"material plus Michniewski's simplified piece-square tables (one set, not tapered)",
	"PeSTO: Friederich's tuned middlegame and endgame tables, tapered by game phase",
	"PeSTO plus mobility, king safety, pawn structure, passed pawns, bishop pair, rook files, threats, tempo and scaling (tunable with plylab tune)",
	"a neural network (NNUE): every piece on its square seen from both sides, one hidden layer, trained on the engine's own games (plylab nnue)",
}

// ParseKind reads an evaluation name: "material", "pst", "pesto",
// "classical" or "nnue", in any letter case.
func ParseKind(s string) (Kind, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	for k, n := range kindNames {
		if n == name {
			return Kind(k), nil
		}
	}
	return 0, fmt.Errorf("unknown evaluation %q (choose material, pst, pesto, classical or nnue)", s)
}

// String returns the kind's name as ParseKind accepts it.
func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Describe returns a one-line description of the kind for help text.
func (k Kind) Describe() string {
	if k < numKinds {
		return kindDescriptions[k]
	}
	return "unknown evaluation"
}

// PieceValue returns one plain value per piece type, for the parts of a
// search that need a single number rather than a position-dependent one:
// move ordering (MVV-LVA), static exchange evaluation and delta pruning.
//
// Material and PST return their own material values; PeSTO returns its
// middlegame values (82, 337, 365, 477, 1025), since captures matter most
// while there is still material to capture, and so do Classical and NNUE,
// which have no single piece values of their own. The king, which the evaluation
// leaves out because it always cancels, gets a value larger than everything
// else combined (20000) so that ordering code never treats it as cheap,
// except under Material, which reports the 1000 of the game-trees paper so
// that the lesson's numbers match the paper's. NoPieceType (and anything
// out of range) is worth 0.
func PieceValue(k Kind, t board.PieceType) int {
	if t < board.Pawn || t > board.King {
		return 0
	}
	switch k {
	case Material:
		return materialValue[t]
	case PST:
		if t == board.King {
			return kingOrderValue
		}
		return simplifiedValue[t]
	case PeSTO, Classical, NNUE:
		if t == board.King {
			return kingOrderValue
		}
		return pestoMGValue[t]
	}
	panic("eval: unknown Kind " + k.String())
}

// kingOrderValue is the king's value for move ordering and exchange
// evaluation: more than any possible material, so "capturing" a king (which
// legal chess never does, but pseudo-legal exchange code might consider)
// always dominates.
const kingOrderValue = 20000

// Phase returns PeSTO's game phase: 1 for each knight and bishop, 2 for each
// rook and 4 for each queen, of both colors. It is 24 in the starting
// position and 0 when only kings and pawns are left. Promotions can push the
// count past 24, so it is capped there: more material than at the start is
// still "fully middlegame".
func Phase(b *board.Board) int {
	p := (b.PiecesOfType(board.Knight) | b.PiecesOfType(board.Bishop)).Count() +
		2*b.PiecesOfType(board.Rook).Count() +
		4*b.PiecesOfType(board.Queen).Count()
	return min(p, maxPhase)
}

// taper blends a middlegame and an endgame score by the phase: all
// middlegame at 24, all endgame at 0, linear in between. Go's division
// truncates toward zero, as C's does in the published PeSTO code, which also
// keeps the result symmetric: taper(-mg, -eg, p) == -taper(mg, eg, p).
func taper(mg, eg, phase int) int {
	return (mg*phase + eg*(maxPhase-phase)) / maxPhase
}

// Combined tables, built once by init so that Evaluate does a single read
// per piece. They are indexed by board.Piece (color and type, 0..15) and
// by square, and already carry the sign: positive for White's pieces,
// negative for Black's, so the sum over all pieces is White's score.
var (
	// pstTable holds piece value plus simplified square bonus.
	pstTable [16][64]int32
	// pestoTable holds PeSTO's middlegame and endgame values packed into
	// one integer, mg<<32 + eg, so one addition per piece updates both. A
	// sum of packed values is the packed sum (the packing is linear), and
	// both halves stay far inside 32 bits, so unpacking at the end is exact.
	pestoTable [16][64]int64
	// classicalTable is pestoTable with the classical evaluation's tuned
	// corrections (DefaultSquares) added, packed and signed the same way.
	classicalTable [16][64]int64
)

func init() {
	eachPieceSquare(func(sign int, t board.PieceType, p board.Piece, s board.Square, i int) {
		pstTable[p][s] = int32(sign * (simplifiedValue[t] + simpleTables[t][i]))
		mg := sign * (pestoMGValue[t] + pestoMGTables[t][i])
		eg := sign * (pestoEGValue[t] + pestoEGTables[t][i])
		pestoTable[p][s] = int64(mg)<<32 + int64(eg)
	})
	buildClassicalTable(&DefaultSquares)
}

// eachPieceSquare calls f for every piece p (colour and type t) on every
// square s, with the colour's sign (+1 White, −1 Black) and the index i
// of s in the published tables from that colour's side.
func eachPieceSquare(f func(sign int, t board.PieceType, p board.Piece, s board.Square, i int)) {
	for c := board.White; c <= board.Black; c++ {
		sign := 1
		if c == board.Black {
			sign = -1
		}
		for t := board.Pawn; t <= board.King; t++ {
			p := board.MakePiece(c, t)
			for s := board.Square(0); s < 64; s++ {
				f(sign, t, p, s, tableIndex(c, s))
			}
		}
	}
}

// buildClassicalTable fills classicalTable from pestoTable and sq.
func buildClassicalTable(sq *Squares) {
	eachPieceSquare(func(sign int, t board.PieceType, p board.Piece, s board.Square, i int) {
		d := sq[t][i]
		classicalTable[p][s] = pestoTable[p][s] + int64(sign*int(d[0]))<<32 + int64(sign*int(d[1]))
	})
}

// tableIndex converts a board square to an index into the published
// tables, which are printed from White's side with a8 first (index 0 = a8,
// 63 = h1). For White that means flipping the rank (s^56); Black reads the
// table as is, which is the same table seen from Black's side of the board.
func tableIndex(c board.Color, s board.Square) int {
	if c == board.White {
		return int(s) ^ 56
	}
	return int(s)
}

// Evaluate returns the static evaluation of b under kind k, in centipawns,
// from the side to move's point of view (the negamax convention): positive
// means the side to move is better. It does not allocate and is meant for
// the search's hot path. It panics on an unknown kind.
func Evaluate(b *board.Board, k Kind) int {
	var white int
	switch k {
	case Material:
		white = materialScore(b)
	case PST:
		white = pstScore(b)
	case PeSTO:
		white = pestoScore(b)
	case Classical:
		white = classicalScore(b, AllTerms, &DefaultWeights)
	case NNUE:
		return nnue.Default().Evaluate(b)
	default:
		panic("eval: unknown Kind " + k.String())
	}
	if b.Side() == board.Black {
		return -white
	}
	return white
}

// EvaluateTerms is Evaluate with a choice of the classical evaluation's
// terms; the other kinds have no terms and ignore them.
func EvaluateTerms(b *board.Board, k Kind, terms Terms) int {
	if k != Classical {
		return Evaluate(b, k)
	}
	s := classicalScore(b, terms, &DefaultWeights)
	if b.Side() == board.Black {
		return -s
	}
	return s
}

// materialScore is White's material minus Black's. Counting each piece
// type's bitboard is cheaper than visiting pieces one by one, since square
// does not matter here. Kings are skipped: they always cancel.
func materialScore(b *board.Board) int {
	s := 0
	for t := board.Pawn; t <= board.Queen; t++ {
		s += materialValue[t] * (b.Pieces(board.White, t).Count() - b.Pieces(board.Black, t).Count())
	}
	return s
}

// pstScore sums the signed combined table over every occupied square. One
// loop over the occupancy with a mailbox lookup is fewer branches than
// twelve short loops, one per piece bitboard.
func pstScore(b *board.Board) int {
	var s int32
	occ := b.Occupied()
	for occ != 0 {
		sq := occ.PopLSB() & 63 // the mask lets the compiler drop bounds checks
		s += pstTable[b.PieceAt(sq)&15][sq]
	}
	return int(s)
}

// pestoScore sums the packed middlegame/endgame table, unpacks the two
// halves and tapers them by the phase.
func pestoScore(b *board.Board) int {
	var packed int64
	occ := b.Occupied()
	for occ != 0 {
		sq := occ.PopLSB() & 63
		packed += pestoTable[b.PieceAt(sq)&15][sq]
	}
	eg := int64(int32(packed)) // low half, sign-extended
	mg := (packed - eg) >> 32  // high half, after removing the low half's borrow
	return taper(int(mg), int(eg), Phase(b))
}

// Breakdown explains an evaluation term by term, for lessons and
// `plylab eval`.
type Breakdown struct {
	// Kind is the evaluation explained.
	Kind Kind
	// Phase is the PeSTO game phase, 0..24; always 24 for the untapered
	// kinds, whose single score counts as the middlegame one.
	Phase int
	// MaterialMG and MaterialEG are each side's material (kings excluded),
	// indexed by board.White and board.Black; equal for untapered kinds.
	MaterialMG, MaterialEG [2]int
	// SquaresMG and SquaresEG are each side's piece-square bonuses, kings
	// included; zero for Material, equal to each other for PST.
	SquaresMG, SquaresEG [2]int
	// Features are the classical terms' counts, White's minus Black's, and
	// TermsMG and TermsEG their weighted sums (Classical only).
	Features         Features
	TermsMG, TermsEG int
	// Scale is the endgame scale out of ScaleNormal (Classical only; 0 for
	// the other kinds, which do not scale).
	Scale int
	// MG and EG are White's total minus Black's before tapering (and, for
	// Classical, before scaling); for Material and PST they are equal.
	MG, EG int
	// White is the final score from White's point of view.
	White int
	// STM is the final score from the side to move's point of view; it is
	// what Evaluate returns.
	STM int
}

// ExplainTerms is Explain(b, Classical) with a choice of terms.
func ExplainTerms(b *board.Board, terms Terms) Breakdown { return explain(b, Classical, terms) }

// Explain evaluates b under kind k the slow way, term by term, straight
// from the published tables, and reports every term. Its STM field equals
// Evaluate(b, k). It panics on an unknown kind.
func Explain(b *board.Board, k Kind) Breakdown { return explain(b, k, AllTerms) }

func explain(b *board.Board, k Kind, terms Terms) Breakdown {
	if k >= numKinds {
		panic("eval: unknown Kind " + k.String())
	}
	br := Breakdown{Kind: k, Phase: maxPhase}
	if k == NNUE {
		// A network has no terms to list: only its verdict.
		br.Phase = Phase(b)
		br.STM = nnue.Default().Evaluate(b)
		br.White = br.STM
		if b.Side() == board.Black {
			br.White = -br.STM
		}
		br.MG, br.EG = br.White, br.White
		return br
	}
	for c := board.White; c <= board.Black; c++ {
		for t := board.Pawn; t <= board.King; t++ {
			bb := b.Pieces(c, t)
			for bb != 0 {
				i := tableIndex(c, bb.PopLSB())
				switch k {
				case Material:
					if t != board.King {
						br.MaterialMG[c] += materialValue[t]
					}
				case PST:
					br.MaterialMG[c] += simplifiedValue[t]
					br.SquaresMG[c] += simpleTables[t][i]
				case PeSTO, Classical:
					br.MaterialMG[c] += pestoMGValue[t]
					br.MaterialEG[c] += pestoEGValue[t]
					br.SquaresMG[c] += pestoMGTables[t][i]
					br.SquaresEG[c] += pestoEGTables[t][i]
					if k == Classical {
						br.SquaresMG[c] += int(DefaultSquares[t][i][0])
						br.SquaresEG[c] += int(DefaultSquares[t][i][1])
					}
				}
			}
		}
	}
	if k != PeSTO && k != Classical {
		br.MaterialEG, br.SquaresEG = br.MaterialMG, br.SquaresMG
	}
	w, bl := board.White, board.Black
	br.MG = br.MaterialMG[w] + br.SquaresMG[w] - br.MaterialMG[bl] - br.SquaresMG[bl]
	br.EG = br.MaterialEG[w] + br.SquaresEG[w] - br.MaterialEG[bl] - br.SquaresEG[bl]
	if k == Classical {
		Extract(b, terms, &br.Features)
		for i, n := range br.Features {
			br.TermsMG += int(n) * int(DefaultWeights[i][0])
			br.TermsEG += int(n) * int(DefaultWeights[i][1])
		}
		br.MG += br.TermsMG
		br.EG += br.TermsEG
		br.Scale = ScaleNormal
		if terms&TermScaling != 0 {
			br.Scale = Scale(b, br.EG)
		}
		br.Phase = Phase(b)
		br.White = taper(br.MG, br.EG*br.Scale/ScaleNormal, br.Phase)
	} else if k == PeSTO {
		br.Phase = Phase(b)
		br.White = taper(br.MG, br.EG, br.Phase)
	} else {
		br.White = br.MG
	}
	br.STM = br.White
	if b.Side() == board.Black {
		br.STM = -br.White
	}
	return br
}
