package cliapp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
)

// CommandLine rebuilds the flags of c's command as typed, for provenance
// notes: "plylab tune --epochs 300 --pgn a.pgn". Flags not set are left
// out, and so are the flags named in skip (an output path, a format); a
// true bool is its name alone, a repeated flag is repeated.
func CommandLine(c *cli.Context, skip ...string) string {
	parts := []string{"plylab", c.Command.Name}
	for _, f := range c.Command.Flags {
		name := f.Names()[0]
		if !c.IsSet(name) || slices.Contains(skip, name) {
			continue
		}
		switch v := c.Value(name).(type) {
		case bool:
			if v {
				parts = append(parts, "--"+name)
			}
		case cli.StringSlice:
			for _, s := range v.Value() {
				parts = append(parts, "--"+name, s)
			}
		default:
			parts = append(parts, "--"+name, fmt.Sprint(c.Value(name)))
		}
	}
	return strings.Join(parts, " ")
}
