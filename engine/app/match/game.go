package match

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/plylab/plylab/engine/app/game"
	"github.com/plylab/plylab/engine/board"
)

// Termination is why a game ended.
type Termination int

// The ways a game ends.
const (
	Checkmate Termination = iota
	Stalemate
	Threefold            // threefold repetition, claimed at once
	FiftyMoves           // fifty-move rule, claimed at once
	InsufficientMaterial // neither side can mate
	TimeForfeit          // a player exceeded its time
	TimeoutVsMaterial    // a player exceeded its time, but the opponent cannot mate: draw
	IllegalMove          // a player sent an illegal move: it loses
	PlayerError          // a player failed (crashed, sent no move): it loses
)

// Terminations lists the terminations in order.
var Terminations = []Termination{Checkmate, Stalemate, Threefold, FiftyMoves, InsufficientMaterial,
	TimeForfeit, TimeoutVsMaterial, IllegalMove, PlayerError}

func (t Termination) String() string {
	switch t {
	case Checkmate:
		return "checkmate"
	case Stalemate:
		return "stalemate"
	case Threefold:
		return "threefold repetition"
	case FiftyMoves:
		return "fifty-move rule"
	case InsufficientMaterial:
		return "insufficient material"
	case TimeForfeit:
		return "time forfeit"
	case TimeoutVsMaterial:
		return "timeout vs insufficient material"
	case IllegalMove:
		return "illegal move"
	}
	return "player error"
}

// pgnTermination is the PGN Termination tag's value.
func (t Termination) pgnTermination() string {
	switch t {
	case TimeForfeit, TimeoutVsMaterial:
		return "time forfeit"
	case IllegalMove:
		return "rules infraction"
	case PlayerError:
		return "abandoned"
	}
	return "normal"
}

// Game is the record of one finished game.
type Game struct {
	Round        int // 1-based game number
	White, Black string
	// EngineColor is the color of the match's first player (Config.Engine).
	EngineColor board.Color
	Opening     Opening
	StartFEN    string
	Moves       []string // all moves in UCI notation, the opening's first
	SAN         []string // the same in SAN
	Comments    []string // one per move: "book", "+0.35/8 0.120s", ...
	BookPlies   int      // how many of Moves came from the opening
	Winner      board.Color
	Draw        bool
	Termination Termination
	Detail      string // e.g. the player's error
	Phase       Phase  // of the final position
	FinalFEN    string
	Limits      [2]Limit // by color
	Started     time.Time
	Duration    time.Duration
	Event       string // the PGN Event tag

	seed uint64 // the per-game seed for the players
}

// Result is the PGN result: "1-0", "0-1" or "1/2-1/2".
func (g *Game) Result() string {
	switch {
	case g.Draw:
		return "1/2-1/2"
	case g.Winner == board.White:
		return "1-0"
	}
	return "0-1"
}

// EngineScore is the first player's score: 1, 0.5 or 0.
func (g *Game) EngineScore() float64 {
	switch {
	case g.Draw:
		return 0.5
	case g.Winner == g.EngineColor:
		return 1
	}
	return 0
}

// Summary says how the game ended, e.g. "White mates", "Black wins on
// time", "Draw by threefold repetition" (cutechess-cli's wording).
func (g *Game) Summary() string {
	winner, loser := "White", "Black"
	if g.Winner == board.Black {
		winner, loser = loser, winner
	}
	var s string
	switch g.Termination {
	case Checkmate:
		s = winner + " mates"
	case Stalemate:
		s = "Draw by stalemate"
	case Threefold:
		s = "Draw by threefold repetition"
	case FiftyMoves:
		s = "Draw by fifty-move rule"
	case InsufficientMaterial:
		s = "Draw by insufficient mating material"
	case TimeForfeit:
		s = winner + " wins on time"
	case TimeoutVsMaterial:
		s = "Draw by timeout vs insufficient material"
	case IllegalMove:
		s = loser + " makes an illegal move"
	default:
		s = loser + " fails"
	}
	if g.Detail != "" {
		s += ": " + g.Detail
	}
	return s
}

// seat is one side of a game: its player, its limit and its clock.
type seat struct {
	p         Player
	limit     Limit
	remaining time.Duration
	movesLeft int // moves left in the clock's period (Clock.Moves > 0)
}

// moveGrace is how long past its time (and the margin) a player is waited
// for before its move is cancelled: it has lost on time already, and the
// game must not hang on an engine that forgot to stop.
const moveGrace = time.Second

// play plays one game between white and black from opening. It returns
// ctx's error when ctx ends before the game does (the game is discarded).
func play(ctx context.Context, g *Game, white, black seat, margin time.Duration) error {
	seats := [2]*seat{&white, &black}
	g.White, g.Black = white.p.Name(), black.p.Name()
	g.Limits = [2]Limit{white.limit, black.limit}
	g.StartFEN = g.Opening.StartFEN()
	g.Started = time.Now()
	defer func() { g.Duration = time.Since(g.Started) }()

	rec, err := game.New(g.StartFEN)
	if err != nil {
		return fmt.Errorf("opening %s: %w", g.Opening.Name, err)
	}
	b := rec.Board()

	// apply plays a legal move on the record; it reports false when the
	// game is over.
	apply := func(m board.Move, comment string) (bool, error) {
		san, err := rec.Play(m)
		if err != nil {
			return false, fmt.Errorf("internal: %w", err)
		}
		g.SAN = append(g.SAN, san)
		g.Moves = append(g.Moves, m.String())
		g.Comments = append(g.Comments, comment)
		return !g.finished(rec), nil
	}

	for _, u := range g.Opening.Moves {
		m, ok := rec.ParseUCI(u)
		if !ok {
			return fmt.Errorf("opening %s: move %s is not legal in %s", g.Opening.Name, u, b.FEN())
		}
		g.BookPlies++
		if more, err := apply(m, "book"); err != nil || !more {
			return err
		}
	}
	if g.finished(rec) {
		return nil
	}

	for i, s := range seats {
		if c := s.limit.Clock; c != nil {
			s.remaining, s.movesLeft = c.Base, c.Moves
		}
		if err := s.p.NewGame(ctx, GameStart{Round: g.Round, Seed: gameSeed(g), Color: board.Color(i)}); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			g.lose(rec, board.Color(i), PlayerError, err.Error())
			return nil
		}
	}

	for {
		side := b.Side()
		s := seats[side]
		turn := Turn{Side: side, Limit: s.limit, MovesToGo: s.movesLeft}
		for c, o := range seats {
			if o.limit.Clock != nil {
				turn.Remaining[c], turn.Increment[c] = o.remaining, o.limit.Clock.Inc
			}
		}
		// allowed is the time the mover has for this move (0: untimed).
		var allowed time.Duration
		if s.limit.Clock != nil {
			allowed = s.remaining
		}
		if mt := s.limit.MoveTime; mt > 0 && (allowed == 0 || mt < allowed) {
			allowed = mt
		}
		moveCtx, cancel := ctx, context.CancelFunc(func() {})
		if allowed > 0 {
			moveCtx, cancel = context.WithTimeout(ctx, allowed+margin+moveGrace)
		}
		start := time.Now()
		reply, err := s.p.Move(moveCtx, Position{StartFEN: g.StartFEN, Moves: append([]string(nil), g.Moves...), Board: b.Copy()}, turn)
		elapsed := time.Since(start)
		cancel()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if allowed > 0 && elapsed > allowed+margin {
			g.timeout(rec, side, fmt.Sprintf("%s used %s of %s", sideName(side), elapsed.Round(time.Millisecond), allowed.Round(time.Millisecond)))
			return nil
		}
		if err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				g.timeout(rec, side, "")
			} else {
				g.lose(rec, side, PlayerError, err.Error())
			}
			return nil
		}
		m, ok := rec.ParseUCI(reply.Move)
		if !ok {
			g.lose(rec, side, IllegalMove, fmt.Sprintf("%q in %s", reply.Move, b.FEN()))
			return nil
		}
		if s.limit.Clock != nil {
			s.remaining += s.limit.Clock.Inc - elapsed
			if s.limit.Clock.Moves > 0 {
				if s.movesLeft--; s.movesLeft == 0 {
					s.remaining += s.limit.Clock.Base
					s.movesLeft = s.limit.Clock.Moves
				}
			}
		}
		comment := reply.Comment()
		if comment != "" {
			comment += " "
		}
		comment += fmt.Sprintf("%.3fs", elapsed.Seconds())
		more, err := apply(m, comment)
		if err != nil {
			return err
		}
		if !more {
			return nil
		}
	}
}

// finished checks the rules after a move and records the end of the
// game: checkmate, stalemate and insufficient material as the record
// decides them; threefold repetition and the fifty-move rule are claimed
// for the players at once.
func (g *Game) finished(rec *game.Game) bool {
	rec.Claim()
	if !rec.Over() {
		return false
	}
	b := rec.Board()
	g.FinalFEN = b.FEN()
	g.Phase = ClassifyPhase(b)
	switch rec.Method() {
	case game.Checkmate:
		g.Termination, g.Winner = Checkmate, b.Side().Other()
		return true
	case game.Stalemate:
		g.Termination = Stalemate
	case game.ThreefoldRepetition, game.FivefoldRepetition:
		g.Termination = Threefold
	case game.FiftyMoveRule, game.SeventyFiveMoveRule:
		g.Termination = FiftyMoves
	default:
		g.Termination = InsufficientMaterial
	}
	g.Draw = true
	return true
}

// lose ends the game with side losing, in rec's current position.
func (g *Game) lose(rec *game.Game, side board.Color, t Termination, detail string) {
	g.Winner, g.Termination, g.Detail = side.Other(), t, detail
	g.endPosition(rec)
}

// timeout ends the game on time: side loses, unless its opponent cannot
// mate with any series of legal moves (a bare king, or a king and one
// minor piece), which makes it a draw.
func (g *Game) timeout(rec *game.Game, side board.Color, detail string) {
	b, opp := rec.Board(), side.Other()
	heavy := b.Pieces(opp, board.Pawn) | b.Pieces(opp, board.Rook) | b.Pieces(opp, board.Queen)
	minors := b.Pieces(opp, board.Knight) | b.Pieces(opp, board.Bishop)
	if heavy == 0 && minors.Count() <= 1 {
		g.Draw, g.Termination, g.Detail = true, TimeoutVsMaterial, detail
		g.endPosition(rec)
		return
	}
	g.lose(rec, side, TimeForfeit, detail)
}

// endPosition records the final position of a game that ended by a
// player's fault.
func (g *Game) endPosition(rec *game.Game) {
	g.FinalFEN = rec.FEN()
	g.Phase = ClassifyPhase(rec.Board())
}

func sideName(c board.Color) string {
	if c == board.White {
		return "White"
	}
	return "Black"
}

// gameSeed is the per-game seed handed to the players (set by the match
// from its seed and the round).
func gameSeed(g *Game) uint64 { return g.seed }
