package board

import (
	"sort"

	"github.com/notnil/chess"
)

// Facts are what a position shows a person at a glance: the FEN, whose
// move it is, castling rights, the en-passant square, whether the side to
// move is in check or mated, its legal moves in SAN and the material. The
// JSON keys are those of `plylab positions show --format json`.
type Facts struct {
	FEN            string   `json:"fen"`
	SideToMove     string   `json:"side_to_move"` // "white" or "black"
	Castling       string   `json:"castling"`     // e.g. "KQkq", or "-"
	EnPassant      *string  `json:"en_passant"`   // nil when there is none
	Status         string   `json:"status"`       // normal, check, checkmate, stalemate
	LegalMoves     []string `json:"legal_moves"`  // SAN, sorted
	LegalMoveCount int      `json:"legal_move_count"`
	Material       Material `json:"material"`
}

// Material is the classic count of each side's pieces (pawn 1, knight and
// bishop 3, rook 5, queen 9) and White's lead (negative: Black's).
type Material struct {
	White   int `json:"white"`
	Black   int `json:"black"`
	Balance int `json:"balance"`
}

// Describe returns the facts of pos, a position notnil/chess accepted.
// Legal moves and notation come from notnil/chess; whether the side to
// move is in check from the engine's board.
func Describe(pos *chess.Position) Facts {
	f := Facts{FEN: pos.String(), SideToMove: "white", Castling: pos.CastleRights().String(), LegalMoves: []string{}}
	if pos.Turn() == chess.Black {
		f.SideToMove = "black"
	}
	if sq := pos.EnPassantSquare(); sq != chess.NoSquare {
		s := sq.String()
		f.EnPassant = &s
	}
	for _, m := range pos.ValidMoves() {
		f.LegalMoves = append(f.LegalMoves, chess.AlgebraicNotation{}.Encode(pos, m))
	}
	sort.Strings(f.LegalMoves)
	f.LegalMoveCount = len(f.LegalMoves)
	b, err := FromFEN(f.FEN)
	check := err == nil && b.InCheck()
	switch {
	case check && f.LegalMoveCount == 0:
		f.Status = "checkmate"
	case f.LegalMoveCount == 0:
		f.Status = "stalemate"
	case check:
		f.Status = "check"
	default:
		f.Status = "normal"
	}
	for _, p := range pos.Board().SquareMap() {
		v := materialValue(p.Type())
		if p.Color() == chess.White {
			f.Material.White += v
		} else {
			f.Material.Black += v
		}
	}
	f.Material.Balance = f.Material.White - f.Material.Black
	return f
}

// materialValue is the classic count: P=1, N=3, B=3, R=5, Q=9.
func materialValue(t chess.PieceType) int {
	switch t {
	case chess.Pawn:
		return 1
	case chess.Knight, chess.Bishop:
		return 3
	case chess.Rook:
		return 5
	case chess.Queen:
		return 9
	}
	return 0
}
