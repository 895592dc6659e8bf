package main

import (
	"errors"
	"time"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/cliflags"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/lab"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/positions"
	"github.com/urfave/cli/v2"
)

// Shared pieces of the search commands: boards from positions, the
// --algo/--with/--without/--eval flags, depth ranges.

// boardOf converts a position to the engine's board. FENs typed by the
// user were validated already; embedded ones are trusted but still checked.
func boardOf(p positions.Position) (*board.Board, error) {
	b, err := board.FromFEN(p.FEN)
	if err != nil {
		return nil, cliapp.Usagef("invalid FEN %q: %v; check the position", p.FEN, err)
	}
	return b, nil
}

// algoFlags are --algo, --with, --without and --eval.
func algoFlags(defAlgo string, multi bool) []cli.Flag {
	usage := "search `ALGO`: minimax, alphabeta, engine, ramz, paper-minimax or paper-alphabeta, optionally with switches such as engine-without-null"
	if multi {
		usage = "comma-separated search `ALGOS`: minimax, alphabeta, engine, or a preset with switches such as engine-without-null"
	}
	return []cli.Flag{
		&cli.StringFlag{Name: "algo", Aliases: []string{"a"}, Value: defAlgo, Usage: usage},
		&cli.StringFlag{Name: "with", Usage: "switch on techniques `LIST` (comma-separated; see 'plylab techniques')"},
		&cli.StringFlag{Name: "without", Usage: "switch off techniques `LIST` (comma-separated; see 'plylab techniques')"},
		&cli.StringFlag{Name: "eval", Aliases: []string{"e"}, Usage: "evaluation `KIND`: material, pst, pesto, classical or nnue (default: material for minimax/alphabeta, nnue for engine)"},
		&cli.IntFlag{Name: "hash", Value: 16, Usage: "transposition table size in `MB`"},
	}
}

// parseAlgos reads --algo (one or several), applies --with/--without and
// --eval to each.
func parseAlgos(c *cli.Context) ([]engine.Options, error) { return cliflags.Algos(c, "algo") }

// positionsAndAlgos reads the position flags (--suite too when withSuite)
// and --algo with --with, --without, --eval and --hash.
func positionsAndAlgos(c *cli.Context, withSuite bool) ([]positions.Position, []engine.Options, error) {
	list, err := cliapp.ResolvePositions(c, withSuite, "start")
	if err != nil {
		return nil, nil, err
	}
	algos, err := parseAlgos(c)
	if err != nil {
		return nil, nil, err
	}
	return list, algos, nil
}

// forceFlag is --force of the commands that refuse runs predicted to take
// longer than budget (lab.SearchBudget, lab.PerftBudget), worded by
// lab.BudgetText.
func forceFlag(budget time.Duration) cli.Flag {
	return &cli.BoolFlag{Name: "force", Usage: "run even when the predicted time is over " + lab.BudgetText(budget)}
}

// guardDepth refuses runs predicted to take longer than lab.SearchBudget
// (see lab.GuardSearch), unless forced, with a usage error naming the ways
// out.
func guardDepth(force bool, boards []*board.Board, algos []engine.Options, depth int) error {
	return guardError(lab.GuardSearch(boards, algos, depth), force, "use a smaller --depth, fewer --algo, or add --force")
}

// guardError is a lab guard's error as the commands report it: a run
// predicted to take too long (*lab.TooLongError) is a usage error ending
// in hint, or nothing when forced; any other error is returned as it is.
func guardError(err error, force bool, hint string) error {
	var long *lab.TooLongError
	switch {
	case !errors.As(err, &long):
		return err
	case force:
		return nil
	}
	return cliapp.Usagef("%v; %s", err, hint)
}
