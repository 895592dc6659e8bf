package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/lab"
	"github.com/plylab/plylab/engine/textfmt"
	"github.com/urfave/cli/v2"
)

// VersionOptions are the parsed flags of `plylab version`.
type VersionOptions struct {
	Format string
	runStreams
	// Build describes the running binary (appEnv.build).
	Build cliapp.Build
}

func versionCommand(env *appEnv) *cli.Command {
	return newVersionCommand(env, streams(env, versionRun))
}

// newVersionCommand builds `plylab version`; its action parses the flags
// into VersionOptions and calls runF.
func newVersionCommand(env *appEnv, runF func(context.Context, *VersionOptions) error) *cli.Command {
	return &cli.Command{
		Name:  "version",
		Usage: "print the version, the commit, the Go version and the bench signature",
		Description: `version says which build this is: its version (a release, or the next
one with -dev while it is being developed; CHANGELOG.md lists them), the
commit it was built from (recorded by go build in a git clone, with
"modified" when the clone had uncommitted changes), the Go toolchain, and
the bench signature: the node count 'plylab bench' gives with its
defaults, the fingerprint of the engine's search. The signature is stored
in the build (a test checks it against the search), so this prints at
once; run 'plylab bench' to measure it and the speed. plylab --version
prints the same.

Examples:
   plylab version
   plylab version --format json
   plylab bench | tail -1`,
		Flags:  []cli.Flag{output.FormatFlag()},
		Action: parseAction(env, func(c *cli.Context) (*VersionOptions, error) { return parseVersion(c, env.build()) }, runF),
	}
}

// parseVersion reads the flags of version; b is the binary's description.
func parseVersion(c *cli.Context, b cliapp.Build) (*VersionOptions, error) {
	if err := cliapp.RejectArgs(c, "plylab version --format json"); err != nil {
		return nil, err
	}
	return &VersionOptions{Format: c.String("format"), Build: b}, nil
}

// versionRun prints opts.Build and the bench signature.
func versionRun(_ context.Context, opts *VersionOptions, stdout, _ io.Writer) error {
	return writeVersion(stdout, opts.Format, opts.Build, opts.Color)
}

// versionInfo is what `plylab version --format json` prints; a lesson
// receives it as the result "version".
type versionInfo struct {
	Version        string  `json:"version"`
	Commit         *string `json:"commit"` // null when the binary records none
	Modified       bool    `json:"modified"`
	GoVersion      string  `json:"go_version"`
	BenchSignature uint64  `json:"bench_signature"`
}

// newVersionInfo is b with the engine's bench signature.
func newVersionInfo(b cliapp.Build) versionInfo {
	info := versionInfo{Version: b.Version, Modified: b.Modified, GoVersion: b.GoVersion, BenchSignature: lab.BenchSignature}
	if b.Commit != "" {
		info.Commit = &b.Commit
	}
	return info
}

// writeVersion writes what `plylab version --format format` prints for b:
// an object in JSON, a field/value table in csv and markdown, else labelled
// lines (also what plylab --version prints).
func writeVersion(w io.Writer, format string, b cliapp.Build, p output.Painter) error {
	info := newVersionInfo(b)
	switch format {
	case "json":
		p.Result("version", info)
		return textfmt.WriteJSON(w, info)
	case "csv", "markdown":
		return output.WriteTable(w, format, versionTable(info), p)
	}
	p.Result("version", info)
	_, err := io.WriteString(w, versionText(info, p))
	return err
}

// versionText is the labelled view:
//
//	plylab 0.12.0-dev
//	commit  59bc69d1a2b3... (modified)
//	go      go1.26.8
//	bench   1342884 nodes (plylab bench: depth 8, 16 MB hash)
func versionText(info versionInfo, p output.Painter) string {
	commit := "unknown (built without version control information)"
	if info.Commit != nil {
		commit = *info.Commit
		if info.Modified {
			commit += " (modified)"
		}
	}
	goVersion := info.GoVersion
	if goVersion == "" {
		goVersion = "unknown"
	}
	var b strings.Builder
	b.WriteString(p.Paint(output.StyleBold, "plylab "+info.Version) + "\n")
	for _, l := range [][2]string{
		{"commit", commit},
		{"go", goVersion},
		{"bench", fmt.Sprintf("%d nodes (plylab bench: depth %d, %d MB hash)", info.BenchSignature, lab.BenchDepth, lab.BenchHashMB)},
	} {
		b.WriteString(p.Paint(output.StyleDim, output.PadRight(l[0], 7)) + " " + l[1] + "\n")
	}
	return b.String()
}

// versionTable is the field/value table of csv and markdown.
func versionTable(info versionInfo) *output.Table {
	commit := output.NullCell("unknown")
	if info.Commit != nil {
		commit = output.TextCell(*info.Commit)
	}
	t := &output.Table{
		Title:   "plylab version",
		Columns: []output.Column{{Key: "field", Header: "field"}, {Key: "value", Header: "value"}},
	}
	t.Rows = [][]output.Cell{
		{output.TextCell("version"), output.TextCell(info.Version)},
		{output.TextCell("commit"), commit},
		{output.TextCell("modified"), output.BoolCell(info.Modified)},
		{output.TextCell("go_version"), output.TextCell(info.GoVersion)},
		// Plain, as the frameworks read a signature.
		{output.TextCell("bench_signature"), output.Cell{Text: fmt.Sprint(info.BenchSignature), Value: info.BenchSignature}},
	}
	return t
}
