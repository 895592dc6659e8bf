package cliapp

import (
	"errors"

	"github.com/plylab/plylab/positions"
	"github.com/urfave/cli/v2"
)

// PositionFlags are the flags every command uses to pick its input:
// --position/-p NAME, --fen FEN and, when withSuite is true, --suite NAME
// and --id ID. Read them with ResolvePositions.
func PositionFlags(withSuite bool) []cli.Flag {
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

// ResolvePositions turns the flags of PositionFlags into positions:
//
//   - at most one of --position, --fen, --suite;
//   - none: the named position def (e.g. "start");
//   - --position NAME: that named position;
//   - --fen FEN: validated (see FENPosition), as Position{Name: "fen", FEN: normalised};
//   - --suite NAME: all its positions, or with --id ID only that one;
//   - --id without --suite is an error.
//
// All errors are usage errors (exit status 2), including unknown names.
func ResolvePositions(c *cli.Context, withSuite bool, def string) ([]positions.Position, error) {
	list, err := PositionSelection(c, withSuite, def).Select(FENPosition)
	if err != nil {
		return nil, SelectionError(err)
	}
	return list, nil
}

// PositionSelection reads the flags of PositionFlags.
func PositionSelection(c *cli.Context, withSuite bool, def string) positions.Selection {
	sel := positions.Selection{Name: c.String("position"), FEN: c.String("fen"), NameSet: c.IsSet("position"), FENSet: c.IsSet("fen"),
		WithSuite: withSuite, Default: def}
	if withSuite {
		sel.Suite, sel.ID, sel.SuiteSet = c.String("suite"), c.String("id"), c.IsSet("suite")
	}
	return sel
}

// SelectionError words the errors of positions.Selection as usage errors.
func SelectionError(err error) error {
	var se *positions.SelectionError
	var ide *positions.IDError
	switch {
	case errors.As(err, &se):
		return ParamUsage(se.Err)
	case errors.As(err, &ide):
		return SuiteIDError(ide.Err, ide.Suite)
	}
	return LookupError(err)
}

// FENPosition validates a FEN typed by the user and wraps it as a position
// (board.FENPosition); a bad one is a usage error with a hint.
func FENPosition(fen string) (positions.Position, error) {
	p, err := positions.FromFEN(fen)
	if err != nil {
		return p, WithHint(Usagef("%v", err), "fix the --fen value (board, side to move, castling, en passant, halfmove clock, move number) or use a name from 'plylab positions list'")
	}
	return p, nil
}
