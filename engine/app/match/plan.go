package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/book"
	"github.com/plylab/plylab/engine/kit/param"
)

// A match as a user describes it (Setup), checked and turned into the
// Config that Run plays (Setup.Plan), and played with its games written
// to PGN (Plan.Play). The command line reads its flags into a Setup and
// words the typed errors here with its flag names.

// Bounds of a Setup's numbers.
const (
	MaxGames        = 1_000_000 // most games in one match
	MaxWorkers      = 256       // most games played at once
	MaxOpeningPlies = 200       // longest book line or PGN opening
	DefaultDepth    = 4         // the engine's depth when no limit is given
)

// Setup is a match as a user describes it, before anything is opened or
// started.
type Setup struct {
	Games   int // games to play, 1 to MaxGames
	Workers int // games at once, 1 to MaxWorkers
	// Seed seeds random players and book lines; 0 takes one from the
	// clock (Plan.Config.Seed says which).
	Seed uint64
	// TimeMargin is Config.TimeMargin.
	TimeMargin time.Duration
	// Engine is plylab's engine under test, searching under EngineLimit;
	// with no limit set, depth DefaultDepth.
	Engine      engine.Options
	EngineLimit Limit
	// Opponent is the other player (its Ours is set to Engine by Plan);
	// with no Limit set it searches under the engine's.
	Opponent OpponentSpec
	// Openings says where the openings come from.
	Openings OpeningSource
	// SPRT is the sequential test's bounds "ELO0,ELO1" (ParseSPRT), or ""
	// for none.
	SPRT string
	// PGN is the file Plan.Run writes every game to, or "" for none.
	PGN string
}

// OpeningSource is where a match's openings come from: a Polyglot book
// (random lines of Plies plies), an openings file (ReadOpenings), or,
// with neither, the built-in set.
type OpeningSource struct {
	Book  string // path of a Polyglot book
	File  string // path of an EPD/FEN or .pgn file
	Plies int    // length of book lines and PGN openings, 0 to MaxOpeningPlies
}

// ErrBothOpenings is OpeningSource.Open's error when both a book and a
// file are given.
var ErrBothOpenings = errors.New("openings from both a book and a file")

// ErrEngineNeedsDepth is Setup.Plan's error for a plain textbook
// algorithm (which searches to a fixed depth only) without a depth limit.
var ErrEngineNeedsDepth = errors.New("the engine searches to a fixed depth only")

// OpeningsError is why an OpeningSource gave no openings. Book says
// whether the source was the book (else the file). With Read set, the
// file could not be opened or read and Err is the os or book package's
// error (the book's content is checked as it is read: book.ErrMalformed);
// otherwise an openings file's content is wrong and Err says how.
type OpeningsError struct {
	Book bool
	Path string
	Read bool
	Err  error
}

// Error says which file and what was wrong.
func (e *OpeningsError) Error() string {
	return fmt.Sprintf("openings %s: %v", e.Path, e.Err)
}

// Unwrap returns Err.
func (e *OpeningsError) Unwrap() error { return e.Err }

// Open checks the source and reads it: the built-in set when neither Book
// nor File is given. Book lines are drawn with seed.
func (s OpeningSource) Open(seed uint64) (Openings, error) {
	if s.Book == "" && s.File == "" {
		return Builtin(), nil
	}
	if s.Book != "" && s.File != "" {
		return nil, ErrBothOpenings
	}
	if s.Plies < 0 || s.Plies > MaxOpeningPlies {
		return nil, &param.RangeError{Param: "Openings.Plies", Got: int64(s.Plies), Min: 0, Max: MaxOpeningPlies}
	}
	if s.Book != "" {
		bk, err := book.Open(s.Book)
		if err != nil {
			return nil, &OpeningsError{Book: true, Path: s.Book, Read: true, Err: err}
		}
		return &BookOpenings{Book: bk, Plies: s.Plies, Seed: seed, Source: s.Book}, nil
	}
	f, err := os.Open(s.File)
	if err != nil {
		return nil, &OpeningsError{Path: s.File, Read: true, Err: err}
	}
	defer f.Close()
	list, err := ReadOpenings(f, s.File, s.Plies)
	if err != nil {
		return nil, &OpeningsError{Path: s.File, Err: err}
	}
	return list, nil
}

// Plan is a checked Setup: the Config to play and the names its report
// gives the players and the openings.
type Plan struct {
	Config Config
	// EngineName is e.g. "plylab engine (depth 4)"; OpponentName is
	// OpponentSpec.Entrant's name.
	EngineName, OpponentName string
	// Openings describes the openings (Openings.Describe).
	Openings string
	// SPRT is the parsed test, or nil (also in Config.SPRT).
	SPRT *SPRT
	// PGNPath is Setup.PGN: the file Run writes the games to, or "".
	PGNPath string
}

// Plan checks s and makes its Config, in this order: Games and Workers
// (*param.RangeError of Games, Workers or Openings.Plies), the limits' defaults (see Setup), the engine (ErrEngineNeedsDepth), the opponent
// (*OpponentError, from OpponentSpec.Entrant), the openings
// (OpeningSource.Open's errors) and the SPRT (ParseSPRT's errors). A
// UCI opponent's executable is looked up but not started.
func (s Setup) Plan() (*Plan, error) {
	if s.Games < 1 || s.Games > MaxGames {
		return nil, &param.RangeError{Param: "Games", Got: int64(s.Games), Min: 1, Max: MaxGames}
	}
	if s.Workers < 1 || s.Workers > MaxWorkers {
		return nil, &param.RangeError{Param: "Workers", Got: int64(s.Workers), Min: 1, Max: MaxWorkers}
	}
	if s.EngineLimit.IsZero() {
		s.EngineLimit = Limit{Depth: DefaultDepth}
	}
	if s.Opponent.Limit.IsZero() {
		s.Opponent.Limit = s.EngineLimit
	}
	if s.Engine.IsPlain() && s.EngineLimit.Depth == 0 {
		return nil, fmt.Errorf("%w: %s", ErrEngineNeedsDepth, s.Engine.Name)
	}
	p := &Plan{EngineName: fmt.Sprintf("plylab %s (%s)", s.Engine.Name, s.EngineLimit), PGNPath: s.PGN}
	cfg := &p.Config
	cfg.Engine = EngineEntrant("", s.Engine, s.EngineLimit)
	opp := s.Opponent
	opp.Ours = s.Engine
	var err error
	if cfg.Opponent, p.OpponentName, err = opp.Entrant(); err != nil {
		return nil, err
	}
	cfg.Seed = s.Seed
	if cfg.Seed == 0 {
		cfg.Seed = uint64(time.Now().UnixNano())
	}
	if cfg.Openings, err = s.Openings.Open(cfg.Seed); err != nil {
		return nil, err
	}
	if list, ok := cfg.Openings.(*List); ok && s.Games > 2*len(list.Openings) && IsPlylab(s.Opponent.Spec) &&
		!s.EngineLimit.Timed() && !s.Opponent.Limit.Timed() {
		return nil, &RepeatError{Games: s.Games, Openings: len(list.Openings)}
	}
	p.Openings = cfg.Openings.Describe()
	if s.SPRT != "" {
		t, err := ParseSPRT(s.SPRT)
		if err != nil {
			return nil, err
		}
		p.SPRT = &t
	}
	cfg.Games = s.Games
	cfg.Workers = s.Workers
	cfg.TimeMargin = s.TimeMargin
	cfg.SPRT = p.SPRT
	cfg.Event = "plylab match: " + p.EngineName + " vs " + p.OpponentName
	return p, nil
}

// RepeatError is Setup.Plan's error for a match that would play the same
// games twice: two plylab engines limited by depth or nodes (no clock)
// are deterministic, so when a list of openings is played in order and
// the match has more games than the list has games to give (two an
// opening, one with each colour), every game after that repeats an
// earlier one move for move. Counted again, the repeats would only make
// the result look surer than it is. Random book lines, more openings or
// a clock avoid it.
type RepeatError struct {
	Games    int // games asked for
	Openings int // openings in the list
}

// Max is the most games the openings give without a repeat.
func (e *RepeatError) Max() int { return 2 * e.Openings }

// Error says that the match would repeat games.
func (e *RepeatError) Error() string {
	return fmt.Sprintf("%d games from %d openings would repeat games: two plylab engines without a clock play each opening the same way every time, so only the first %d games differ",
		e.Games, e.Openings, e.Max())
}

// PGNError is Plan.Play's error when a game could not be written to the
// PGN writer; the match itself finished. From Plan.Run, Path names the
// file, and Create says that it could not be created (no game was
// played).
type PGNError struct {
	Path   string
	Create bool
	Err    error
}

// Error says that writing the PGN failed.
func (e *PGNError) Error() string { return "writing PGN: " + e.Err.Error() }

// Unwrap returns Err.
func (e *PGNError) Unwrap() error { return e.Err }

// Play plays the plan's match. Each finished game is written to pgn (if
// not nil; after the first write error no more are tried) and then
// reported to onGame (if not nil) with the results so far. A stopped ctx
// ends the match early with Result.Interrupted set. A write error is
// returned as a *PGNError after the match, unless the match itself
// failed.
func (p *Plan) Play(ctx context.Context, pgn io.Writer, onGame func(g *Game, r *Result)) (*Result, error) {
	cfg := p.Config
	var pgnErr error
	cfg.OnGame = func(g *Game, r *Result) {
		if pgn != nil && pgnErr == nil {
			pgnErr = WritePGN(pgn, g)
		}
		if onGame != nil {
			onGame(g, r)
		}
	}
	res, err := Run(ctx, cfg)
	if err != nil {
		return res, err
	}
	if pgnErr != nil {
		return res, &PGNError{Err: pgnErr}
	}
	return res, nil
}

// Run plays the match as Play does, writing the games to the file
// PGNPath names (created before the first game; none when PGNPath is
// ""). A file that cannot be created, written or closed is a *PGNError
// with its Path; a match that fails otherwise returns Play's error.
func (p *Plan) Run(ctx context.Context, onGame func(g *Game, r *Result)) (*Result, error) {
	if p.PGNPath == "" {
		return p.Play(ctx, nil, onGame)
	}
	f, err := os.Create(p.PGNPath)
	if err != nil {
		return nil, &PGNError{Path: p.PGNPath, Create: true, Err: err}
	}
	defer f.Close()
	res, err := p.Play(ctx, f, onGame)
	var pe *PGNError
	if errors.As(err, &pe) {
		pe.Path = p.PGNPath
	}
	if err != nil {
		return res, err
	}
	if err := f.Close(); err != nil {
		return res, &PGNError{Path: p.PGNPath, Err: err}
	}
	return res, nil
}

// Report is the report of res, a result of p's match (NewReport with p's
// names, seed, SPRT and PGN file); dur formats the time the match took
// (nil: time.Duration's String).
func (p *Plan) Report(res *Result, dur func(time.Duration) string) *Report {
	return NewReport(res, ReportInfo{Engine: p.EngineName, Opponent: p.OpponentName, Openings: p.Openings,
		Seed: p.Config.Seed, SPRT: p.SPRT, PGNPath: p.PGNPath, Duration: dur})
}
