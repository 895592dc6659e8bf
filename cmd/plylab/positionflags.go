package main

import (
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
//   - --fen FEN: validated (see validateFEN), as Position{Name: "fen", FEN: normalised};
//   - --suite NAME: all its positions, or with --id ID only that one;
//   - --id without --suite is an error.
//
// All errors are usage errors (exit status 2), including unknown names.
func resolvePositions(c *cli.Context, withSuite bool, def string) ([]positions.Position, error) {
	name, fen := c.String("position"), c.String("fen")
	var suite, id string
	if withSuite {
		suite, id = c.String("suite"), c.String("id")
	}
	given := 0
	for _, set := range []bool{c.IsSet("position"), c.IsSet("fen"), withSuite && c.IsSet("suite")} {
		if set {
			given++
		}
	}
	if given > 1 {
		if withSuite {
			return nil, usagef("use only one of --position, --fen and --suite")
		}
		return nil, usagef("use only one of --position and --fen")
	}
	if id != "" && !c.IsSet("suite") {
		return nil, usagef("--id needs --suite; e.g. --suite wac --id WAC.004 (see 'plylab positions list')")
	}
	switch {
	case c.IsSet("fen"):
		p, err := fenPosition(fen)
		if err != nil {
			return nil, err
		}
		return []positions.Position{p}, nil
	case withSuite && c.IsSet("suite"):
		s, err := positions.LookupSuite(suite)
		if err != nil {
			return nil, lookupError(err)
		}
		if id != "" {
			p, err := s.Find(id)
			if err != nil {
				return nil, suiteIDError(err, s.Name)
			}
			return []positions.Position{p}, nil
		}
		if len(s.Positions) == 0 {
			return nil, usagef("suite %q has no positions", suite)
		}
		return append([]positions.Position(nil), s.Positions...), nil
	case c.IsSet("position"):
		def = name
	}
	p, err := positions.Lookup(def)
	if err != nil {
		return nil, lookupError(err)
	}
	return []positions.Position{p}, nil
}

// fenPosition validates a FEN typed by the user and wraps it as a position.
func fenPosition(fen string) (positions.Position, error) {
	norm, err := normalizeFEN(fen)
	if err != nil {
		return positions.Position{}, withHint(err, "fix the --fen value (board, side to move, castling, en passant, halfmove clock, move number) or use a name from 'plylab positions list'")
	}
	return positions.Position{Name: "fen", FEN: norm}, nil
}
