// Package matchcmd is `plylab match` and `plylab gauntlet`: games
// between plylab's engine and an opponent (a UCI or xboard engine, a
// random mover, or plylab's engine with other switches), with the score,
// the Elo difference and its interval, an optional SPRT, and, for the
// gauntlet, a rating fitted to engines with published ratings. The games,
// PGN files and statistics are engine/app/match's; this package reads the
// flags into options values and prints the results.
package matchcmd

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/cliflags"
	"github.com/plylab/plylab/cmd/internal/flagval"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/match"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/urfave/cli/v2"
)

// help is the long help of a command, help/NAME.txt.
func help(name string) string { return cliapp.HelpText(helpFiles, name) }

//go:embed help/*.txt
var helpFiles embed.FS

const matchDefaultGames = 10

// Options are the parsed and checked flags of `plylab match`.
type Options struct {
	Plan   *match.Plan // the match (match.Setup.Plan), PGN file included
	Format string
	cliapp.Streams
}

// openingFlags choose the openings of match and gauntlet
// (match.OpeningSource).
func openingFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "book", Aliases: []string{"b"}, Usage: "draw openings from Polyglot book `FILE`"},
		&cli.StringFlag{Name: "openings", Usage: "read openings from `FILE`: EPD/FEN lines, or a .pgn file's games"},
		&cli.IntFlag{Name: "opening-plies", Value: 8, Usage: "length of book lines and PGN openings in `PLIES`"},
	}
}

// Command is `plylab match` with its run writing to env's streams.
func Command(env *cliapp.Env) *cli.Command {
	return New(env, cliapp.WithStreams(env, Run))
}

// New builds `plylab match`; its action parses the flags into
// Options and calls runF.
func New(env *cliapp.Env, runF func(context.Context, *Options) error) *cli.Command {
	return &cli.Command{
		Name:        "match",
		Usage:       "play a match between the engine and an opponent: score, Elo with 95% interval, SPRT",
		Description: help("match"),
		Flags: slices.Concat([]cli.Flag{
			&cli.StringFlag{Name: "engine", Value: "engine", Usage: "plylab's `ALGO`: minimax, alphabeta or engine, optionally with switches such as engine-without-null"},
			&cli.StringFlag{Name: "with", Usage: "switch on techniques `LIST` for the engine (comma-separated; see 'plylab techniques')"},
			&cli.StringFlag{Name: "without", Usage: "switch off techniques `LIST` for the engine (comma-separated; see 'plylab techniques')"},
			&cli.StringFlag{Name: "eval", Usage: "evaluation `KIND` of plylab's engine (and of a plylab opponent): material, pst, pesto, classical or nnue", DefaultText: "the algorithm's"},
			&cli.IntFlag{Name: "hash", Value: 16, Usage: "transposition table size in `MB` for each plylab player"},
			&cli.IntFlag{Name: "threads", Value: 1, Usage: fmt.Sprintf("plylab's engine searches with `N` threads (Lazy SMP, 1-%d); a plylab opponent keeps one", engine.MaxThreads)},
			&cli.StringFlag{Name: "opponent", Value: "random", Usage: "the opponent: random, a plylab `ALGO` (e.g. engine-without-null) or the path of a UCI engine"},
			&cli.GenericFlag{Name: "opponent-option", Value: &flagval.Strings{}, Usage: "set the UCI opponent's option `NAME=VALUE` (repeat the flag for several), e.g. UCI_Elo=1500"},
			&cli.StringFlag{Name: "opponent-eval", Usage: "evaluation `KIND` of a plylab opponent", DefaultText: "--eval's"},
			&cli.StringFlag{Name: "net", Usage: "evaluate with the network in `FILE` (plylab nnue train -o FILE; implies --eval nnue)"},
			&cli.StringFlag{Name: "opponent-net", Usage: "a plylab opponent evaluates with the network in `FILE` (implies nnue for it)"},
			&cli.IntFlag{Name: "games", Aliases: []string{"n"}, Value: matchDefaultGames, Usage: "play `N` games (each opening twice, colors reversed)"},
			&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Usage: "search `N` plies deep", DefaultText: fmt.Sprintf("%d without --movetime or --tc", match.DefaultDepth)},
			&cli.Int64Flag{Name: "nodes", Usage: "search about `N` nodes a move (fixed-node games: the same on a busy machine as on a quiet one)", DefaultText: "none"},
			&cli.StringFlag{Name: "movetime", Usage: "think `TIME` per move, e.g. 100ms or 5s (a bare number is milliseconds, as in UCI)", DefaultText: "none"},
			&cli.StringFlag{Name: "tc", Usage: "clock `BASE+INC` in seconds, e.g. 10+0.1, 60, 40/60"},
			&cli.IntFlag{Name: "opponent-depth", Usage: "the opponent's depth `N` (any --opponent-* limit replaces --depth/--movetime/--tc for the opponent)", DefaultText: "the engine's limit"},
			&cli.Int64Flag{Name: "opponent-nodes", Usage: "the opponent's `N` nodes a move", DefaultText: "the engine's limit"},
			&cli.StringFlag{Name: "opponent-movetime", Usage: "the opponent's `TIME` per move (e.g. 100ms; a bare number is milliseconds)", DefaultText: "the engine's limit"},
			&cli.StringFlag{Name: "opponent-tc", Usage: "the opponent's clock `BASE+INC`", DefaultText: "the engine's limit"},
			&cli.StringFlag{Name: "time-margin", Value: "100ms", Usage: "a player loses on time when it exceeds its time by more than `TIME` (e.g. 100ms, 0 for none; a bare number is milliseconds)"},
			&cli.IntFlag{Name: "concurrency", Aliases: []string{"j"}, Value: 1, Usage: "play `N` games at once (each with its own players)"},
		}, openingFlags(), []cli.Flag{
			&cli.StringFlag{Name: "pgn", Usage: "write every game to PGN `FILE`"},
			&cli.StringFlag{Name: "sprt", Usage: "stop early by a sequential test of `ELO0,ELO1` (alpha = beta = 0.05), e.g. 0,10"},
			&cli.Uint64Flag{Name: "seed", Usage: "random `SEED` for random players and book lines", DefaultText: "a new one, printed in the report"},
			output.FormatFlag(),
		}),
		Action: cliapp.Action(env, parseMatch, runF),
	}
}

// parseMatch reads the flags into a match.Setup and checks it.
func parseMatch(c *cli.Context) (*Options, error) {
	const example = "plylab match --opponent random --games 20"
	if err := cliapp.RejectArgs(c, example); err != nil {
		return nil, err
	}
	if err := cliapp.CheckInputFile("--openings", c.String("openings"), "openings.epd"); err != nil {
		return nil, err
	}
	setup := match.Setup{Games: c.Int("games"), Workers: c.Int("concurrency"), Seed: c.Uint64("seed"), SPRT: c.String("sprt"), PGN: c.String("pgn"),
		Openings: match.OpeningSource{Book: c.String("book"), File: c.String("openings"), Plies: c.Int("opening-plies")}}
	if s := c.String("time-margin"); strings.TrimSpace(s) != "0" {
		var err error
		if setup.TimeMargin, err = cliflags.Duration(c, "time-margin"); err != nil {
			return nil, err
		}
	}

	// Limits (none set: match.Setup's defaults).
	var err error
	if setup.EngineLimit, err = cliflags.Limit(c, ""); err != nil {
		return nil, err
	}
	oppLimit, err := cliflags.Limit(c, "opponent-")
	if err != nil {
		return nil, err
	}

	// Our engine.
	algos, err := cliflags.Algos(c, "engine")
	if err != nil {
		return nil, err
	}
	if len(algos) != 1 {
		return nil, cliapp.Usagef("--engine %q names %d algorithms; a match plays one engine, e.g. --engine engine-without-null", c.String("engine"), len(algos))
	}
	setup.Engine = algos[0]
	if path := c.String("net"); path != "" {
		net, _, err := cliflags.Net("--net", path)
		if err != nil {
			return nil, err
		}
		setup.Engine.Eval, setup.Engine.Net = eval.NNUE, net
		setup.Engine.Name += " (net " + filepath.Base(path) + ")"
	}
	if setup.Engine.Threads, err = cliflags.Threads(c); err != nil {
		return nil, err
	}
	if setup.Engine.Threads > 1 {
		if setup.Engine.IsPlain() || setup.Engine.Paper {
			return nil, cliapp.Usagef("--threads %d: only the full engine searches on several threads, not %s; drop --threads or use --engine engine", setup.Engine.Threads, setup.Engine.Name)
		}
		setup.Engine.Name += fmt.Sprintf(" (%d threads)", setup.Engine.Threads)
	}

	// The opponent.
	if setup.Opponent, err = opponentSpec(c, oppLimit, setup.Engine); err != nil {
		return nil, err
	}

	plan, err := setup.Plan()
	if err != nil {
		return nil, cliapp.FlagError(matchSetupError(setup, err))
	}
	return &Options{Plan: plan, Format: c.String("format")}, nil
}

// matchSetupError words an error of match.Setup.Plan with the flags.
func matchSetupError(setup match.Setup, err error) error {
	var oe *match.OpponentError
	var ope *match.OpeningsError
	var rpe *match.RepeatError
	switch {
	case errors.Is(err, match.ErrEngineNeedsDepth):
		return cliapp.Usagef("--engine %s searches to a fixed depth only; add --depth N (e.g. --depth 4)", setup.Engine.Name)
	case errors.As(err, &oe):
		return opponentError(setup.Opponent.Spec, oe)
	case errors.Is(err, match.ErrBothOpenings):
		return cliapp.Usagef("use --book or --openings, not both")
	case errors.As(err, &ope) && ope.Book:
		return cliflags.BookOpenError(ope.Path, ope.Err)
	case errors.As(err, &ope) && ope.Read:
		return cliapp.ReadError("openings", ope.Path, ope.Err, "")
	case errors.As(err, &ope):
		return cliapp.Usagef("--openings: %v", ope.Err)
	case errors.As(err, &rpe):
		return cliapp.Usagef("--games %d: %v; play at most --games %d, or draw random lines with --book FILE, give more openings with --openings FILE, or use a clock (--tc)", rpe.Games, rpe, rpe.Max())
	case errors.Is(err, match.ErrSPRTOrder):
		return cliapp.Usagef("--sprt %q: ELO0 must be less than ELO1, e.g. --sprt 0,10", setup.SPRT)
	case errors.Is(err, match.ErrSPRTForm):
		return cliapp.Usagef("bad --sprt %q; write ELO0,ELO1, e.g. --sprt 0,10", setup.SPRT)
	}
	return err
}

// opponentSpec reads --opponent and its options; match.Setup.Plan makes
// the opponent.
func opponentSpec(c *cli.Context, limit match.Limit, engOpts engine.Options) (match.OpponentSpec, error) {
	spec := strings.TrimSpace(c.String("opponent"))
	uciOpts, err := match.ParseUCIOptions(*c.Generic("opponent-option").(*flagval.Strings))
	var te *match.OptionTextError
	if errors.As(err, &te) {
		return match.OpponentSpec{}, cliapp.Usagef("--opponent-option %q is not NAME=VALUE; write e.g. --opponent-option UCI_Elo=1500 or --opponent-option \"Skill Level=5\"", te.Text)
	}
	if spec == "" {
		return match.OpponentSpec{}, cliapp.Usagef("--opponent is empty; use random, a plylab algorithm such as engine-without-null, or a UCI engine's path")
	}
	opp := match.OpponentSpec{Spec: spec, Limit: limit, Ours: engOpts, UCIOptions: uciOpts}
	if c.IsSet("eval") {
		opp.Eval = &engOpts.Eval
	}
	if c.IsSet("opponent-eval") {
		k, err := eval.ParseKind(c.String("opponent-eval"))
		if err != nil {
			return match.OpponentSpec{}, cliapp.Usagef("--opponent-eval: %v", err)
		}
		if !strings.EqualFold(spec, "random") && !match.IsPlylab(spec) {
			return match.OpponentSpec{}, cliapp.Usagef("--opponent-eval is for a plylab opponent; set a UCI engine's evaluation with --opponent-option")
		}
		opp.Eval = &k
	}
	if path := c.String("opponent-net"); path != "" {
		if !match.IsPlylab(spec) {
			return match.OpponentSpec{}, cliapp.Usagef("--opponent-net is for a plylab opponent such as engine; the opponent %q is not one", spec)
		}
		net, _, err := cliflags.Net("--opponent-net", path)
		if err != nil {
			return match.OpponentSpec{}, err
		}
		opp.Net, opp.NetName = net, filepath.Base(path)
	}
	return opp, nil
}

// opponentError words why the opponent spec made no opponent.
func opponentError(spec string, oe *match.OpponentError) error {
	switch {
	case errors.Is(oe, match.ErrNotUCI):
		return cliapp.Usagef("--opponent-option sets options of a UCI engine; the opponent %s is %s", spec, oe.What)
	case errors.Is(oe, match.ErrNeedsDepth):
		return cliapp.Usagef("the opponent %s searches to a fixed depth only; give it a depth (--depth or --opponent-depth)", oe.What)
	}
	return cliapp.Usagef("--opponent %q is not random, a plylab algorithm (e.g. engine-without-null) or an executable UCI engine (%v); %s",
		spec, textfmt.PathCause(oe.Cause), oe.Hint())
}

// Run plays the match with a progress bar and PGN output and prints
// the report.
func Run(ctx context.Context, opts *Options, stdout, stderr io.Writer) error {
	bar := output.NewBar(stderr, opts.Progress, opts.Plan.Config.Games, "games")
	defer bar.Done()
	res, err := opts.Plan.Run(ctx, func(_ *match.Game, r *match.Result) { bar.Step(len(r.Games), r.Progress()) })
	bar.Done()
	var pe *match.PGNError
	switch {
	case errors.As(err, &pe) && pe.Create:
		return fmt.Errorf("--pgn: cannot write %s: %w", pe.Path, textfmt.PathCause(pe.Err))
	case errors.As(err, &pe):
		return fmt.Errorf("--pgn: writing %s: %w", pe.Path, pe.Err)
	case errors.Is(err, match.ErrOption):
		return cliapp.Usagef("--opponent-option: %s", strings.TrimPrefix(err.Error(), match.ErrOption.Error()+": "))
	case err != nil:
		return err
	}
	if err := output.WriteTable(stdout, opts.Format, opts.Plan.Report(res, output.FormatDuration).Table(), opts.Color); err != nil {
		return err
	}
	if res.Interrupted {
		return context.Canceled
	}
	return nil
}
