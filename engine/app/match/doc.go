// Package match plays chess matches between two players and measures the
// result: wins, draws and losses, the score, the Elo difference with a 95 %
// interval, an optional sequential probability ratio test (SPRT) that stops
// a match once the answer is clear, and the breakdowns of RAM-Z's Table I
// (results by color and by the game phase in which games ended).
//
// A player is anything behind the Player interface: plylab's own engine
// with any preset and switches (NewEngine), a random legal mover
// (NewRandom) or an external UCI engine such as Stockfish (StartUCI).
//
// The rules are notnil/chess's (checkmate, stalemate, insufficient
// material); threefold repetition and the fifty-move rule, which are claims
// in the laws of chess, are claimed at once, so every game ends. A player
// that exceeds its time (clock or fixed time per move, plus a margin) loses
// on time, unless its opponent has no mating material left (a draw).
//
// Each opening is played twice with the colors reversed, so neither side
// profits from a lopsided opening. Games run concurrently (Config.Workers),
// each worker with its own players; with fixed-depth limits every game is
// deterministic (fresh search tables per game, random moves seeded per
// game), so a match gives the same result at any concurrency.
package match
