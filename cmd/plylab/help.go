package main

import (
	"embed"
	"strings"
)

// The long help of every command (its Description: what it does, then
// "Examples:") is prose in help/COMMAND.txt (a subcommand's in
// help/COMMAND-SUB.txt, the app's in help/plylab.txt), so this package
// keeps to flags, options and runs; docs/commands.md is generated from
// the help and TestCommandsDoc keeps it current.

//go:embed help/*.txt
var helpFiles embed.FS

// help is the text of help/name.txt with each marker of pairs (marker,
// value, ...) replaced, e.g. help("play", "{levels}", list). A missing
// file is a bug that every help test finds: it panics.
func help(name string, pairs ...string) string {
	data, err := helpFiles.ReadFile("help/" + name + ".txt")
	if err != nil {
		panic("plylab: no help text " + name + ".txt")
	}
	return strings.NewReplacer(pairs...).Replace(string(data))
}
