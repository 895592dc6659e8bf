// Package textbook holds the searches a course teaches before the strong
// engine, kept apart from it so each reads as the textbook writes it: plain
// minimax and alpha-beta over any Game (a chess position or a toy tree),
// the game-trees paper's own minimax and alpha-beta (python-chess's move
// order, its material score and draw rules), the minimal tree of Knuth and
// Moore, and toy trees written as nested lists. Run dispatches any
// engine.Options to the search it names (a textbook preset, a paper
// preset, or the strong engine), and RootScores scores every root move.
// The searches count nodes by engine's convention, so their counts compare
// with the strong engine's.
package textbook
