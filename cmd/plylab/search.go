package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/positions"
	"github.com/urfave/cli/v2"
)

// search: the engine on one position, one line per iteration, the way an
// engine author watches it think.

func searchCommand(env *appEnv) *cli.Command {
	flags := append(positionFlags(true), algoFlags("engine", false)...)
	flags = append(flags,
		&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Usage: "search to depth `N` (default 10 when no --movetime)"},
		&cli.StringFlag{Name: "movetime", Aliases: []string{"t"}, Usage: "think for `DURATION` (e.g. 1s, 500ms; a bare number is milliseconds, as in UCI)"},
		&cli.Uint64Flag{Name: "nodes", Usage: "stop after about `N` nodes"},
		&cli.BoolFlag{Name: "stats", Usage: "print the statistics table (one counter per technique) after the search"},
		&cli.BoolFlag{Name: "force", Usage: "run even when the predicted time is over ten minutes"},
		output.FormatFlag(),
	)
	return &cli.Command{
		Name:  "search",
		Usage: "run the engine on one position and show each iteration",
		Description: `search runs the full engine (or any preset with switches) on a position and
prints one line per iteration of iterative deepening: depth, selective
depth, score, nodes, nodes per second, time and the principal variation in
SAN. --stats adds a table with a counter per technique: beta cutoffs and
the share made by the first move, transposition-table probes, hits and
cutoffs, null-move tries and cutoffs, delta and SEE prunes, stand-pat
cutoffs, late-move reductions and re-searches, PVS re-searches.

With a suite (--suite wac) every position is searched and the best move is
checked against the suite's answer: a test-suite run.

Examples:
   plylab search --position kiwipete --depth 10 --stats
   plylab search --position paper-mate2 --depth 6
   plylab search --fen "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1" --movetime 1s
   plylab search --position start --depth 8 --without null,lmr --stats
   plylab search --suite wac --movetime 1s --format csv`,
		Flags: flags,
		Action: func(c *cli.Context) error {
			return env.search(c)
		},
	}
}

func (e *appEnv) search(c *cli.Context) error {
	list, err := resolvePositions(c, true, "start")
	if err != nil {
		return err
	}
	algos, err := parseAlgos(c)
	if err != nil {
		return err
	}
	if len(algos) != 1 {
		return usagef("search takes one --algo; use 'plylab compare' for several")
	}
	o := algos[0]
	format := c.String("format")
	if err := output.CheckFormat(format); err != nil {
		return err
	}
	limits := engine.Limits{Depth: c.Int("depth"), Nodes: c.Uint64("nodes")}
	if c.IsSet("movetime") {
		mt, err := durationFlag(c, "movetime")
		if err != nil {
			return err
		}
		limits.MoveTime = mt
	}
	if c.IsSet("depth") && (limits.Depth < 1 || limits.Depth > engine.MaxDepth) {
		return usagef("--depth must be between 1 and %d, got %d", engine.MaxDepth, limits.Depth)
	}
	if o.IsPlain() {
		if limits.Depth == 0 {
			return usagef("%s needs --depth (it has no iterative deepening to stop in time)", o.Name)
		}
		if !c.Bool("force") {
			if b, err := boardOf(list[0]); err == nil {
				if err := guardDepth([]*board.Board{b}, algos, limits.Depth); err != nil {
					return err
				}
			}
		}
	}
	if limits.Depth == 0 && limits.MoveTime == 0 && limits.Nodes == 0 {
		limits.Depth = 10
	}
	if len(list) > 1 {
		return e.searchSuite(c, list, o, limits, format)
	}
	b, err := boardOf(list[0])
	if err != nil {
		return err
	}
	live := format == "table"
	if live {
		fmt.Fprintf(e.Stdout, "%s  %s  %s\n", e.out.Paint(output.StyleBold, "search "+positionLabel(list[0])),
			e.out.Paint(output.StyleAccent, o.Name), e.out.Paint(output.StyleDim, fmt.Sprintf("(%s eval, %s to move)", o.Eval, b.Side())))
		fmt.Fprintln(e.Stdout, e.out.Paint(output.StyleDim, fmt.Sprintf("%5s %5s %10s %12s %10s %9s  %s", "depth", "sel", "score", "nodes", "nps", "time", "pv")))
	}
	info := func(it engine.Iteration) {
		if !live {
			return
		}
		sc := engine.FormatScore(it.Score)
		st := output.StyleNone
		if engine.IsMate(it.Score) {
			st = output.StyleGood
		}
		nps := 0.0
		if it.Elapsed > 0 {
			nps = float64(it.Nodes) / it.Elapsed.Seconds()
		}
		pv := strings.Join(b.SANLine(it.PV), " ")
		fmt.Fprintf(e.Stdout, "%5d %5d %s %12s %10s %9s  %s\n", it.Depth, it.SelDepth,
			e.out.Paint(st, fmt.Sprintf("%10s", sc)), output.FormatUint(it.Nodes), output.FormatRate(nps), output.FormatDuration(it.Elapsed),
			e.out.Paint(output.StyleAccent, pv))
		output.ResultFields(e.Stdout, "iteration", []output.Field{
			{Key: "depth", Value: it.Depth, Text: fmt.Sprint(it.Depth)}, {Key: "seldepth", Value: it.SelDepth, Text: fmt.Sprint(it.SelDepth)},
			{Key: "score", Value: sc, Text: sc}, {Key: "score_cp", Value: it.Score},
			{Key: "nodes", Value: it.Nodes, Text: output.FormatUint(it.Nodes)},
			{Key: "nodes_per_s", Value: nps, Text: output.FormatRate(nps)},
			{Key: "time_s", Value: it.Elapsed, Text: output.FormatDuration(it.Elapsed)},
			{Key: "pv", Value: pv, Text: pv}})
	}
	res := engine.Run(c.Context, b, o, limits, nil, info)
	if !live {
		t := iterationsTable(b, positionLabel(list[0]), o, res)
		if c.Bool("stats") {
			t.Notes = append(t.Notes, statsNotes(res.Stats)...)
		}
		if err := output.WriteTable(e.Stdout, format, t, e.out); err != nil {
			return err
		}
	} else {
		best := "(none)"
		if res.BestMove != board.NoMove {
			best = b.SAN(res.BestMove)
		}
		fmt.Fprintf(e.Stdout, "best move %s, score %s, %s nodes in %s (%s)\n", e.out.Paint(output.StyleBold, best),
			engine.FormatScore(res.Score), output.FormatUint(res.Stats.TotalNodes()), output.FormatDuration(res.Stats.Elapsed), output.FormatRate(res.Stats.NPS()))
		// The summary's keys differ from the iterations' (depth, nodes),
		// so a lesson can name either.
		output.ResultFields(e.Stdout, "search", []output.Field{
			{Key: "best_move", Value: best, Text: best}, {Key: "depth_reached", Value: res.Depth, Text: fmt.Sprint(res.Depth)},
			{Key: "final_score", Value: engine.FormatScore(res.Score), Text: engine.FormatScore(res.Score)}, {Key: "final_score_cp", Value: res.Score},
			{Key: "total_nodes", Value: res.Stats.TotalNodes(), Text: output.FormatUint(res.Stats.TotalNodes())},
			{Key: "total_time_s", Value: res.Stats.Elapsed, Text: output.FormatDuration(res.Stats.Elapsed)},
			{Key: "total_nodes_per_s", Value: res.Stats.NPS(), Text: output.FormatRate(res.Stats.NPS())}})
		if res.Stopped && c.Context.Err() != nil {
			fmt.Fprintln(e.Stdout, e.out.Paint(output.StyleWarn, "interrupted: the last completed iteration stands"))
		}
		if c.Bool("stats") {
			fmt.Fprintln(e.Stdout)
			if err := output.WriteTable(e.Stdout, "table", statsTable(res.Stats), e.out); err != nil {
				return err
			}
		}
	}
	if c.Context.Err() != nil {
		return c.Context.Err()
	}
	return nil
}

func iterationsTable(b *board.Board, label string, o engine.Options, res engine.Result) *output.Table {
	t := &output.Table{Title: fmt.Sprintf("search %s (%s)", label, o.Name)}
	t.Columns = []output.Column{
		{Key: "depth", Header: "depth", Right: true}, {Key: "seldepth", Header: "sel", Right: true},
		{Key: "score", Header: "score", Right: true}, {Key: "score_cp", Header: "cp", Right: true},
		{Key: "nodes", Header: "nodes", Right: true}, {Key: "nodes_per_s", Header: "nps", Right: true},
		{Key: "time_s", Header: "time", Right: true}, {Key: "pv", Header: "pv"},
	}
	for _, it := range res.Iters {
		nps := 0.0
		if it.Elapsed > 0 {
			nps = float64(it.Nodes) / it.Elapsed.Seconds()
		}
		t.Rows = append(t.Rows, []output.Cell{output.IntCell(int64(it.Depth)), output.IntCell(int64(it.SelDepth)),
			output.TextCell(engine.FormatScore(it.Score)), output.IntCell(int64(it.Score)), output.UintCell(it.Nodes), output.RateCell(nps),
			output.DurationCell(it.Elapsed), output.TextCell(strings.Join(b.SANLine(it.PV), " "))})
	}
	return t
}

// statsRows lists every counter with a one-line meaning.
func statsRows(s engine.Stats) [][3]string {
	pct := func(a, b uint64) string {
		if b == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
	}
	return [][3]string{
		{"nodes", output.FormatUint(s.Nodes), "positions visited in the main search, root included"},
		{"leaves", output.FormatUint(s.Leaves), "depth-0 positions evaluated or handed to quiescence"},
		{"qnodes", output.FormatUint(s.QNodes), "positions visited by quiescence search"},
		{"terminal", output.FormatUint(s.Terminal), "checkmates, stalemates and draws met"},
		{"beta cutoffs", output.FormatUint(s.BetaCutoffs), "nodes where a move reached beta"},
		{"first-move cutoffs", pct(s.FirstCutoffs, s.BetaCutoffs), "share of cutoffs made by the first move (ordering quality)"},
		{"tt probes", output.FormatUint(s.TTProbes), "transposition table look-ups"},
		{"tt hits", pct(s.TTHits, s.TTProbes), "look-ups that found the position"},
		{"tt cutoffs", output.FormatUint(s.TTCutoffs), "nodes ended at once by a stored bound"},
		{"null-move tries", output.FormatUint(s.NullTries), "null-move searches"},
		{"null-move cutoffs", output.FormatUint(s.NullCutoffs), "... that pruned the node"},
		{"null verifications", output.FormatUint(s.NullVerifications), "null-move cutoffs re-checked by a normal search"},
		{"delta prunes", output.FormatUint(s.DeltaPrunes), "quiescence captures or nodes skipped by delta pruning"},
		{"SEE prunes", output.FormatUint(s.SEEPrunes), "quiescence captures skipped as losing"},
		{"stand-pat cutoffs", output.FormatUint(s.StandPatCuts), "quiescence nodes ended by the static score"},
		{"LMR reductions", output.FormatUint(s.LMRReductions), "late moves searched shallower"},
		{"LMR re-searches", output.FormatUint(s.LMRResearches), "... searched again at full depth"},
		{"PVS re-searches", output.FormatUint(s.PVSResearches), "null-window searches that had to be repeated"},
		{"aspiration fails", output.FormatUint(s.AspirationFail), "aspiration windows widened"},
		{"check extensions", output.FormatUint(s.CheckExts), "nodes searched one ply deeper for check"},
		{"seldepth", fmt.Sprint(s.SelDepth), "deepest ply reached, quiescence included"},
		{"time", output.FormatDuration(s.Elapsed), ""},
		{"nodes/s", output.FormatRate(s.NPS()), "nodes and qnodes per second"},
	}
}

func statsTable(s engine.Stats) *output.Table {
	t := &output.Table{Title: "statistics", Columns: []output.Column{{Key: "counter", Header: "counter"},
		{Key: "value", Header: "value", Right: true}, {Key: "meaning", Header: "meaning"}}}
	for _, r := range statsRows(s) {
		t.Rows = append(t.Rows, []output.Cell{output.TextCell(r[0]), output.TextCell(r[1]), output.TextCell(r[2]).Styled(output.StyleDim)})
	}
	return t
}

func statsNotes(s engine.Stats) []string {
	var out []string
	for _, r := range statsRows(s) {
		out = append(out, r[0]+": "+r[1])
	}
	return out
}

// searchSuite runs a test suite: every position searched with the same
// limits, best move checked against the suite's bm/am.
func (e *appEnv) searchSuite(c *cli.Context, list []positions.Position, o engine.Options, limits engine.Limits, format string) error {
	t := &output.Table{Title: fmt.Sprintf("search: suite %s, %s", list[0].Suite, o.Name)}
	t.Columns = []output.Column{{Key: "id", Header: "id"}, {Key: "best", Header: "found"}, {Key: "expected", Header: "expected"},
		{Key: "ok", Header: "ok"}, {Key: "score", Header: "score", Right: true}, {Key: "depth", Header: "depth", Right: true},
		{Key: "nodes", Header: "nodes", Right: true}, {Key: "time_s", Header: "time", Right: true}}
	prog := output.NewProgress(e.Stderr, e.isTerminal(e.Stderr))
	solved, checked := 0, 0
	var total engine.Stats
	start := time.Now()
	searcher := engine.NewSearcher(o)
	for i, p := range list {
		if c.Context.Err() != nil {
			break
		}
		prog.Update("search %s: %d/%d, %d solved", p.Suite, i+1, len(list), solved)
		b, err := boardOf(p)
		if err != nil {
			return err
		}
		searcher.Clear()
		res := searcher.Search(c.Context, b, limits, nil, nil)
		if res.Stopped && c.Context.Err() != nil {
			break
		}
		total.Add(res.Stats)
		found := b.SAN(res.BestMove)
		expected := strings.Join(p.BestMoves, " ")
		ok := len(p.BestMoves) == 0 || matchesBest(b, res.BestMove, p.BestMoves)
		if len(p.AvoidMoves) > 0 {
			if len(p.BestMoves) == 0 {
				expected = "not " + strings.Join(p.AvoidMoves, " ")
			}
			ok = ok && !matchesBest(b, res.BestMove, p.AvoidMoves)
		}
		if len(p.BestMoves) > 0 || len(p.AvoidMoves) > 0 {
			checked++
			if ok {
				solved++
			}
		}
		okCell := output.Cell{Text: "✓", Value: true, Style: output.StyleGood}
		if !ok {
			okCell = output.Cell{Text: "✗", Value: false, Style: output.StyleBad}
		}
		t.Rows = append(t.Rows, []output.Cell{output.TextCell(p.Name), output.TextCell(found).Styled(output.StyleAccent), output.TextCell(expected), okCell,
			output.TextCell(engine.FormatScore(res.Score)), output.IntCell(int64(res.Depth)), output.UintCell(res.Stats.TotalNodes()), output.DurationCell(res.Stats.Elapsed)})
	}
	prog.Done()
	t.Notes = append(t.Notes, fmt.Sprintf("solved %d of %d (%s, %s nodes, %s)", solved, checked, output.FormatDuration(time.Since(start)), output.FormatUint(total.TotalNodes()), output.FormatRate(total.NPS())))
	if c.Context.Err() != nil {
		t.Notes = append(t.Notes, "interrupted: only the positions above were searched")
	}
	if err := output.WriteTable(e.Stdout, format, t, e.out); err != nil {
		return err
	}
	return c.Context.Err()
}
