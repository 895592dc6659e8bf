package main

import (
	"errors"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/positions"
	"github.com/urfave/cli/v2"
)

// positionFlags are the flags every command uses to pick its input:
// --position/-p NAME, --fen FEN and, when withSuite is true, --suite NAME
// and --id ID. Read them with resolvePositions.
func positionFlags(withSuite bool) []cli.Flag {
	flags := []cli.Flag{
		&cli.StringFlag{
			Name:    "position",
			Aliases: []string{"p"},
			Usage:   "named position `NAME` (see 'plylab positions list')",
		},
		&cli.StringFlag{
			Name:  "fen",
			Usage: "position given as a `FEN` string (quote it; 4 or 6 fields)",
		},
	}
	if withSuite {
		flags = append(flags,
			&cli.StringFlag{
				Name:  "suite",
				Usage: "every position of test suite `NAME` (see 'plylab positions list')",
			},
			&cli.StringFlag{
				Name:  "id",
				Usage: "only position `ID` of the --suite (e.g. --suite wac --id WAC.004)",
			},
		)
	}
	return flags
}

// resolvePositions turns the flags of positionFlags into positions:
//
//   - at most one of --position, --fen, --suite;
//   - none: the named position def (e.g. "start");
//   - --position NAME: that named position;
//   - --fen FEN: validated (see fenPosition), as Position{Name: "fen", FEN: normalised};
//   - --suite NAME: all its positions, or with --id ID only that one;
//   - --id without --suite is an error.
//
// All errors are usage errors (exit status 2), including unknown names.
func resolvePositions(c *cli.Context, withSuite bool, def string) ([]positions.Position, error) {
	list, err := positionSelection(c, withSuite, def).Select(fenPosition)
	if err != nil {
		return nil, selectionError(err)
	}
	return list, nil
}

// positionSelection reads the flags of positionFlags.
func positionSelection(c *cli.Context, withSuite bool, def string) positions.Selection {
	sel := positions.Selection{Name: c.String("position"), FEN: c.String("fen"), NameSet: c.IsSet("position"), FENSet: c.IsSet("fen"),
		WithSuite: withSuite, Default: def}
	if withSuite {
		sel.Suite, sel.ID, sel.SuiteSet = c.String("suite"), c.String("id"), c.IsSet("suite")
	}
	return sel
}

// selectionError words the errors of positions.Selection as usage errors.
func selectionError(err error) error {
	var se *positions.SelectionError
	var ide *positions.IDError
	switch {
	case errors.As(err, &se):
		return usage(se.Err)
	case errors.As(err, &ide):
		return cliapp.SuiteIDError(ide.Err, ide.Suite)
	}
	return cliapp.LookupError(err)
}

// fenPosition validates a FEN typed by the user and wraps it as a position
// (board.FENPosition); a bad one is a usage error with a hint.
func fenPosition(fen string) (positions.Position, error) {
	p, err := board.FENPosition(fen)
	if err != nil {
		return p, cliapp.WithHint(cliapp.Usagef("%v", err), "fix the --fen value (board, side to move, castling, en passant, halfmove clock, move number) or use a name from 'plylab positions list'")
	}
	return p, nil
}
