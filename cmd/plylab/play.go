package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/notnil/chess"
	"github.com/plylab/plylab/cmd/internal/boardtext"
	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/cmd/internal/termui"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/play"
	"github.com/urfave/cli/v2"
)

// play: a game against plylab's engine in the terminal. The game is an
// engine/play Session, which reads one command line at a time and writes
// text, so it runs the same over a pipe and on a terminal, where
// cmd/internal/termui adds an arrow-key board. This file reads the flags
// into a play.Config and wires the two.

func playCommand(env *appEnv) *cli.Command {
	flags := append(positionFlags(false),
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
			sf.Usage = "evaluation `KIND`: material, pst, pesto or classical (default: the level's)"
		}
		flags = append(flags, f)
	}
	var levels strings.Builder
	for _, l := range play.Levels {
		fmt.Fprintf(&levels, "   %s\n", l.Describe(output.FormatDuration))
	}
	return &cli.Command{
		Name:  "play",
		Usage: "play a game against the engine in the terminal",
		Description: `Play chess against plylab's engine. Type moves in SAN (e4, Nf3, O-O,
exd5, e8=Q) or UCI (e2e4); on a terminal you can also move the cursor
over the board with the arrow keys, press Enter to pick up a piece and
Enter again to put it down.

Commands: undo (take back your last move), hint, show thinking on|off
(depth, score, nodes and line while the engine searches), flip, board,
save FILE (PGN), fen, moves (the legal moves), resign, draw (claim by
threefold repetition or the fifty-move rule, or offer one), help, quit.

Levels:
` + levels.String() + `
Over a pipe (stdin not a terminal) play reads one command a line and
prints the board as text, so games can be scripted. The --color flag of
this command picks your side; to force colored boards write
'plylab --color always play' or 'play --color always' (then you play White).

Examples:
   plylab play                                   you play White at level club
   plylab play --color black --level strong
   plylab play --level beginner --book /usr/share/games/gnuchess/book.bin
   plylab play --depth 6 --algo engine-without-null
   plylab play --position kiwipete
   plylab play --load game.pgn                   continue a saved game
   plylab play --levels                          what each level sets
   printf 'e4\nNf3\nquit\n' | plylab play --depth 3`,
		Flags: flags,
		Action: func(c *cli.Context) error {
			if c.Bool("levels") {
				return output.WriteTable(env.Stdout, "table", play.LevelsTable(), env.Out)
			}
			cfg, err := env.playConfigFrom(c)
			if err != nil {
				return err
			}
			return env.runPlay(c.Context, cfg)
		},
	}
}

// playConfigFrom reads the flags into a game's configuration.
func (e *appEnv) playConfigFrom(c *cli.Context) (play.Config, error) {
	cfg := play.Config{Now: time.Now, Player: e.Var("USER"), Count: output.FormatUint, Duration: output.FormatDuration}
	if err := cliapp.RejectArgs(c, "plylab play --color black --level strong"); err != nil {
		return cfg, err
	}
	cfg.BoardText = func(pos *chess.Position, flip bool) string { return boardtext.Draw(pos, flip, e.Out) }
	cfg.Rand = play.NewRand(c.Uint64("seed"))

	side, ok := play.ParseSide(c.String("color"), cfg.Rand)
	switch v := strings.ToLower(strings.TrimSpace(c.String("color"))); {
	case ok:
		cfg.Human = side
	case v == "auto" || v == "always" || v == "never":
		// After 'play' this flag hides the global --color: honour its values.
		if err := e.ResolveColor(v); err != nil {
			return cfg, err
		}
		cfg.Human = board.White
	default:
		return cfg, cliapp.Usagef("unknown --color %q; use white, black or random (or auto, always, never for the terminal colors)", c.String("color"))
	}

	level, err := play.FindLevel(c.String("level"))
	if err != nil {
		return cfg, cliapp.Usagef("%v", err)
	}
	limit, err := limitFlags(c, "")
	if err != nil {
		return cfg, err
	}
	algos, err := parseAlgos(c)
	if err != nil {
		return cfg, err
	}
	if len(algos) != 1 {
		return cfg, cliapp.Usagef("play takes one --algo, got %d; e.g. --algo engine-without-null", len(algos))
	}
	if cfg.Options, cfg.Limits, cfg.Level, err = level.Setup(limit.Depth, limit.MoveTime, algos[0], c.IsSet("eval"), output.FormatDuration); err != nil {
		return cfg, cliapp.Usagef("--algo %s searches to a fixed depth only; add --depth N (e.g. --depth 4) or use --level beginner, casual or club", cfg.Options.Name)
	}

	if path := c.String("load"); path != "" {
		if c.IsSet("fen") || c.IsSet("position") {
			return cfg, cliapp.Usagef("use --load or --fen/--position, not both: a saved game has its own start position")
		}
		if cfg.Load, err = loadGame(path); err != nil {
			return cfg, err
		}
	} else {
		list, err := resolvePositions(c, false, "start")
		if err != nil {
			return cfg, err
		}
		cfg.StartFEN = list[0].FEN
	}
	if path := c.String("book"); path != "" {
		if cfg.Book, _, err = openBook(path, ""); err != nil {
			return cfg, err
		}
	}
	return cfg, nil
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
	return play.ReadGame(f, path)
}

// runPlay runs a game: on a terminal (stdin and stdout) with the
// arrow-key board, otherwise line by line.
func (e *appEnv) runPlay(ctx context.Context, cfg play.Config) error {
	s, err := play.New(cfg, e.Stdout)
	if err != nil {
		return err
	}
	return termui.Start(ctx, s, e.Stdin, e.Stdout, e.Terminal(e.Stdout), termui.BoardTheme(e.Out))
}
