package eval

import "github.com/plylab/plylab/engine/board"

// DefaultWeights are the classical evaluation's weights (middlegame,
// endgame), in centipawns per unit of each feature. See weights_tuned.go
// for where the values come from.
var DefaultWeights = tunedWeights

// Squares are the classical evaluation's corrections to PeSTO's piece-
// square tables, in centipawns: [piece type][table index][0 middlegame,
// 1 endgame]. The table index is the published tables' (a8 = 0 ... h1 = 63,
// from White's side; see SquareIndex). PeSTO's tables were fitted to
// other engines' games with PeSTO's evaluation alone; once mobility, king
// safety and the other terms count too, some of what a square was worth is
// counted twice (a centralised knight is both on a good square and
// mobile), and a refit of the tables with the terms lets each part keep
// only its share. The PeSTO evaluation itself (--eval pesto) keeps the
// published tables.
type Squares [7][64][2]int16

// DefaultSquares are the corrections the classical evaluation adds to
// PeSTO's tables. See weights_tuned.go for where the values come from.
var DefaultSquares = tunedSquares

// SquareIndex returns the index into a Squares row of color c's piece on
// square s: the published tables' order, seen from c's side.
func SquareIndex(c board.Color, s board.Square) int { return tableIndex(c, s) }
