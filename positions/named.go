package positions

// cpwPerft is the source of the chessprogramming.org perft positions.
const cpwPerft = "chessprogramming.org, Perft Results"

// named holds the named single positions in display order. Every FEN,
// best move and count here is checked by the tests: FENs and SAN moves with
// notnil/chess, the mates by an exhaustive search, the perft counts against
// the perft suite (start, kiwipete and cpw3..cpw6 are lines 1, 2 and
// 128, 129, 131, 132 of data/perft_suite.epd) and, to depth 2 or 3, by
// counting.
var named = []Position{
	{
		Name:        "start",
		FEN:         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		Description: "The initial position.",
		Perft:       []uint64{20, 400, 8902, 197281, 4865609, 119060324},
		Source:      "FIDE Laws of Chess; perft counts: " + cpwPerft,
	},
	{
		Name:        "kiwipete",
		FEN:         "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		Description: "Perft position 2 (Kiwipete): castling both ways, en passant, promotions, pins and checks.",
		Perft:       []uint64{48, 2039, 97862, 4085603, 193690690},
		Source:      cpwPerft + ", position 2 (Peter McKenzie)",
	},
	{
		Name:        "cpw3",
		FEN:         "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		Description: "Perft position 3: rook-and-pawn ending with en passant captures that expose a king.",
		Perft:       []uint64{14, 191, 2812, 43238, 674624, 11030083, 178633661},
		Source:      cpwPerft + ", position 3",
	},
	{
		Name:        "cpw4",
		FEN:         "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		Description: "Perft position 4: promotions on both sides, castling rights and checks (line 130 is its mirror).",
		Perft:       []uint64{6, 264, 9467, 422333, 15833292, 706045033},
		Source:      cpwPerft + ", position 4",
	},
	{
		Name:        "cpw5",
		FEN:         "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		Description: "Perft position 5: a pawn on d7 promoting with capture; catches many move-generator bugs.",
		Perft:       []uint64{44, 1486, 62379, 2103487, 89941194},
		Source:      cpwPerft + ", position 5",
	},
	{
		Name:        "cpw6",
		FEN:         "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
		Description: "Perft position 6 (Steven Edwards): a quiet, symmetrical middlegame.",
		Perft:       []uint64{46, 2079, 89890, 3894594, 164075551},
		Source:      cpwPerft + ", position 6",
	},
	{
		Name:        "paper-mate2",
		FEN:         "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1",
		Description: "Mate in 2: 1.Ra6! bxa6 2.b7#, and after any bishop move 2.Rxa7#.",
		BestMoves:   []string{"Ra6"},
		Source:      "the game-trees paper's mate-in-two test position",
	},
	{
		Name:        "mate2-b",
		FEN:         "4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 0 16",
		Description: "Morphy's Opera Game after 15...Nxd7: mate in 2 by 16.Qb8+! Nxb8 17.Rd8#.",
		BestMoves:   []string{"Qb8+"},
		Source:      "Morphy vs Duke Karl of Brunswick and Count Isouard, Paris 1858",
	},
	{
		Name:        "mate3",
		FEN:         "rnb1kb1r/pp3ppp/2p5/4q3/4n3/3Q4/PPPB1PPP/2KR1BNR w kq - 0 9",
		Description: "Reti vs Tartakower after 8...Nxe4: mate in 3 by 9.Qd8+!! Kxd8 10.Bg5++ Kc7 11.Bd8# (10...Ke8 11.Rd8#).",
		BestMoves:   []string{"Qd8+"},
		Source:      "Reti vs Tartakower, Vienna 1910",
	},
	{
		Name:        "zugzwang",
		FEN:         "8/8/p1p5/1p5p/1P5p/8/PPP2K1p/4R1rk w - - 0 1",
		Description: "1.Rf1! leaves Black only pawn moves and ...Rxf1; null-move pruning without a zugzwang guard misses it.",
		BestMoves:   []string{"Rf1"},
		Source:      "the classic null-move test zugzwang.001 (chessprogramming.org, Null Move Test-Positions)",
	},
	{
		Name:        "zugzwang-kp",
		FEN:         "8/8/8/2Kp4/3Pk3/8/8/8 w - - 0 1",
		Description: "Trebuchet (mutual zugzwang): each king guards its pawn and hits the other; whoever moves loses.",
		Source:      "king-and-pawn endgame theory (the trebuchet)",
	},
	{
		Name:        "horizon",
		FEN:         "3r2k1/5ppp/5n2/3p4/8/2N5/5PPP/3R2K1 w - - 0 1",
		Description: "d5 is hit by Nc3, Rd1 and guarded by Nf6, Rd8: depth 1 without quiescence grabs it (+1); depth 3 stops at Nxd5 Nxd5 Rxd5, missing ...Rxd5.",
		AvoidMoves:  []string{"Nxd5", "Rxd5"},
		Source:      "constructed for plylab (Stockfish 15.1: Nxd5 about -4.3, best quiet move about -0.2)",
	},
}
