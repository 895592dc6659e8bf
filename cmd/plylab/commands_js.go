//go:build js

package main

import (
	"context"
	"fmt"
	"io"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/nnuecmd"
	"github.com/plylab/plylab/engine/app/tune"
	"github.com/urfave/cli/v2"
)

// allCommands lists, in the WebAssembly build, the commands that lesson
// cells may run (sandbox.Cells), in the order of the native build; the
// commands no cell can run (uci, match, book, lesson) are left out, and
// so are the parts of nnue and play that cells cannot reach (nnue
// datagen, label and train; a game of play), which keeps the engine
// small enough to download. Their help is the native build's.
func allCommands(env *appEnv) []*cli.Command {
	return []*cli.Command{
		positionsCommand(env),
		perftCommand(env),
		benchCommand(env),
		compareCommand(env),
		scoresCommand(env),
		searchCommand(env),
		techniquesCommand(env),
		evalCommand(env),
		tuneCommand(env),
		nnuecmd.New(&env.Env, notInBrowser[nnuecmd.DatagenOptions]("nnue datagen"), notInBrowser[nnuecmd.LabelOptions]("nnue label"),
			notInBrowser[nnuecmd.TrainOptions]("nnue train"), cliapp.WithStreams(&env.Env, nnuecmd.ShowRun)),
		newPlayCommand(env, func(ctx context.Context, o *PlayOptions) error {
			if !o.Levels {
				return notInBrowser[PlayOptions]("play")(ctx, o)
			}
			return playRun(ctx, o, env.Stdout, env.Stderr)
		}),
		treeCommand(env),
		reproduceCommand(env),
		versionCommand(env),
	}
}

// notInBrowser is the run of a command the browser's build does not
// carry: one line naming the terminal command instead.
func notInBrowser[O any](path string) func(context.Context, *O) error {
	return func(context.Context, *O) error {
		return fmt.Errorf("'plylab %s' does not run in the browser; run it in a terminal: plylab %s", path, path)
	}
}

// lessonServeCommand stands in for `lesson serve`, a web server, which
// the browser's build does not carry (lesson commands are never run in a
// cell).
func lessonServeCommand(env *appEnv) *cli.Command {
	return &cli.Command{Name: "serve", Action: func(c *cli.Context) error {
		return notInBrowser[struct{}]("lesson serve")(c.Context, nil)
	}}
}

// lessonSiteRun stands in for `lesson export --format site`, which builds
// the engine with the Go toolchain.
func lessonSiteRun(ctx context.Context, _ *LessonExportOptions, _, _ io.Writer) error {
	return notInBrowser[struct{}]("lesson export --format site")(ctx, nil)
}

// writeTuned stands in for tune -o, which cells may not use (it writes Go
// source).
func writeTuned(_ tune.Run, _ *TuneOptions, _ *tune.Set, _ *tune.Result, _ io.Writer) error {
	return fmt.Errorf("'plylab tune -o' does not run in the browser; run it in a terminal: plylab tune -o FILE")
}
