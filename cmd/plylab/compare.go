package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/positions"
	"github.com/urfave/cli/v2"
)

// compare: the heart of plylab. Several algorithms on the same positions,
// depth by depth, with node counts, times, best moves and scores side by
// side, plus the minimal tree each depth could have been proved with.

const (
	compareMaxDepth = 30
	// minimalBudget bounds the nodes the minimal-tree computation visits
	// (the full tree less the subtrees it finds in its transposition memo).
	// It runs at about 10-20 M nodes/s, so the bound is a minute or two;
	// the bench suite at depth 5 (3.6 billion full-tree nodes) takes about
	// two minutes in all.
	minimalBudget = 1_000_000_000
	// minimalFullLimit skips the computation where the full tree is
	// estimated above this size (the memo cannot bring it within budget).
	minimalFullLimit = 20_000_000_000
	// guardBudget is the predicted run time above which compare refuses to
	// start without --force.
	guardBudget = 10 * time.Minute
)

func compareCommand(env *appEnv) *cli.Command {
	flags := append(positionFlags(true), algoFlags("minimax,alphabeta,engine", true)...)
	flags = append(flags,
		&cli.StringFlag{Name: "depth", Aliases: []string{"d"}, Value: "1-4", Usage: "depth `N` or range `LO-HI`"},
		&cli.StringFlag{Name: "plot", Usage: "also draw nodes and time per depth (log scale) to `FILE`.svg or .png"},
		&cli.BoolFlag{Name: "no-minimal", Usage: "skip the minimal-tree and %-of-minimax columns (they need the value of every node of the full tree)"},
		&cli.BoolFlag{Name: "force", Usage: "run even when the predicted time is over ten minutes"},
		output.FormatFlag(),
	)
	return &cli.Command{
		Name:  "compare",
		Usage: "run several search algorithms on the same positions, depth by depth",
		Description: `compare runs minimax, alpha-beta and the full engine (or any preset with
techniques switched on or off) on the same position, one row per depth and
algorithm: nodes, leaves, quiescence nodes, time, nodes per second, best
move, score, nodes as a share of minimax, the effective branching factor
sqrt(N(d)/N(d-2)), and the minimal tree: the fewest nodes any move ordering
could prove the minimax value with (computed exactly where affordable).

Every position visited is a node, the root included; checkmates, stalemates
and draws are nodes that are not expanded; leaves are depth-0 evaluations;
quiescence nodes are counted apart. Node counts are exact and the same on
every run; times are this machine's.

Examples:
   plylab compare --position paper-mate2 --depth 1-5
   plylab compare --position kiwipete --depth 1-4 --algo alphabeta,alphabeta-with-mvvlva
   plylab compare --depth 1-8 --algo engine,engine-without-null,engine-without-lmr
   plylab compare --suite bk --depth 1-6 --algo engine --format markdown
   plylab compare --position start --depth 1-5 --plot growth.svg`,
		Flags: flags,
		Action: func(c *cli.Context) error {
			return env.compare(c)
		},
	}
}

// cmpRow is one (depth, algorithm) row, aggregated over the positions.
type cmpRow struct {
	depth     int
	algo      string
	eval      eval.Kind
	stats     engine.Stats
	positions int
	best      string // single position: SAN best move
	score     int
	solved    int // positions whose best move is in the suite's bm list
	withBM    int
	minimal   uint64 // 0 when not computed
	minimax   uint64 // minimax nodes for the same positions (0 when unknown)
	minimalN  int    // positions whose minimal tree (and full tree) went into minimal and minimax
	done      bool
}

func (e *appEnv) compare(c *cli.Context) error {
	list, err := resolvePositions(c, true, "start")
	if err != nil {
		return err
	}
	algos, err := parseAlgos(c)
	if err != nil {
		return err
	}
	lo, hi, err := parseDepthRange(c.String("depth"), compareMaxDepth)
	if err != nil {
		return err
	}
	format := c.String("format")
	if err := output.CheckFormat(format); err != nil {
		return err
	}
	plotFile := c.String("plot")
	if plotFile != "" && !strings.HasSuffix(plotFile, ".svg") && !strings.HasSuffix(plotFile, ".png") {
		return usagef("--plot %q: the file name must end in .svg or .png", plotFile)
	}
	if _, err := e.outputPath("plot", plotFile); plotFile != "" && err != nil {
		return err
	}
	boards := make([]*board.Board, len(list))
	for i, p := range list {
		if boards[i], err = boardOf(p); err != nil {
			return err
		}
	}
	if !c.Bool("force") {
		if err := guardDepth(boards, algos, hi); err != nil {
			return err
		}
	}

	rows := make([][]*cmpRow, hi+1) // rows[depth][algo]
	for d := lo; d <= hi; d++ {
		rows[d] = make([]*cmpRow, len(algos))
		for i, o := range algos {
			rows[d][i] = &cmpRow{depth: d, algo: o.Name, eval: o.Eval}
		}
	}
	prog := output.NewProgress(e.Stderr, e.isTerminal(e.Stderr))
	ctx := c.Context
	wantMinimal := !c.Bool("no-minimal")
	interrupted := false
	minimaxIndex := -1
	for i, o := range algos {
		if o.IsPlain() && !o.AlphaBeta {
			minimaxIndex = i
		}
	}

	runners := make([]*engine.Runner, len(algos))
	for i, o := range algos {
		runners[i] = engine.NewRunner(o)
	}

positionsLoop:
	for pi, p := range list {
		b := boards[pi]
		for ai, o := range algos {
			record := func(d int, st engine.Stats, best board.Move, score int) {
				r := rows[d][ai]
				r.stats.Add(st)
				r.positions++
				r.done = true
				if len(list) == 1 {
					r.best, r.score = b.SAN(best), score
				}
				if len(p.BestMoves) > 0 {
					r.withBM++
					if matchesBest(b, best, p.BestMoves) {
						r.solved++
					}
				}
			}
			if o.IterativeDeepening && !o.IsPlain() {
				prog.Update("compare: %s, %s to depth %d (%d/%d positions)", positionLabel(p), o.Name, hi, pi+1, len(list))
				res := runners[ai].Run(ctx, b, engine.Limits{Depth: hi}, nil, nil)
				for _, it := range res.Iters {
					if it.Depth >= lo && it.Depth <= hi {
						best := board.NoMove
						if len(it.PV) > 0 {
							best = it.PV[0]
						}
						record(it.Depth, it.Stats, best, it.Score)
					}
				}
				if res.Stopped {
					interrupted = true
					break positionsLoop
				}
				continue
			}
			for d := lo; d <= hi; d++ {
				prog.Update("compare: %s, %s depth %d (%d/%d positions)", positionLabel(p), o.Name, d, pi+1, len(list))
				res := runners[ai].Run(ctx, b, engine.Limits{Depth: d}, nil, nil)
				if res.Stopped {
					interrupted = true
					break positionsLoop
				}
				record(d, res.Stats, res.BestMove, res.Score)
			}
		}
		// Minimal tree and minimax reference, where affordable.
		if wantMinimal {
			for d := lo; d <= hi; d++ {
				if minimaxTreeEstimate(b, d) > minimalFullLimit {
					break
				}
				prog.Update("compare: %s, minimal tree at depth %d", positionLabel(p), d)
				cache := map[eval.Kind]engine.MinimalTree{}
				for ai := range algos {
					r := rows[d][ai]
					mt, ok := cache[r.eval]
					if !ok {
						mt, err = engine.ComputeMinimalTree(ctx, engine.NewChessGame(b.Copy(), r.eval), d, minimalBudget)
						if errors.Is(err, context.Canceled) {
							interrupted = true
							break positionsLoop
						}
						if err != nil {
							break
						}
						cache[r.eval] = mt
					}
					r.minimal += mt.Nodes
					r.minimax += mt.Full
					r.minimalN++
				}
			}
		}
	}
	prog.Done()
	// A column is only divided into a row's nodes when it covers exactly
	// the row's positions: a sum over fewer positions is blanked, never
	// divided into a sum over more.
	blanked := 0
	for d := lo; d <= hi; d++ {
		for _, r := range rows[d] {
			if r.minimalN != r.positions || r.positions != len(list) {
				if wantMinimal && r.done && r.positions > 0 {
					blanked++
				}
				r.minimal, r.minimax = 0, 0
			}
		}
		if minimaxIndex >= 0 && rows[d][minimaxIndex].done {
			for _, r := range rows[d] {
				if r.minimax == 0 && rows[d][minimaxIndex].positions == r.positions && r.positions == len(list) {
					r.minimax = rows[d][minimaxIndex].stats.Nodes
				}
			}
		}
	}

	t := compareTable(list, algos, rows, lo, hi)
	if blanked > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("\"-\" under minimal and vs minimal (and %% minimax without a minimax row): on some positions of that row the minimal tree needs more than %s nodes of work (or a full tree estimated above %s nodes), and a sum over fewer positions is never divided into one over all", output.FormatInt(minimalBudget), output.FormatInt(minimalFullLimit)))
	}
	if interrupted {
		t.Notes = append(t.Notes, "interrupted: only the rows above finished")
	}
	if err := output.WriteTable(e.Stdout, format, t, e.out); err != nil {
		return err
	}
	if plotFile != "" {
		path, err := e.outputPath("plot", plotFile)
		if err != nil {
			return err
		}
		if err := writeComparePlot(path, t.Title, algos, rows, lo, hi); err != nil {
			return err
		}
		wroteFile(e.Stdout, path)
		if format == "table" {
			fmt.Fprintf(e.Stdout, "\nplot written to %s\n", plotFile)
		}
	}
	if interrupted {
		return context.Canceled
	}
	return nil
}

// matchesBest reports whether m is one of the SAN moves in bm.
func matchesBest(b *board.Board, m board.Move, bm []string) bool {
	for _, s := range bm {
		if x, err := b.ParseMove(s); err == nil && x == m {
			return true
		}
	}
	return false
}

// minimaxTreeEstimate predicts the full minimax tree size from the first
// plies' branching factor (exact for depth <= 2).
func minimaxTreeEstimate(b *board.Board, depth int) float64 {
	p1 := float64(b.Perft(1))
	if depth <= 1 || p1 == 0 {
		return 1 + p1
	}
	p2 := float64(b.Perft(2))
	if depth == 2 {
		return 1 + p1 + p2
	}
	br := p2 / p1
	total, level := 1+p1, p1
	for d := 2; d <= depth; d++ {
		level *= br
		total += level
	}
	return total
}

// Rough speeds for the guard only (nodes per second on a modest machine).
const (
	guardPlainSpeed  = 8e6
	guardEngineSpeed = 1.5e6
)

// guardDepth refuses runs predicted to take longer than guardBudget.
func guardDepth(boards []*board.Board, algos []engine.Options, depth int) error {
	var secs float64
	for _, b := range boards {
		mm := minimaxTreeEstimate(b, depth)
		for _, o := range algos {
			switch {
			case o.IsPlain() && !o.AlphaBeta:
				secs += mm / guardPlainSpeed
			case o.IsPlain():
				// Plain alpha-beta with generation order lands between the
				// minimal tree (about sqrt) and the full tree.
				secs += math.Pow(mm, 0.8) / guardPlainSpeed
			default:
				// The engine's tree grows by its EBF (about 2-3 per ply).
				secs += math.Pow(2.5, float64(depth)) * 40 / guardEngineSpeed
			}
		}
	}
	if est := time.Duration(secs * float64(time.Second)); est > guardBudget {
		return usagef("depth %d is predicted to take about %s (minimax tree ~%.2g nodes per position); use a smaller --depth, fewer --algo, or add --force", depth, output.FormatDuration(est.Round(time.Second)), minimaxTreeEstimate(boards[0], depth))
	}
	return nil
}

func compareTable(list []positions.Position, algos []engine.Options, rows [][]*cmpRow, lo, hi int) *output.Table {
	single := len(list) == 1
	title := "compare: " + positionLabel(list[0])
	if !single {
		title = fmt.Sprintf("compare: suite %s (%d positions)", list[0].Suite, len(list))
		if list[0].Suite == "" {
			title = fmt.Sprintf("compare: %d positions", len(list))
		}
	}
	t := &output.Table{Title: title}
	t.Columns = []output.Column{
		{Key: "depth", Header: "depth", Right: true},
		{Key: "algo", Header: "algorithm"},
		{Key: "nodes", Header: "nodes", Right: true},
		{Key: "leaves", Header: "leaves", Right: true},
		{Key: "qnodes", Header: "qnodes", Right: true},
		{Key: "time_s", Header: "time", Right: true},
		{Key: "nodes_per_s", Header: "nodes/s", Right: true},
	}
	if single {
		t.Columns = append(t.Columns, output.Column{Key: "best", Header: "best"}, output.Column{Key: "score", Header: "score", Right: true})
	} else {
		t.Columns = append(t.Columns, output.Column{Key: "solved", Header: "best move found", Right: true})
	}
	t.Columns = append(t.Columns,
		output.Column{Key: "pct_of_minimax", Header: "% minimax", Right: true},
		output.Column{Key: "ebf", Header: "EBF", Right: true},
		output.Column{Key: "minimal_tree", Header: "minimal", Right: true},
		output.Column{Key: "pct_over_minimal", Header: "vs minimal", Right: true},
	)
	for d := lo; d <= hi; d++ {
		for ai, r := range rows[d] {
			if !r.done {
				continue
			}
			total := r.stats.TotalNodes()
			row := []output.Cell{output.IntCell(int64(d)), output.TextCell(r.algo).Styled(output.StyleAccent), output.UintCell(r.stats.Nodes),
				output.UintCell(r.stats.Leaves), output.UintCell(r.stats.QNodes), output.DurationCell(r.stats.Elapsed), output.RateCell(r.stats.NPS())}
			if single {
				sc := engine.FormatScore(r.score)
				st := output.StyleNone
				if engine.IsMate(r.score) {
					st = output.StyleGood
				}
				row = append(row, output.TextCell(r.best), output.Cell{Text: sc, Value: int64(r.score), Style: st})
			} else if r.withBM > 0 {
				row = append(row, output.Cell{Text: fmt.Sprintf("%d/%d", r.solved, r.withBM), Value: int64(r.solved)})
			} else {
				row = append(row, output.NullCell("-"))
			}
			if r.minimax > 0 {
				pct := 100 * float64(r.stats.Nodes) / float64(r.minimax)
				format := "%.2f%%"
				if pct < 0.1 {
					format = "%.2g%%" // two significant figures, not 0.00%
				}
				row = append(row, output.FloatCell(pct, format))
			} else {
				row = append(row, output.NullCell("-"))
			}
			if d-2 >= lo && rows[d-2][ai].done {
				row = append(row, output.FloatCell(engine.EBF(total, rows[d-2][ai].stats.TotalNodes()), "%.2f"))
			} else {
				row = append(row, output.NullCell("-"))
			}
			if r.minimal > 0 {
				row = append(row, output.UintCell(r.minimal), output.FloatCell(float64(r.stats.Nodes)/float64(r.minimal), "%.2f×"))
			} else {
				row = append(row, output.NullCell("-"), output.NullCell("-"))
			}
			t.Rows = append(t.Rows, row)
		}
	}
	var names []string
	for _, o := range algos {
		names = append(names, fmt.Sprintf("%s (%s eval)", o.Name, o.Eval))
	}
	t.Notes = append(t.Notes, "algorithms: "+strings.Join(names, ", "))
	t.Notes = append(t.Notes, "scores are from the side to move's point of view; EBF = sqrt(nodes(d) / nodes(d-2)), quiescence included")
	t.Notes = append(t.Notes, "minimal = the smallest tree proving the minimax value (same evaluation, no quiescence); vs minimal = nodes / minimal")
	return t
}
