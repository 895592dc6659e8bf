package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime"

	"github.com/urfave/cli/v2"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/sandbox"
	"github.com/plylab/plylab/trace"
)

// lessonCommand is `plylab lesson`: list, run, export and check the lesson
// notebooks (package lessons). Cells run in-process through runWith, each
// in a fresh appEnv, so a lesson's numbers are exactly what the commands
// print.
func lessonCommand(env *appEnv) *cli.Command {
	return &cli.Command{
		Name:        "lesson",
		Usage:       "run, export and check the lesson notebooks: prose, commands and their real output",
		Description: help("lesson"),
		Subcommands: []*cli.Command{
			newLessonListCommand(env, cliapp.WithStreams(&env.Env, lessonListRun)),
			newLessonRunCommand(env, cliapp.WithStreams(&env.Env, lessonRunRun)),
			newLessonExportCommand(env, cliapp.WithStreams(&env.Env, lessonExportRun)),
			newLessonCheckCommand(env, cliapp.WithStreams(&env.Env, lessonCheckRun)),
			lessonServeCommand(env),
		},
	}
}

// lessonRules decide what a lesson's cells may run: sandbox.Cells, the
// allow-list, for every lesson (built-in, a file, a notebook cell).
func (env *appEnv) lessonRules() lessons.Rules {
	return sandbox.Cells
}

// lessonRunner runs one plylab command for a lesson cell, in-process, with
// empty stdin and color on or off, handing its results to inv.Results
// (the run's output.Painter carries the sink to every table and result). It runs only what sandbox.Cells allows
// (the lesson's parser checked that already; the runner checks again, so
// no way around the parser reaches a command), and the command's files go
// into the cell's folder only (inv.Files).
func (env *appEnv) lessonRunner(ctx context.Context, color bool) lessons.RunFunc {
	return env.policyRunner(ctx, color, sandbox.Cells)
}

// policyRunner is lessonRunner under another allow-list (sandbox.Docs for
// a documentation page's hidden cells).
func (env *appEnv) policyRunner(ctx context.Context, color bool, policy *sandbox.Policy) lessons.RunFunc {
	return func(inv lessons.Invocation) lessons.Outcome {
		if err := policy.Check(inv.Args); err != nil {
			fmt.Fprintf(inv.Stderr, "plylab: %v\n", err)
			return lessons.Outcome{Code: cliapp.ExitUsage}
		}
		if inv.Files == nil {
			fmt.Fprintln(inv.Stderr, "plylab: internal error: a lesson cell has no folder for its files")
			return lessons.Outcome{Code: cliapp.ExitInternal}
		}
		var results output.ResultSink
		if inv.Results != nil {
			results = func(kind string, fields []output.Field) { inv.Results(lessons.NewRecord(kind, fields)) }
		}
		sub := &appEnv{Env: env.Child(ctx, inv.Stdout, inv.Stderr, color, inv.Files, results), commands: env.commands}
		sub.Live = inv.Live
		sub.Policy = sandbox.Cells
		if inv.Table != nil {
			sub.Out.Tables = inv.Table
		}
		return lessons.Outcome{Code: runWith(sub, append([]string{"plylab"}, inv.Args...))}
	}
}

// newLessonRun is lessonRunner without colour: what runs the cells of
// `lesson check`, `lesson export` and the notebook server.
func (env *appEnv) newLessonRun(ctx context.Context) lessons.RunFunc {
	return env.lessonRunner(ctx, false)
}

// loadLessons returns the built-in lessons and the lessons named by refs
// (all built-in ones for "all", or when refs is empty and all is true).
// Errors of the lessons package become plylab's: a malformed lesson is a
// usage error "file:line: what is wrong" (exit 2), and so is an unknown
// one, with a hint; a broken built-in lesson is not the user's fault.
func (env *appEnv) loadLessons(refs []string, all bool) ([]*lessons.Lesson, error) {
	for _, ref := range refs {
		if !lessons.IsFile(ref) || lessons.IsDir(ref) {
			continue
		}
		if err := cliapp.CheckInputFile("lesson file", ref, "lesson.md"); err != nil {
			return nil, err
		}
	}
	ls, err := lessons.Select(refs, all, env.lessonRules())
	var le *lessons.Error
	var fe *lessons.EmptyFolderError
	switch {
	case errors.As(err, &fe):
		return nil, cliapp.Usagef("%v; give a folder of lesson files, or a file such as %s", err, filepath.Join(fe.Dir, "lesson.md"))
	case err == nil || errors.Is(err, lessons.ErrBroken):
		return ls, err
	case errors.As(err, &le):
		return nil, cliapp.CompleteUsage(err.Error(), err)
	case errors.Is(err, lessons.ErrUnknown):
		return nil, cliapp.CompleteUsage(err.Error()+"; run 'plylab lesson list' to see the lessons", err)
	}
	return nil, err
}

// LessonListOptions are the parsed flags of `plylab lesson list`.
type LessonListOptions struct {
	Lessons []*lessons.Lesson // the built-in lessons
	Format  string
	cliapp.Streams
}

// newLessonListCommand builds `plylab lesson list`; its action parses the
// flags into LessonListOptions and calls runF.
func newLessonListCommand(env *appEnv, runF func(context.Context, *LessonListOptions) error) *cli.Command {
	return &cli.Command{
		Name:        "list",
		Usage:       "list the lessons: number, name, title, minutes and summary",
		Description: help("lesson-list"),
		Flags:       []cli.Flag{output.FormatFlag()},
		Action:      cliapp.Action(&env.Env, func(c *cli.Context) (*LessonListOptions, error) { return parseLessonList(c, env) }, runF),
	}
}

// parseLessonList checks that lesson list has no arguments and loads the
// built-in lessons.
func parseLessonList(c *cli.Context, env *appEnv) (*LessonListOptions, error) {
	if c.NArg() > 0 {
		return nil, cliapp.Usagef("'lesson list' takes no arguments; to run a lesson: plylab lesson run %s", c.Args().First())
	}
	ls, err := env.loadLessons(nil, true)
	if err != nil {
		return nil, err
	}
	return &LessonListOptions{Lessons: ls, Format: c.String("format")}, nil
}

// lessonListRun prints the table of the lessons.
func lessonListRun(_ context.Context, opts *LessonListOptions, stdout, _ io.Writer) error {
	return output.WriteTable(stdout, opts.Format, lessons.ListTable(opts.Lessons), opts.Color)
}

// LessonRunOptions are the parsed flags and argument of `plylab lesson
// run`, with the stdin it reads and what runs its cells.
type LessonRunOptions struct {
	Lesson lessons.RunOptions // the lesson, its Ref and --files (the run sets Run)
	// Terminal is --step, the width (--width, or the terminal's) and the
	// stdin read at pauses and for quiz guesses (the run sets Out, Color).
	Terminal lessons.Terminal
	// Runner runs the cells' commands with colour on or off
	// (appEnv.lessonRunner).
	Runner func(ctx context.Context, color bool) lessons.RunFunc
	cliapp.Streams
}

// newLessonRunCommand builds `plylab lesson run`; its action parses the
// flags into LessonRunOptions and calls runF.
func newLessonRunCommand(env *appEnv, runF func(context.Context, *LessonRunOptions) error) *cli.Command {
	return &cli.Command{
		Name:        "run",
		Usage:       "show a lesson in the terminal and run its cells",
		ArgsUsage:   "N|NAME|FILE",
		Description: help("lesson-run"),
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "step", Aliases: []string{"s"}, Usage: "pause before each cell until Enter; ask for predictions in quizzes"},
			&cli.StringFlag{Name: "files", Usage: "keep the pictures the cells draw in `DIR`"},
			&cli.IntFlag{Name: "width", Aliases: []string{"w"}, Usage: "wrap prose to `N` columns (default: the terminal's width)"},
			&cli.BoolFlag{Name: "draft", Usage: "show a lesson whose prose 'plylab lesson check' refuses anyway, marked as a draft, its problems listed at the end"},
		},
		Action: cliapp.Action(&env.Env, func(c *cli.Context) (*LessonRunOptions, error) { return parseLessonRun(c, env) }, runF),
	}
}

// parseLessonRun loads the one lesson named and reads the flags; the
// width defaults to the terminal's, and stdin is env's.
func parseLessonRun(c *cli.Context, env *appEnv) (*LessonRunOptions, error) {
	if c.NArg() != 1 {
		return nil, cliapp.Usagef("name one lesson, e.g. 'plylab lesson run 3'; run 'plylab lesson list' to see the lessons")
	}
	ref := c.Args().First()
	if lessons.IsDir(ref) {
		// One lesson: a folder of them is for export, check and serve.
		if err := cliapp.CheckInputFile("lesson file", ref, "lesson.md"); err != nil {
			return nil, err
		}
	}
	ls, err := env.loadLessons([]string{ref}, false)
	if err != nil {
		return nil, err
	}
	width := c.Int("width")
	if width <= 0 {
		width = output.Width(env.Stdout, env.Terminal(env.Stdout), env.Var)
	}
	t := lessons.Terminal{In: env.Stdin, Step: c.Bool("step"), Width: width, Echo: !output.IsTerminal(env.Stdin)}
	return &LessonRunOptions{Lesson: lessons.RunOptions{Lesson: ls[0], Ref: ref, Files: c.String("files"), Draft: c.Bool("draft")}, Terminal: t, Runner: env.lessonRunner}, nil
}

// lessonRunRun presents the lesson on stdout, running its cells and
// reading opts.Terminal.In at the pauses.
func lessonRunRun(ctx context.Context, opts *LessonRunOptions, stdout, stderr io.Writer) error {
	t, o := opts.Terminal, opts.Lesson
	t.Out = stdout
	t.Color = opts.Color.On
	o.Run = opts.Runner(ctx, opts.Color.On)
	// A failing cell's *lessons.Error exits 1 with its file:line, and so
	// does prose lesson check refuses (a *lessons.ProseError).
	return proseRefusal(lessons.RunInTerminal(ctx, &t, o), stderr)
}

// LessonExportOptions are the parsed flags and arguments of `plylab
// lesson export`.
type LessonExportOptions struct {
	Batch  lessons.Batch // the lessons and their cells' runner (the run adds the progress line)
	Format string        // html, md or site
	Output string        // the folder
	Wasm   string        // --wasm: a built WebAssembly engine for a site ("": the one plylab carries)
	// Draft exports lessons whose prose lesson check refuses, marked as
	// drafts (--draft).
	Draft bool
	cliapp.Streams
}

// newLessonExportCommand builds `plylab lesson export`; its action parses
// the flags into LessonExportOptions and calls runF.
func newLessonExportCommand(env *appEnv, runF func(context.Context, *LessonExportOptions) error) *cli.Command {
	return &cli.Command{
		Name:        "export",
		Usage:       "write lessons as static notebooks (HTML pages that work offline, or Markdown), or as a live site whose cells run in the browser",
		ArgsUsage:   "N|NAME|FILE|all ...",
		Description: help("lesson-export"),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "html", Usage: "notebook `FORMAT`: html, md or site (a live site that runs its cells in the browser)"},
			&cli.StringFlag{Name: "wasm", Usage: "for --format site: use the WebAssembly engine in `FILE` (GOOS=js GOARCH=wasm go build -o plylab.wasm ./cmd/plylab; wasm_exec.js next to it or from the local Go) instead of the one plylab carries"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the notebooks into `DIR`", Required: true},
			&cli.BoolFlag{Name: "draft", Usage: "export lessons whose prose 'plylab lesson check' refuses anyway, their pages marked as drafts that list the problems"},
		},
		Action: cliapp.Action(&env.Env, func(c *cli.Context) (*LessonExportOptions, error) { return parseLessonExport(c, env) }, runF),
	}
}

// parseLessonExport checks --format and loads the lessons named, to run
// as many at once as there are cores.
func parseLessonExport(c *cli.Context, env *appEnv) (*LessonExportOptions, error) {
	format, ok := lessons.ExportFormat(c.String("format"))
	if c.String("format") == "site" {
		format, ok = "site", true
	}
	if !ok {
		return nil, cliapp.Usagef("unknown format %q; use --format html, md or site", c.String("format"))
	}
	if c.IsSet("wasm") && format != "site" {
		return nil, cliapp.Usagef("--wasm is the engine of a live site; add --format site")
	}
	if c.NArg() == 0 {
		return nil, cliapp.Usagef("name the lessons to export: a number, a name, a file, or all; e.g. plylab lesson export all -o site")
	}
	ls, err := env.loadLessons(c.Args().Slice(), false)
	if err != nil {
		return nil, err
	}
	var clash *lessons.NameClashError
	if err := lessons.CheckExportNames(ls, format); errors.As(err, &clash) {
		return nil, cliapp.Usagef("%v; rename the lesson file (e.g. %s-lesson.md) or export the lessons to separate folders", err, clash.Lesson.Slug)
	}
	b := lessons.Batch{Lessons: ls, NewRun: env.newLessonRun, Jobs: runtime.GOMAXPROCS(0)}
	return &LessonExportOptions{Batch: b, Format: format, Output: c.String("output"), Wasm: c.String("wasm"), Draft: c.Bool("draft")}, nil
}

// lessonExportRun runs the lessons and writes their notebooks.
func lessonExportRun(ctx context.Context, opts *LessonExportOptions, stdout, stderr io.Writer) error {
	if opts.Format == "site" {
		return proseRefusal(lessonSiteRun(ctx, opts, stdout, stderr), stderr)
	}
	eo := lessons.ExportOptions{Generator: "plylab " + version, Draft: opts.Draft}
	if opts.Format == "html" {
		// The pages replay their traced trees (package trace's replay),
		// inline: an exported page fetches nothing.
		eo.Script, eo.Style = string(trace.ReplayScript()), string(trace.ReplayStyle())
		eo.Head = `<meta name="plylab-replay" content="auto" />`
	}
	err := opts.Batch.WithProgress(output.NewProgress(stderr, opts.Progress)).Export(ctx, stdout, opts.Output, opts.Format, eo)
	return proseRefusal(err, stderr)
}

// LessonCheckOptions are the parsed flags and arguments of `plylab lesson
// check`.
type LessonCheckOptions struct {
	Batch lessons.Batch // the lessons, their cells' runner and --jobs (the run adds the progress line)
	Check lessons.CheckOptions
	cliapp.Streams
}

// newLessonCheckCommand builds `plylab lesson check`; its action parses
// the flags into LessonCheckOptions and calls runF.
func newLessonCheckCommand(env *appEnv, runF func(context.Context, *LessonCheckOptions) error) *cli.Command {
	return &cli.Command{
		Name:        "check",
		Usage:       "run every cell of the lessons and compare with their golden transcripts",
		ArgsUsage:   "[N|NAME|FILE ...]",
		Description: help("lesson-check"),
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "update", Usage: "write the golden transcripts instead of comparing"},
			&cli.StringFlag{Name: "golden", Value: filepath.Join("lessons", "testdata"), Usage: "golden transcripts of the built-in lessons are in `DIR` (for --update; otherwise the compiled-in copies are used unless --golden is given)"},
			&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: runtime.GOMAXPROCS(0), Usage: "run `N` lessons at once"},
		},
		Action: cliapp.Action(&env.Env, func(c *cli.Context) (*LessonCheckOptions, error) { return parseLessonCheck(c, env) }, runF),
	}
}

// parseLessonCheck loads the lessons named (all without arguments) and
// reads the flags; --update needs the folders it writes to.
func parseLessonCheck(c *cli.Context, env *appEnv) (*LessonCheckOptions, error) {
	ls, err := env.loadLessons(c.Args().Slice(), true)
	if err != nil {
		return nil, err
	}
	opt := lessons.CheckOptions{GoldenDir: c.String("golden"), ReadGoldenDir: c.IsSet("golden"), Update: c.Bool("update")}
	if opt.Update {
		var ge *lessons.GoldenFolderError
		if err := lessons.UpdateFolderError(ls, opt.GoldenDir); errors.As(err, &ge) {
			return nil, cliapp.Usagef("--update writes %s, but folder %s does not exist; run it in the plylab source tree or give --golden DIR", ge.Path, ge.Folder)
		}
	}
	return &LessonCheckOptions{Batch: lessons.Batch{Lessons: ls, NewRun: env.newLessonRun, Jobs: c.Int("jobs")}, Check: opt}, nil
}

// lessonCheckRun runs the lessons' cells and compares (or with --update
// writes) their transcripts; a failed check says what to do about it.
func lessonCheckRun(ctx context.Context, opts *LessonCheckOptions, stdout, stderr io.Writer) error {
	err := opts.Batch.WithProgress(output.NewProgress(stderr, opts.Progress)).Check(ctx, stdout, opts.Check, opts.Color.Paint)
	var cf *lessons.CheckFailedError
	if errors.As(err, &cf) {
		return fmt.Errorf("%w; if a change is intended, run plylab lesson check --update, then fix what it reports about the prose", err)
	}
	return err
}

// proseRefusal words a lesson that lesson check refuses, for run, export
// and serve as for check: its problems at file:line on stderr, then one
// line that says so and how to preview it anyway (exit status 1, as
// check's). Other errors pass unchanged.
func proseRefusal(err error, stderr io.Writer) error {
	var pe *lessons.ProseError
	if !errors.As(err, &pe) {
		return err
	}
	for _, line := range pe.Lines() {
		fmt.Fprintf(stderr, "  %s\n", line)
	}
	return fmt.Errorf("%v, as plylab lesson check reports; fix the lesson, or preview it as a draft with --draft", err)
}
