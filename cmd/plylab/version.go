package main

import (
	"context"
	"io"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/app/lab"
	"github.com/urfave/cli/v2"
)

// VersionOptions are the parsed flags of `plylab version`.
type VersionOptions struct {
	Format string
	cliapp.Streams
	// Build describes the running binary (appEnv.build).
	Build cliapp.Build
}

func versionCommand(env *appEnv) *cli.Command {
	return newVersionCommand(env, cliapp.WithStreams(&env.Env, versionRun))
}

// newVersionCommand builds `plylab version`; its action parses the flags
// into VersionOptions and calls runF.
func newVersionCommand(env *appEnv, runF func(context.Context, *VersionOptions) error) *cli.Command {
	return &cli.Command{
		Name:        "version",
		Usage:       "print the version, the commit, the Go version and the bench signature",
		Description: help("version"),
		Flags:       []cli.Flag{output.FormatFlag()},
		Action:      cliapp.Action(&env.Env, func(c *cli.Context) (*VersionOptions, error) { return parseVersion(c, env.build()) }, runF),
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

// writeVersion writes what `plylab version --format format` prints for b
// and the engine's bench signature (cliapp.WriteVersion).
func writeVersion(w io.Writer, format string, b cliapp.Build, p output.Painter) error {
	return cliapp.WriteVersion(w, format, b, cliapp.Signature{Nodes: lab.BenchSignature, Depth: lab.BenchDepth, HashMB: lab.BenchHashMB}, p)
}
