// Package uci speaks the Universal Chess Interface, so plylab's full engine
// can play in any chess GUI (Arena, Cute Chess, Banksia, En Croissant),
// in engine-testing frameworks (cutechess-cli, fastchess, OpenBench) and
// against other engines.
//
// UCI in brief. The GUI starts the engine as a child process and talks to
// it through stdin and stdout, one command per line of plain text:
//
//	GUI → engine                       engine → GUI
//	uci                                id name plylab 0.1.0
//	                                   id author ...
//	                                   option name Hash type spin default 64 min 1 max 4096
//	                                   uciok
//	setoption name Hash value 128
//	isready                            readyok
//	ucinewgame
//	position startpos moves e2e4 e7e5
//	go wtime 60000 btime 60000 winc 1000 binc 1000
//	                                   info depth 1 ... score cp 30 ... pv g1f3
//	                                   info depth 2 ... pv g1f3 b8c6
//	                                   bestmove g1f3 ponder b8c6
//
// The engine keeps no game of its own: every "position" command sends the
// whole game (a start position plus the moves played), so the engine
// rebuilds its board each time, which also gives it the history it needs to
// see repetitions. "go" starts a search with limits (depth, nodes, a fixed
// time, or the clocks); the engine reports progress with "info" lines and
// ends with exactly one "bestmove". While it searches it must keep reading
// its input: "isready" is answered at once, "stop" ends the search and
// makes the engine send its best move so far. Moves are written in long
// algebraic notation (e2e4, e7e8q, e1g1 for castling); "0000" is the null
// move, sent only when there is no legal move.
//
// What analysis GUIs and lessons use beyond that: "go searchmoves e2e4
// d2d4 ..." restricts the search to those root moves; the MultiPV option
// makes every iteration report its N best lines ("info ... multipv K
// ..."), each found by a search that leaves out the moves of the lines
// before it (engine.Limits.RootMoves and MultiPV). For play, bestmove
// names the expected reply as its ponder move; after it the GUI may send
// the position with that reply played and "go ponder" with the clocks:
// the engine searches with no clock until "ponderhit" (the opponent
// played the reply: the clocks of that go apply from then on) or "stop"
// (it did not: bestmove at once, which the GUI throws away). The Ponder
// option only tells the engine the GUI may do so.
//
// Run implements all of this over any reader and writer, so it works on a
// process's stdin and stdout (plylab uci) and in tests over io.Pipe. Bad
// input never ends a session: it is reported on an "info string" line and
// the engine carries on. TimeLimits is the time manager, a pure function
// from the clock to a soft and a hard limit for one move.
//
// The protocol specification: https://www.shredderchess.com/download/div/uci.zip
// (and https://www.chessprogramming.org/UCI).
package uci
