package main

import (
	"time"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/match"
	"github.com/urfave/cli/v2"
)

// limitFlags reads one player's search limit from --PREFIXdepth,
// --PREFIXnodes, --PREFIXmovetime and --PREFIXtc (prefix "" or "opponent-"; a command
// without a --tc or --nodes flag simply has none): play reads its engine's limit
// here and match both players'. Zero fields are unset.
func limitFlags(c *cli.Context, prefix string) (match.Limit, error) {
	var l match.Limit
	if c.IsSet(prefix + "depth") {
		d := c.Int(prefix + "depth")
		if d < 1 || d > engine.MaxDepth {
			return l, cliapp.Usagef("--%sdepth must be between 1 and %d, got %d; try --%sdepth 4", prefix, engine.MaxDepth, d, prefix)
		}
		l.Depth = d
	}
	if c.IsSet(prefix + "movetime") {
		mt, err := durationFlag(c, prefix+"movetime")
		if err != nil {
			return l, err
		}
		if mt < time.Millisecond {
			return l, cliapp.Usagef("--%smovetime %q: expected at least 1ms, e.g. --%smovetime 100ms or 5s", prefix, c.String(prefix+"movetime"), prefix)
		}
		l.MoveTime = mt
	}
	if c.IsSet(prefix + "nodes") {
		n := c.Int64(prefix + "nodes")
		if n < 1 || n > 1e12 {
			return l, cliapp.Usagef("--%snodes must be between 1 and 1000000000000, got %d; try --%snodes 20000", prefix, n, prefix)
		}
		l.Nodes = uint64(n)
	}
	if s := c.String(prefix + "tc"); c.IsSet(prefix+"tc") || s != "" {
		clk, err := match.ParseClock(s)
		if err != nil {
			return l, cliapp.Usagef("--%stc: %v", prefix, err)
		}
		l.Clock = &clk
	}
	return l, nil
}
