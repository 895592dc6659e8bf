package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/notnil/chess"
	"github.com/plylab/plylab/cmd/internal/boardtext"
	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/cliflags"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/cmd/internal/termui"
	"github.com/plylab/plylab/engine/app/play"
	"github.com/plylab/plylab/engine/board"
	"github.com/urfave/cli/v2"
)

// play: a game against plylab's engine in the terminal. The game is an
// engine/app/play Session, which reads one command line at a time and writes
// text, so it runs the same over a pipe and on a terminal, where
// cmd/internal/termui adds an arrow-key board. This file reads the flags
// into a play.Config and wires the two.

// PlayOptions are the parsed flags of `plylab play`: the game's
// configuration and the stdin the player types on, or Levels.
type PlayOptions struct {
	play.Config
	Levels   bool      // list the levels instead of playing
	Stdin    io.Reader // the player's moves and commands
	Terminal bool      // stdout is a terminal (with stdin one too: the arrow-key board)
	cliapp.Streams
}

func playCommand(env *appEnv) *cli.Command {
	return newPlayCommand(env, cliapp.WithStreams(&env.Env, playRun))
}

// newPlayCommand builds `plylab play`; its action parses the flags into
// PlayOptions and calls runF.
func newPlayCommand(env *appEnv, runF func(context.Context, *PlayOptions) error) *cli.Command {
	flags := append(cliapp.PositionFlags(false),
		&cli.StringFlag{Name: "color", Aliases: []string{"c"}, Value: "white", Usage: "play `SIDE`: white, black or random (auto, always or never set the terminal colors instead)"},
		&cli.StringFlag{Name: "level", Aliases: []string{"l"}, Value: "club", Usage: "engine strength `NAME`: " + strings.Join(play.LevelNames(), ", ")},
		&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Usage: "search `N` plies deep (overrides the level)"},
		&cli.StringFlag{Name: "movetime", Usage: "think `TIME` per move, e.g. 500ms or 2s; a bare number is milliseconds, as in UCI (overrides the level)"},
		&cli.StringFlag{Name: "load", Usage: "continue the game saved in PGN `FILE`"},
		&cli.StringFlag{Name: "book", Aliases: []string{"b"}, Usage: "let the engine play its opening moves from Polyglot book `FILE`"},
		&cli.Uint64Flag{Name: "seed", Usage: "random `SEED` for --color random and book moves (0: a new game each time)"},
		&cli.BoolFlag{Name: "levels", Usage: "list the levels (what each one sets) instead of playing"},
	)
	for _, f := range algoFlags("engine", false) {
		// The level picks the evaluation unless --eval is given.
		if sf, ok := f.(*cli.StringFlag); ok && sf.Name == "eval" {
			sf.Usage = "evaluation `KIND`: material, pst, pesto, classical or nnue (default: the level's)"
		}
		flags = append(flags, f)
	}
	var levels strings.Builder
	for _, l := range play.Levels {
		fmt.Fprintf(&levels, "   %s\n", l.Describe(output.FormatDuration))
	}
	return &cli.Command{
		Name:        "play",
		Usage:       "play a game against the engine in the terminal",
		Description: help("play", "{levels}", levels.String()),
		Flags:       flags,
		Action:      cliapp.Action(&env.Env, func(c *cli.Context) (*PlayOptions, error) { return parsePlay(c, env) }, runF),
	}
}

// parsePlay reads the flags into a game's configuration, or --levels.
// After 'play', --color auto, always or never sets env's colours.
func parsePlay(c *cli.Context, e *appEnv) (*PlayOptions, error) {
	if c.Bool("levels") {
		return &PlayOptions{Levels: true}, nil
	}
	cfg := play.Config{Now: time.Now, Player: e.Var("USER"), Count: output.FormatUint, Duration: output.FormatDuration}
	if err := cliapp.RejectArgs(c, "plylab play --color black --level strong"); err != nil {
		return nil, err
	}
	cfg.Rand = play.NewRand(c.Uint64("seed"))

	side, ok := play.ParseSide(c.String("color"), cfg.Rand)
	switch v := strings.ToLower(strings.TrimSpace(c.String("color"))); {
	case ok:
		cfg.Human = side
	case v == "auto" || v == "always" || v == "never":
		// After 'play' this flag hides the global --color: honour its values.
		if err := e.ResolveColor(v); err != nil {
			return nil, err
		}
		cfg.Human = board.White
	default:
		return nil, cliapp.Usagef("unknown --color %q; use white, black or random (or auto, always, never for the terminal colors)", c.String("color"))
	}

	level, err := play.FindLevel(c.String("level"))
	if err != nil {
		return nil, cliapp.ParamUsage(err)
	}
	limit, err := cliflags.Limit(c, "")
	if err != nil {
		return nil, err
	}
	algos, err := parseAlgos(c)
	if err != nil {
		return nil, err
	}
	if len(algos) != 1 {
		return nil, cliapp.Usagef("play takes one --algo, got %d; e.g. --algo engine-without-null", len(algos))
	}
	if cfg.Options, cfg.Limits, cfg.Level, err = level.Setup(limit.Depth, limit.MoveTime, algos[0], c.IsSet("eval"), output.FormatDuration); err != nil {
		return nil, cliapp.Usagef("--algo %s searches to a fixed depth only; add --depth N (e.g. --depth 4) or use --level beginner, casual or club", cfg.Options.Name)
	}

	if path := c.String("load"); path != "" {
		if c.IsSet("fen") || c.IsSet("position") {
			return nil, cliapp.Usagef("use --load or --fen/--position, not both: a saved game has its own start position")
		}
		if cfg.Load, err = loadGame(path); err != nil {
			return nil, err
		}
	} else {
		list, err := cliapp.ResolvePositions(c, false, "start")
		if err != nil {
			return nil, err
		}
		cfg.StartFEN = list[0].FEN
	}
	if path := c.String("book"); path != "" {
		if cfg.Book, _, err = cliflags.OpenBook(path, ""); err != nil {
			return nil, err
		}
	}
	return &PlayOptions{Config: cfg, Stdin: e.Stdin, Terminal: e.Terminal(e.Stdout)}, nil
}

// loadGame reads the first game of a PGN file.
func loadGame(path string) (*play.Loaded, error) {
	if err := cliapp.CheckInputFile("--load", path, "game.pgn"); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, cliapp.ReadError("load", path, err, " (save games with the 'save FILE' command)")
	}
	defer f.Close()
	l, err := play.ReadGame(f, path)
	return l, cliapp.Worded(err)
}

// playRun runs a game: on a terminal (stdin and stdout) with the
// arrow-key board, otherwise line by line; or lists the levels.
func playRun(ctx context.Context, opts *PlayOptions, stdout, _ io.Writer) error {
	if opts.Levels {
		return output.WriteTable(stdout, "table", play.LevelsTable(), opts.Color)
	}
	cfg := opts.Config
	cfg.BoardText = func(pos *chess.Position, flip bool) string { return boardtext.Draw(pos, flip, opts.Color) }
	s, err := play.New(cfg, stdout)
	if err != nil {
		return cliapp.Worded(err)
	}
	return termui.Start(ctx, s, opts.Stdin, stdout, opts.Terminal, termui.BoardTheme(opts.Color))
}
