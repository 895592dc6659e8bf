package main

import (
	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/flagval"
	"github.com/plylab/plylab/engine/app/match"
	"github.com/urfave/cli/v2"
)

// limitFlags reads one player's search limit from --PREFIXdepth,
// --PREFIXnodes, --PREFIXmovetime and --PREFIXtc (prefix "" or "opponent-"; a command
// without a --tc or --nodes flag simply has none): play reads its engine's limit
// here and match both players'. Zero fields are unset. flagval.Limit
// checks the values.
func limitFlags(c *cli.Context, prefix string) (match.Limit, error) {
	l, err := flagval.Limit{Prefix: prefix, Depth: c.Int(prefix + "depth"), DepthSet: c.IsSet(prefix + "depth"),
		Nodes: c.Int64(prefix + "nodes"), NodesSet: c.IsSet(prefix + "nodes"),
		MoveTime: c.String(prefix + "movetime"), MoveTimeSet: c.IsSet(prefix + "movetime"),
		TC: c.String(prefix + "tc"), TCSet: c.IsSet(prefix+"tc") || c.String(prefix+"tc") != ""}.Parse()
	if err != nil {
		return l, cliapp.Usagef("%v", err)
	}
	return l, nil
}
