package match

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/plylab/plylab/engine/board"
)

// Entrant is one side of a match: how to make its player (each worker
// makes its own, e.g. its own engine process) and its limit.
type Entrant struct {
	New   func(ctx context.Context) (Player, error)
	Limit Limit
}

// Config is a match.
type Config struct {
	// Engine is the player under test; all statistics are from its point
	// of view. Opponent is the other.
	Engine, Opponent Entrant
	// Games is the number of games. Game 2k and 2k+1 play opening k, the
	// engine White in the first and Black in the second.
	Games int
	// Openings gives the openings; nil means Builtin().
	Openings Openings
	// Workers is the number of games played at once (at least 1). Each
	// worker has its own pair of players.
	Workers int
	// Seed seeds everything random: the per-game seeds of random players
	// (and the book lines, through Openings).
	Seed uint64
	// TimeMargin is how far past its time a player may go before it loses
	// on time (wall-clock time is measured around each move).
	TimeMargin time.Duration
	// SPRT, if not nil, is tested after every game; the match stops when
	// it decides.
	SPRT *SPRT
	// Event is the PGN Event tag.
	Event string
	// OnGame, if not nil, is called after each finished game with the
	// results so far, from one goroutine, in the order games finish.
	OnGame func(g *Game, r *Result)
}

// Result is a match's outcome, from the engine's point of view.
type Result struct {
	Engine, Opponent string // the players' names
	Planned          int    // games planned
	Games            []*Game
	Total            WDL
	ByColor          [2]WDL // the engine's results as White and as Black
	ByPhase          [3]WDL // by the phase of the final position (see ClassifyPhase)
	ByTermination    map[Termination]WDL
	// LLR and Verdict are the SPRT's state (with Config.SPRT).
	LLR     float64
	Verdict Verdict
	// Interrupted is set when the match was stopped (ctx) before its end;
	// the games in progress then are not counted.
	Interrupted bool
	Elapsed     time.Duration
}

func (r *Result) add(g *Game, t *SPRT) {
	score := g.EngineScore()
	r.Games = append(r.Games, g)
	r.Total.Add(score)
	r.ByColor[g.EngineColor].Add(score)
	r.ByPhase[g.Phase].Add(score)
	w := r.ByTermination[g.Termination]
	w.Add(score)
	r.ByTermination[g.Termination] = w
	if t != nil {
		r.LLR, r.Verdict = t.Decide(r.Total)
	}
}

// Run plays the match. It returns an error when a player cannot be made
// or the openings fail; when ctx ends it returns the games finished so
// far with Interrupted set.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if cfg.Games < 1 {
		return nil, errors.New("a match needs at least one game")
	}
	if cfg.Engine.Limit.IsZero() || cfg.Opponent.Limit.IsZero() {
		return nil, errors.New("both players need a limit (depth, nodes, time per move or clock)")
	}
	if cfg.Openings == nil {
		cfg.Openings = Builtin()
	}
	workers := min(max(cfg.Workers, 1), cfg.Games)
	start := time.Now()
	res := &Result{Planned: cfg.Games, ByTermination: map[Termination]WDL{}}

	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	var next atomic.Int64
	games := make(chan *Game)
	errs := make(chan error, workers)
	var names sync.Once
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			eng, err := cfg.Engine.New(runCtx)
			if err != nil {
				errs <- err
				stop()
				return
			}
			defer eng.Close()
			opp, err := cfg.Opponent.New(runCtx)
			if err != nil {
				errs <- err
				stop()
				return
			}
			defer opp.Close()
			names.Do(func() { res.Engine, res.Opponent = eng.Name(), opp.Name() })
			for runCtx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= cfg.Games {
					return
				}
				g, err := playRound(runCtx, cfg, i, eng, opp)
				if err != nil {
					if runCtx.Err() == nil {
						errs <- err
						stop()
					}
					return
				}
				select {
				case games <- g:
				case <-runCtx.Done():
					return
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(games)
	}()
	for g := range games {
		if runCtx.Err() != nil {
			continue // stopped: games finishing now are not counted
		}
		res.add(g, cfg.SPRT)
		if cfg.OnGame != nil {
			cfg.OnGame(g, res)
		}
		if res.Verdict != Continue {
			stop()
		}
	}
	res.Elapsed = time.Since(start)
	slices.SortFunc(res.Games, func(a, b *Game) int { return a.Round - b.Round })
	if ctx.Err() != nil {
		res.Interrupted = true
		return res, nil
	}
	select {
	case err := <-errs:
		return res, err
	default:
	}
	return res, nil
}

// playRound plays game i (0-based) of the match.
func playRound(ctx context.Context, cfg Config, i int, eng, opp Player) (*Game, error) {
	o, err := cfg.Openings.Opening(i / 2)
	if err != nil {
		return nil, fmt.Errorf("opening for game %d: %w", i+1, err)
	}
	g := &Game{Round: i + 1, Opening: o, Event: cfg.Event, seed: splitmix64(cfg.Seed + uint64(i))}
	es := seat{p: eng, limit: cfg.Engine.Limit}
	os := seat{p: opp, limit: cfg.Opponent.Limit}
	g.EngineColor = EngineColorIn(i)
	if g.EngineColor == board.White {
		err = play(ctx, g, es, os, cfg.TimeMargin)
	} else {
		err = play(ctx, g, os, es, cfg.TimeMargin)
	}
	if err != nil {
		return nil, err
	}
	return g, nil
}

// EngineColorIn is the engine's colour in game i (0-based) of a match:
// White in the even games, Black in the odd ones, so that colours
// alternate and each opening is played once with each colour.
func EngineColorIn(i int) board.Color {
	if i%2 == 0 {
		return board.White
	}
	return board.Black
}

// splitmix64 scrambles x (Steele, Lea and Flood's SplitMix64 finalizer).
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}
