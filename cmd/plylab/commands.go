//go:build !js

package main

import (
	"github.com/plylab/plylab/cmd/internal/matchcmd"
	"github.com/plylab/plylab/cmd/internal/nnuecmd"
	"github.com/urfave/cli/v2"
)

// allCommands lists plylab's subcommands in the order `plylab --help`
// shows them. Every command must have Usage (one line) and a Description
// with examples; the app adds --help to each command and turns flag errors
// into one-line usage errors, so commands need not do it themselves.
func allCommands(env *appEnv) []*cli.Command {
	return []*cli.Command{
		positionsCommand(env),
		perftCommand(env),
		uciCommand(env),
		benchCommand(env),
		compareCommand(env),
		scoresCommand(env),
		searchCommand(env),
		techniquesCommand(env),
		evalCommand(env),
		tuneCommand(env),
		nnuecmd.Command(&env.Env),
		bookCommand(env),
		playCommand(env),
		treeCommand(env),
		matchcmd.Command(&env.Env),
		matchcmd.GauntletCommand(&env.Env),
		lessonCommand(env),
		docsCommand(env),
		reproduceCommand(env),
		versionCommand(env),
		// Add new subcommands here, one constructor per file, e.g.
		//   perftCommand(env),   // perft.go
		//   compareCommand(env), // compare.go
	}
}
