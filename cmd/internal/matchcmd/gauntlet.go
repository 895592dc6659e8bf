package matchcmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/cliflags"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/match"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/urfave/cli/v2"
)

// `plylab gauntlet`: plylab's engine against a list of external engines
// with published ratings (UCI and CECP), one match each, the games in a
// PGN file per engine and time control, and plylab's rating fitted to
// them by maximum likelihood with the opponents held at their published
// ratings.

const (
	gauntletDefaultGames = 20
	gauntletDefaultTC    = "10+0.1"
	gauntletDefaultDir   = "gauntlet"
)

// GauntletOptions are the parsed and checked flags of `plylab gauntlet`.
type GauntletOptions struct {
	// Gauntlet is the games to play, or nil when the table is only
	// rebuilt (FromPGN, Stored) or the list shown (ShowList).
	Gauntlet *match.Gauntlet
	List     []match.GauntletEngine // the engines and their published ratings
	ShowList bool
	FromPGN  string // rebuild the table from the PGN files of this folder
	Stored   bool   // the table of the stored results (engine/app/match/gauntlet.json)
	Save     string // write the results read to this JSON file
	Format   string
	cliapp.Streams
}

// GauntletCommand is `plylab gauntlet` with its run writing to env's
// streams.
func GauntletCommand(env *cliapp.Env) *cli.Command {
	return NewGauntlet(env, cliapp.WithStreams(env, GauntletRun))
}

// NewGauntlet builds `plylab gauntlet`; its action parses the flags
// into GauntletOptions and calls runF.
func NewGauntlet(env *cliapp.Env, runF func(context.Context, *GauntletOptions) error) *cli.Command {
	return &cli.Command{
		Name:        "gauntlet",
		Usage:       "rate the engine against other engines with published ratings (UCI and xboard engines Debian packages)",
		Description: help("gauntlet"),
		Flags: slices.Concat([]cli.Flag{
			&cli.StringFlag{Name: "engines", Usage: "play only the engines `KEYS` of the list (comma-separated, e.g. glaurung,phalanx)", DefaultText: "all"},
			&cli.StringFlag{Name: "engines-file", Usage: "read the list of engines from JSON `FILE` instead of the built-in one"},
			&cli.BoolFlag{Name: "list", Usage: "show the engines, their set-up and published ratings, and exit"},
			&cli.IntFlag{Name: "games", Aliases: []string{"n"}, Value: gauntletDefaultGames, Usage: "play `N` games against each engine (each opening twice, colours reversed)"},
			&cli.StringFlag{Name: "tc", Usage: "clock `BASE+INC` in seconds for both players, e.g. 10+0.1 or 60+0.6", DefaultText: gauntletDefaultTC + " without --depth, --nodes or --movetime"},
			&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Usage: "search `N` plies deep instead of a clock", DefaultText: "none"},
			&cli.Int64Flag{Name: "nodes", Usage: "search about `N` nodes a move instead of a clock (UCI engines)", DefaultText: "none"},
			&cli.StringFlag{Name: "movetime", Usage: "think `TIME` per move instead of a clock, e.g. 100ms", DefaultText: "none"},
			&cli.IntFlag{Name: "hash", Value: 16, Usage: "plylab's transposition table size in `MB`"},
			&cli.StringFlag{Name: "time-margin", Value: "500ms", Usage: "a player loses on time when it exceeds its time by more than `TIME`"},
			&cli.IntFlag{Name: "concurrency", Aliases: []string{"j"}, Value: 1, Usage: "play `N` games at once (each game uses about one core per engine)"},
		}, openingFlags(), []cli.Flag{
			&cli.Uint64Flag{Name: "seed", Usage: "random `SEED` for book lines", DefaultText: "a new one"},
			&cli.StringFlag{Name: "dir", Value: gauntletDefaultDir, Usage: "write the games to PGN files in folder `DIR`, one per engine and time control"},
			&cli.StringFlag{Name: "from-pgn", Usage: "rebuild the table from the PGN files in folder `DIR` without playing"},
			&cli.BoolFlag{Name: "stored", Usage: "print the table of the results stored in the repository"},
			&cli.StringFlag{Name: "save", Usage: "with --from-pgn, write the results read to JSON `FILE` (the stored results' format)"},
			output.FormatFlag(),
		}),
		Action: cliapp.Action(env, parseGauntlet, runF),
	}
}

// parseGauntlet reads the flags into GauntletOptions and checks them.
func parseGauntlet(c *cli.Context) (*GauntletOptions, error) {
	const example = "plylab gauntlet --engines glaurung --games 20"
	if err := cliapp.RejectArgs(c, example); err != nil {
		return nil, err
	}
	opts := &GauntletOptions{ShowList: c.Bool("list"), FromPGN: c.String("from-pgn"), Stored: c.Bool("stored"),
		Save: c.String("save"), Format: c.String("format")}
	list := match.BuiltinGauntlet()
	if path := c.String("engines-file"); path != "" {
		if err := cliapp.CheckInputFile("--engines-file", path, "engines.json"); err != nil {
			return nil, err
		}
		f, err := os.Open(path)
		if err != nil {
			return nil, cliapp.ReadError("engines-file", path, err, "")
		}
		defer f.Close()
		if list, err = match.ReadGauntletFile(f); err != nil {
			return nil, cliapp.Usagef("--engines-file %s: %v; see 'plylab gauntlet --list --format json' for the fields", path, err)
		}
	}
	var keys []string
	for _, k := range strings.Split(c.String("engines"), ",") {
		if k = strings.TrimSpace(k); k != "" {
			keys = append(keys, k)
		}
	}
	selected, err := match.SelectGauntlet(list, keys)
	if err != nil {
		return nil, cliapp.Usagef("--engines: %v", err)
	}
	opts.List = list
	modes := 0
	for _, on := range []bool{opts.ShowList, opts.FromPGN != "", opts.Stored} {
		if on {
			modes++
		}
	}
	switch {
	case modes > 1:
		return nil, cliapp.Usagef("use one of --list, --from-pgn and --stored")
	case opts.Save != "" && opts.FromPGN == "":
		return nil, cliapp.Usagef("--save writes the results read by --from-pgn; add --from-pgn DIR")
	case opts.FromPGN != "":
		if fi, err := os.Stat(opts.FromPGN); err != nil || !fi.IsDir() {
			return nil, cliapp.Usagef("--from-pgn %s is not a folder; give the folder of the gauntlet's PGN files (its --dir)", opts.FromPGN)
		}
	}
	if modes > 0 {
		return opts, nil
	}

	g := &match.Gauntlet{Engines: selected, Games: c.Int("games"), Workers: c.Int("concurrency"), Seed: c.Uint64("seed"),
		Dir: c.String("dir"), Openings: match.OpeningSource{Book: c.String("book"), File: c.String("openings"), Plies: c.Int("opening-plies")}}
	if s := c.String("time-margin"); strings.TrimSpace(s) != "0" {
		if g.TimeMargin, err = cliflags.Duration(c, "time-margin"); err != nil {
			return nil, err
		}
	}
	if g.Limit, err = cliflags.Limit(c, ""); err != nil {
		return nil, err
	}
	if g.Limit.IsZero() {
		clk, err := match.ParseClock(gauntletDefaultTC)
		if err != nil {
			return nil, err
		}
		g.Limit = match.Limit{Clock: &clk}
	}
	eng, err := engine.ParseAlgo("engine")
	if err != nil {
		return nil, err
	}
	eng.TTSizeMB = c.Int("hash")
	if eng.TTSizeMB < 1 || eng.TTSizeMB > 4096 {
		return nil, cliapp.Usagef("--hash must be between 1 and 4096 MB, got %d", eng.TTSizeMB)
	}
	g.Engine = eng
	if g.Seed == 0 {
		g.Seed = uint64(time.Now().UnixNano())
	}
	if err := g.Check(); err != nil {
		return nil, gauntletError(err)
	}
	opts.Gauntlet = g
	return opts, nil
}

// gauntletError words an error of match.Gauntlet.Check with the flags.
func gauntletError(err error) error {
	switch {
	case errors.Is(err, match.ErrPGNExists):
		return cliapp.Usagef("%v; its games would be lost: choose another --dir, or move the file away", err)
	}
	return cliapp.ParamUsage(err, "Workers", "--concurrency")
}

// GauntletRun plays the gauntlet (progress on stderr) and prints the
// table rebuilt from the PGN files, or only prints the list or a table.
func GauntletRun(ctx context.Context, opts *GauntletOptions, stdout, stderr io.Writer) error {
	var res *match.GauntletResults
	var err error
	interrupted := false
	switch {
	case opts.ShowList:
		return output.WriteTable(stdout, opts.Format, match.GauntletListTable(opts.List), opts.Color)
	case opts.Stored:
		if res, err = match.StoredGauntlet(); err != nil {
			return err
		}
	case opts.FromPGN != "":
		if res, err = match.ReadGauntletPGN(opts.FromPGN, opts.List); err != nil {
			return fmt.Errorf("--from-pgn %s: %w", opts.FromPGN, textfmt.PathCause(err))
		}
		if opts.Save != "" {
			data, _ := json.MarshalIndent(res, "", "  ")
			if err := os.WriteFile(opts.Save, append(data, '\n'), 0o644); err != nil {
				return fmt.Errorf("--save: cannot write %s: %w", opts.Save, textfmt.PathCause(err))
			}
		}
	default:
		g := opts.Gauntlet
		total := g.Games * len(g.Engines)
		bar := output.NewBar(stderr, opts.Progress, total, "games")
		done := 0
		matches, err := g.Run(ctx, func(e match.GauntletEngine, _ *match.Game, r *match.Result) {
			done++
			bar.Step(done, e.Key+" "+r.Progress())
		})
		bar.Done()
		for _, m := range matches {
			fmt.Fprintf(stderr, "gauntlet: %s, %d games: %s, score %.1f%%, in %s\n", m.Engine.Name, m.Result.Total.N(), m.Result.Total,
				100*m.Result.Total.Score(), m.PGN)
		}
		var pe *match.PGNError
		switch {
		case errors.As(err, &pe):
			return fmt.Errorf("writing %s: %w", pe.Path, textfmt.PathCause(pe.Err))
		case err != nil:
			return err
		}
		interrupted = len(matches) > 0 && matches[len(matches)-1].Result.Interrupted
		if res, err = match.ReadGauntletPGN(g.Dir, opts.List); err != nil {
			return err
		}
	}
	if err := output.WriteTable(stdout, opts.Format, match.NewGauntletReport(res, opts.List).Table(), opts.Color); err != nil {
		return err
	}
	if interrupted {
		return context.Canceled
	}
	return nil
}
