package eval

// Tomasz Michniewski's piece values and piece-square tables from his
// "Simplified Evaluation Function", as published on the Chess Programming
// Wiki (https://www.chessprogramming.org/Simplified_Evaluation_Function).
// He proposed them (on the Polish programming list progszach) as the
// smallest evaluation that still plays recognisable chess; the numbers are
// hand-set round figures, not tuned ones, which makes them good to read.
//
// Indexing is the same as for the PeSTO tables (see tables_pesto.go): the
// tables are printed from White's point of view with a8 first, so a White
// piece on square s reads entry s^56 and a Black piece reads entry s.
//
// The page gives two king tables, one for the middlegame and one for the
// endgame, and leaves it to the reader to decide when to switch. plylab's
// "pst" evaluation deliberately uses one set of tables, not tapered, so it
// takes the middlegame king table; the tapered idea is what PeSTO shows.

// simplifiedValue holds the piece values, indexed by board.PieceType. The
// page gives the king 20000 so that losing it outweighs everything else;
// the evaluation leaves it out because each side always has one king, so
// the two would cancel.
var simplifiedValue = [7]int{0, 100, 320, 330, 500, 900, 0}

var simplePawnTable = [64]int{
	0, 0, 0, 0, 0, 0, 0, 0,
	50, 50, 50, 50, 50, 50, 50, 50,
	10, 10, 20, 30, 30, 20, 10, 10,
	5, 5, 10, 25, 25, 10, 5, 5,
	0, 0, 0, 20, 20, 0, 0, 0,
	5, -5, -10, 0, 0, -10, -5, 5,
	5, 10, 10, -20, -20, 10, 10, 5,
	0, 0, 0, 0, 0, 0, 0, 0,
}

var simpleKnightTable = [64]int{
	-50, -40, -30, -30, -30, -30, -40, -50,
	-40, -20, 0, 0, 0, 0, -20, -40,
	-30, 0, 10, 15, 15, 10, 0, -30,
	-30, 5, 15, 20, 20, 15, 5, -30,
	-30, 0, 15, 20, 20, 15, 0, -30,
	-30, 5, 10, 15, 15, 10, 5, -30,
	-40, -20, 0, 5, 5, 0, -20, -40,
	-50, -40, -30, -30, -30, -30, -40, -50,
}

var simpleBishopTable = [64]int{
	-20, -10, -10, -10, -10, -10, -10, -20,
	-10, 0, 0, 0, 0, 0, 0, -10,
	-10, 0, 5, 10, 10, 5, 0, -10,
	-10, 5, 5, 10, 10, 5, 5, -10,
	-10, 0, 10, 10, 10, 10, 0, -10,
	-10, 10, 10, 10, 10, 10, 10, -10,
	-10, 5, 0, 0, 0, 0, 5, -10,
	-20, -10, -10, -10, -10, -10, -10, -20,
}

var simpleRookTable = [64]int{
	0, 0, 0, 0, 0, 0, 0, 0,
	5, 10, 10, 10, 10, 10, 10, 5,
	-5, 0, 0, 0, 0, 0, 0, -5,
	-5, 0, 0, 0, 0, 0, 0, -5,
	-5, 0, 0, 0, 0, 0, 0, -5,
	-5, 0, 0, 0, 0, 0, 0, -5,
	-5, 0, 0, 0, 0, 0, 0, -5,
	0, 0, 0, 5, 5, 0, 0, 0,
}

var simpleQueenTable = [64]int{
	-20, -10, -10, -5, -5, -10, -10, -20,
	-10, 0, 0, 0, 0, 0, 0, -10,
	-10, 0, 5, 5, 5, 5, 0, -10,
	-5, 0, 5, 5, 5, 5, 0, -5,
	0, 0, 5, 5, 5, 5, 0, -5,
	-10, 5, 5, 5, 5, 5, 0, -10,
	-10, 0, 5, 0, 0, 0, 0, -10,
	-20, -10, -10, -5, -5, -10, -10, -20,
}

// simpleKingTable is the page's "king middle game" table: stay behind the
// pawns, preferably castled, because with queens on the board an exposed
// king gets mated.
var simpleKingTable = [64]int{
	-30, -40, -40, -50, -50, -40, -40, -30,
	-30, -40, -40, -50, -50, -40, -40, -30,
	-30, -40, -40, -50, -50, -40, -40, -30,
	-30, -40, -40, -50, -50, -40, -40, -30,
	-20, -30, -30, -40, -40, -30, -30, -20,
	-10, -20, -20, -20, -20, -20, -20, -10,
	20, 20, 0, 0, 0, 0, 20, 20,
	20, 30, 10, 0, 0, 10, 30, 20,
}

// simpleTables gathers the tables by board.PieceType.
var simpleTables = [7]*[64]int{nil, &simplePawnTable, &simpleKnightTable, &simpleBishopTable, &simpleRookTable, &simpleQueenTable, &simpleKingTable}

// materialValue holds the plain material values of the Material kind,
// indexed by board.PieceType: the classic 1/3/3/5/9 scale in centipawns,
// with the king at 1000 as in the game-trees paper. Only PieceValue reports
// the king's 1000; the evaluation leaves kings out because they cancel.
var materialValue = [7]int{0, 100, 300, 300, 500, 900, 1000}
