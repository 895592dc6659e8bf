package main

import (
	"context"
	"io"
	"strings"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/cliflags"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/app/book"
	"github.com/plylab/plylab/engine/board"
	"github.com/urfave/cli/v2"
)

// book: show the moves a Polyglot opening book knows for a position, and
// build a book from a PGN file of games.

// BookShowOptions are the parsed flags of `plylab book show`.
type BookShowOptions struct {
	Board       *board.Board // the position after Moves
	Label       string       // the position's name, with the moves played
	BookPath    string       // --book, or "" for DefaultPath
	DefaultPath string
	Format      string
	cliapp.Streams
}

// BookBuildOptions are the parsed flags of `plylab book build`.
type BookBuildOptions struct {
	PGN    string // read the games from this file
	Output string // write the book here
	Build  book.BuildOptions
	Format string
	cliapp.Streams
}

func bookCommand(env *appEnv) *cli.Command {
	return newBookCommand(env, cliapp.WithStreams(&env.Env, bookShowRun), cliapp.WithStreams(&env.Env, bookBuildRun))
}

// newBookCommand builds `plylab book` and its subcommands; their actions
// parse the flags into options and call showF or buildF.
func newBookCommand(env *appEnv, showF func(context.Context, *BookShowOptions) error, buildF func(context.Context, *BookBuildOptions) error) *cli.Command {
	showFlags := append(cliapp.PositionFlags(false),
		&cli.StringFlag{Name: "book", Aliases: []string{"b"}, Usage: "Polyglot book `FILE` (default " + book.DefaultPath + " when installed)"},
		&cli.StringFlag{Name: "moves", Aliases: []string{"m"}, Usage: "play `MOVES` first (SAN or UCI, space-separated, e.g. \"e4 c5 Nf3\")"},
		output.FormatFlag(),
	)
	return &cli.Command{
		Name:        "book",
		Usage:       "show and build Polyglot opening books",
		Description: help("book"),
		Subcommands: []*cli.Command{
			{
				Name:        "show",
				Usage:       "list the book moves of a position with their weights",
				Description: help("book-show", "{book.DefaultPath}", book.DefaultPath),
				Flags:       showFlags,
				Action:      cliapp.Action(&env.Env, func(c *cli.Context) (*BookShowOptions, error) { return parseBookShow(c, book.DefaultPath) }, showF),
			},
			{
				Name:        "build",
				Usage:       "build a Polyglot book from the games of a PGN file",
				Description: help("book-build"),
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "pgn", Usage: "read the games from PGN `FILE`", Required: true},
					&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the book to `FILE` (.bin)", Required: true},
					&cli.IntFlag{Name: "max-ply", Value: book.DefaultMaxPly, Usage: "count the first `N` plies (half-moves) of each game"},
					&cli.IntFlag{Name: "min-games", Value: 1, Usage: "keep only moves played in at least `N` games"},
					&cli.BoolFlag{Name: "by-count", Usage: "weight moves by how often they were played, not by their results"},
					output.FormatFlag(),
				},
				Action: cliapp.Action(&env.Env, parseBookBuild, buildF),
			},
		},
	}
}

// parseBookShow reads the position, --moves and --book; def is the book
// used without --book.
func parseBookShow(c *cli.Context, def string) (*BookShowOptions, error) {
	if err := cliapp.RejectArgs(c, `plylab book show --moves "e4 c5"`); err != nil {
		return nil, err
	}
	list, err := cliapp.ResolvePositions(c, false, "start")
	if err != nil {
		return nil, err
	}
	b, err := boardOf(list[0])
	if err != nil {
		return nil, err
	}
	if err := b.PlayMoves(c.String("moves")); err != nil {
		return nil, cliapp.Usagef("--moves: %v", err)
	}
	label := list[0].Name
	if moves := strings.Join(strings.Fields(c.String("moves")), " "); moves != "" {
		label += " + " + moves
	}
	return &BookShowOptions{Board: b, Label: label, BookPath: c.String("book"), DefaultPath: def, Format: c.String("format")}, nil
}

// bookShowRun opens the book and lists its moves for the position.
func bookShowRun(_ context.Context, opts *BookShowOptions, stdout, _ io.Writer) error {
	bk, path, err := cliflags.OpenBook(opts.BookPath, opts.DefaultPath)
	if err != nil {
		return err
	}
	return output.WriteTable(stdout, opts.Format, bk.MovesTable(opts.Board, opts.Label, path), opts.Color)
}

// parseBookBuild reads and checks the flags of book build.
func parseBookBuild(c *cli.Context) (*BookBuildOptions, error) {
	if err := cliapp.RejectArgs(c, "plylab book build --pgn games.pgn -o book.bin"); err != nil {
		return nil, err
	}
	if err := cliapp.CheckInputFile("--pgn", c.String("pgn"), "games.pgn"); err != nil {
		return nil, err
	}
	opts := &BookBuildOptions{PGN: c.String("pgn"), Output: c.String("output"), Format: c.String("format"),
		Build: book.BuildOptions{MaxPly: c.Int("max-ply"), MinGames: c.Int("min-games"), ByCount: c.Bool("by-count")}}
	if err := opts.Build.Check(); err != nil {
		return nil, cliapp.FlagError(err)
	}
	return opts, nil
}

// bookBuildRun builds the book from the PGN file, writes it, reads it
// back and reports what it holds.
func bookBuildRun(ctx context.Context, opts *BookBuildOptions, stdout, _ io.Writer) error {
	back, st, err := book.BuildFile(ctx, opts.PGN, opts.Output, opts.Build)
	if err != nil {
		return cliflags.BookError(err)
	}
	return output.WriteTable(stdout, opts.Format, book.BuildTable(opts.Output, back, st, opts.Build, "plylab book show --book "+opts.Output), opts.Color)
}
