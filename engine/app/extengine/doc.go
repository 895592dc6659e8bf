// Package extengine drives external chess engines as child processes:
// it is the one place in plylab that starts another program to play or
// search. Start launches an executable with its input and output as pipes
// (Find looks it up in PATH and in /usr/games, where Debian installs
// engines); a Conn reads its output on one goroutine for its lifetime,
// so a caller can wait for a line with a deadline and a context instead
// of blocking on a dead or hung engine.
//
// On top of a Conn sit two clients, the GUI side of the two protocols
// engines speak:
//
//   - UCI (Universal Chess Interface), spoken by Stockfish, Ethereal,
//     Toga II, Glaurung and GNU Chess with --uci: StartUCI runs the
//     handshake and sets options checked against those the engine
//     announces; Search sends "position" and "go" and waits for
//     "bestmove", sending "stop" when the caller's context ends.
//   - CECP (the Chess Engine Communication Protocol of xboard/WinBoard,
//     protocol version 2), spoken by Phalanx and other older engines:
//     StartCECP collects the engine's features; Search keeps the engine
//     in force mode, feeds it the moves, its clock ("time", "otim") and
//     "go", and waits for "move", sending "?" (move now) when the context
//     ends.
//
// A UCI client can also be used line by line (Send, ReadUntil) for the
// commands that are not part of a game, such as Stockfish's "go perft"
// and "eval". Attach runs the same clients over any reader and writer,
// for engines in the same process and for tests.
package extengine
