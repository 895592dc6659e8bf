// Package game keeps the record of one game of chess: the engine's fast
// board (engine/board, with the history the search needs for repetitions)
// and the same game in notnil/chess (the rules of the outcome: checkmate,
// stalemate, repetitions, the fifty-move rule, insufficient material)
// moved in step, the moves in UCI and SAN, undo, draw claims, resignation
// and agreed draws, and the PGN writer. Play (a person against the engine)
// and match (two players) both keep their games in it.
//
// Threefold repetition and the fifty-move rule are claims in the laws of
// chess, not automatic ends: the game reports them as Claimable and ends
// only when a player claims (Claim). Fivefold repetition and the
// seventy-five-move rule end the game by themselves, as do checkmate,
// stalemate and insufficient material.
package game

import (
	"errors"
	"fmt"

	"github.com/notnil/chess"
	"github.com/plylab/plylab/engine/board"
)

// Method is how a game ended.
type Method uint8

// The ways a game ends; NoMethod while it goes on.
const (
	NoMethod             Method = iota
	Checkmate                   // the side to move is mated
	Resignation                 // a player resigned
	DrawAgreed                  // both players agreed to a draw
	Stalemate                   // the side to move has no legal move and is not in check
	ThreefoldRepetition         // claimed: the position occurred three times
	FivefoldRepetition          // automatic: the position occurred five times
	FiftyMoveRule               // claimed: fifty moves without a capture or pawn move
	SeventyFiveMoveRule         // automatic: seventy-five such moves
	InsufficientMaterial        // neither side can mate
)

func (m Method) String() string {
	switch m {
	case Checkmate:
		return "checkmate"
	case Resignation:
		return "resignation"
	case DrawAgreed:
		return "draw agreed"
	case Stalemate:
		return "stalemate"
	case ThreefoldRepetition:
		return "threefold repetition"
	case FivefoldRepetition:
		return "fivefold repetition"
	case FiftyMoveRule:
		return "fifty-move rule"
	case SeventyFiveMoveRule:
		return "seventy-five-move rule"
	case InsufficientMaterial:
		return "insufficient material"
	}
	return "none"
}

// The results as PGN writes them.
const (
	WhiteWins  = "1-0"
	BlackWins  = "0-1"
	Draw       = "1/2-1/2"
	InProgress = "*"
)

// ErrOver is returned by Play when the game has ended.
var ErrOver = errors.New("the game is over")

// Game is one game from a start position. The zero value is not usable:
// start one with New.
type Game struct {
	startFEN string
	b        *board.Board // the engine's board, with the game's history
	ng       *chess.Game  // the same game in notnil/chess: outcome rules
	moves    []board.Move
	san      []string
}

// New starts a game from fen (board.StartFEN for the initial position).
func New(fen string) (*Game, error) {
	g := &Game{startFEN: fen}
	if err := g.restart(); err != nil {
		return nil, err
	}
	return g, nil
}

// restart puts both boards back at the start position with no moves.
func (g *Game) restart() error {
	b, err := board.FromFEN(g.startFEN)
	if err != nil {
		return err
	}
	opt, err := chess.FEN(g.startFEN)
	if err != nil {
		return err
	}
	g.b, g.ng, g.moves, g.san = b, chess.NewGame(opt), nil, nil
	return nil
}

// StartFEN is the position the game started from.
func (g *Game) StartFEN() string { return g.startFEN }

// Board is the current position on the engine's board, with the game's
// history. It belongs to the game: search a Copy.
func (g *Game) Board() *board.Board { return g.b }

// Position is the current position in notnil/chess (for drawing it).
func (g *Game) Position() *chess.Position { return g.ng.Position() }

// FEN is the current position's FEN.
func (g *Game) FEN() string { return g.b.FEN() }

// Side is the side to move.
func (g *Game) Side() board.Color { return g.b.Side() }

// Len is the number of plies played.
func (g *Game) Len() int { return len(g.moves) }

// Moves are the moves played, oldest first.
func (g *Game) Moves() []board.Move { return append([]board.Move(nil), g.moves...) }

// UCI are the moves played in UCI notation.
func (g *Game) UCI() []string {
	out := make([]string, len(g.moves))
	for i, m := range g.moves {
		out[i] = m.String()
	}
	return out
}

// SAN are the moves played in SAN.
func (g *Game) SAN() []string { return append([]string(nil), g.san...) }

// LastMove is the last move played, or board.NoMove.
func (g *Game) LastMove() board.Move {
	if len(g.moves) == 0 {
		return board.NoMove
	}
	return g.moves[len(g.moves)-1]
}

// Mover is the side that played (or plays) ply i, counted from 0.
func (g *Game) Mover(i int) board.Color {
	side := board.White
	if fb, err := board.FromFEN(g.startFEN); err == nil {
		side = fb.Side()
	}
	if i%2 == 1 {
		side = side.Other()
	}
	return side
}

// ParseMove reads a legal move of the current position written in UCI
// (e2e4, e7e8q) or SAN (e4, Nf3, O-O, e8=Q).
func (g *Game) ParseMove(text string) (board.Move, error) { return g.b.ParseMove(text) }

// ParseUCI finds the legal move written u in UCI notation only: what an
// engine sends, where SAN is an error.
func (g *Game) ParseUCI(u string) (board.Move, bool) { return StrictUCI(g.b, u) }

// StrictUCI finds the legal move of b written u in UCI notation (no SAN).
func StrictUCI(b *board.Board, u string) (board.Move, bool) {
	var ml board.MoveList
	b.GenerateMoves(&ml)
	for _, m := range ml.Slice() {
		if m.String() == u {
			return m, true
		}
	}
	return board.NoMove, false
}

// MoveSAN is m, legal in the current position, in SAN.
func (g *Game) MoveSAN(m board.Move) string { return g.b.SAN(m) }

// Play plays m, a legal move of the current position, on both boards
// and returns its SAN. It fails when the game is over or m is not legal.
func (g *Game) Play(m board.Move) (string, error) {
	if g.Over() {
		return "", ErrOver
	}
	u := m.String()
	var nm *chess.Move
	for _, v := range g.ng.ValidMoves() {
		if v.String() == u {
			nm = v
			break
		}
	}
	if nm == nil || !g.b.IsLegal(m) {
		return "", fmt.Errorf("%s is not a legal move in %s", u, g.b.FEN())
	}
	san := chess.AlgebraicNotation{}.Encode(g.ng.Position(), nm)
	if err := g.ng.Move(nm); err != nil {
		return "", err
	}
	g.b.Make(m)
	g.moves = append(g.moves, m)
	g.san = append(g.san, san)
	return san, nil
}

// PlayText reads a move in UCI or SAN (see ParseMove) and plays it.
func (g *Game) PlayText(text string) (board.Move, string, error) {
	m, err := g.ParseMove(text)
	if err != nil {
		return board.NoMove, "", err
	}
	san, err := g.Play(m)
	return m, san, err
}

// Truncate takes the game back to its first n plies (0: the start),
// replaying them on fresh boards so the history stays exact; an outcome
// reached later (a claim, a resignation) is undone with the moves.
func (g *Game) Truncate(n int) error {
	if n < 0 || n > len(g.moves) {
		return fmt.Errorf("cannot go back to ply %d of a game of %d plies", n, len(g.moves))
	}
	keep := append([]board.Move(nil), g.moves[:n]...)
	if err := g.restart(); err != nil {
		return err
	}
	for _, m := range keep {
		if _, err := g.Play(m); err != nil {
			return err
		}
	}
	return nil
}

// Undo takes back the last n plies.
func (g *Game) Undo(n int) error { return g.Truncate(len(g.moves) - n) }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.ng.Outcome() != chess.NoOutcome }

// Result is "1-0", "0-1", "1/2-1/2", or "*" while the game goes on.
func (g *Game) Result() string { return g.ng.Outcome().String() }

// Method is how the game ended (NoMethod while it goes on).
func (g *Game) Method() Method {
	if !g.Over() {
		return NoMethod
	}
	switch g.ng.Method() {
	case chess.Checkmate:
		return Checkmate
	case chess.Resignation:
		return Resignation
	case chess.DrawOffer:
		return DrawAgreed
	case chess.Stalemate:
		return Stalemate
	case chess.ThreefoldRepetition:
		return ThreefoldRepetition
	case chess.FivefoldRepetition:
		return FivefoldRepetition
	case chess.FiftyMoveRule:
		return FiftyMoveRule
	case chess.SeventyFiveMoveRule:
		return SeventyFiveMoveRule
	case chess.InsufficientMaterial:
		return InsufficientMaterial
	}
	return NoMethod
}

// Winner is the side that won; ok is false for a draw or a game that
// goes on.
func (g *Game) Winner() (c board.Color, ok bool) {
	switch g.Result() {
	case WhiteWins:
		return board.White, true
	case BlackWins:
		return board.Black, true
	}
	return board.White, false
}

// Claimable lists the draws the side to move may claim now:
// ThreefoldRepetition and FiftyMoveRule (none once the game is over).
func (g *Game) Claimable() []Method {
	if g.Over() {
		return nil
	}
	var out []Method
	for _, d := range g.ng.EligibleDraws() {
		switch d {
		case chess.ThreefoldRepetition:
			out = append(out, ThreefoldRepetition)
		case chess.FiftyMoveRule:
			out = append(out, FiftyMoveRule)
		}
	}
	return out
}

// Claim claims the first draw Claimable offers and reports which; ok is
// false (and nothing changes) when there is none.
func (g *Game) Claim() (m Method, ok bool) {
	for _, d := range g.ng.EligibleDraws() {
		if d != chess.ThreefoldRepetition && d != chess.FiftyMoveRule {
			continue
		}
		if g.Over() || g.ng.Draw(d) != nil {
			continue
		}
		return g.Method(), true
	}
	return NoMethod, false
}

// Resign ends the game with c resigning (nothing when it is over).
func (g *Game) Resign(c board.Color) {
	if g.Over() {
		return
	}
	nc := chess.White
	if c == board.Black {
		nc = chess.Black
	}
	g.ng.Resign(nc)
}

// AgreeDraw ends the game in a draw by agreement (nothing when it is
// over).
func (g *Game) AgreeDraw() {
	if !g.Over() {
		g.ng.Draw(chess.DrawOffer)
	}
}
