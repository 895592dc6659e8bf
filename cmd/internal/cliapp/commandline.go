package cliapp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
)

// CommandLine rebuilds the flags of c's command as typed, for provenance
// notes: "plylab tune --epochs 300 --pgn a.pgn", "plylab nnue train
// --data d.bin". Flags not set are left out, and so are the flags named in
// skip (an output path, a format); a true bool is its name alone, a
// repeated flag is repeated.
func CommandLine(c *cli.Context, skip ...string) string {
	var names []string // the command's name, then its parents', without the app's
	lineage := c.Lineage()
	for _, x := range lineage[:len(lineage)-1] {
		if x.Command != nil && x.Command.Name != "" && x.Command.Name != c.App.Name && (len(names) == 0 || names[len(names)-1] != x.Command.Name) {
			names = append(names, x.Command.Name)
		}
	}
	slices.Reverse(names)
	parts := append([]string{"plylab"}, names...)
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
