package main

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/positions"
	"github.com/urfave/cli/v2"
)

// perft: count the leaves of the legal move tree, the standard test of a
// move generator, and compare with notnil/chess and published counts.

const (
	perftMaxDepth = 12
	// Speeds used only to predict run time for the guard.
	perftOurSpeed = 150e6
	perftRefSpeed = 3e6
	perftBudget   = 5 * time.Minute
)

func perftCommand(env *appEnv) *cli.Command {
	flags := append(positionFlags(true),
		&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Value: 5, Usage: "count leaves `N` plies deep (1-12)"},
		&cli.BoolFlag{Name: "divide", Usage: "show the count below every root move (UCI, sorted)"},
		&cli.BoolFlag{Name: "reference", Usage: "also count with notnil/chess and print both speeds and their ratio"},
		&cli.StringFlag{Name: "stockfish", Usage: "also time Stockfish's \"go perft\" at `PATH` (e.g. /usr/games/stockfish) and print the speed ratio"},
		&cli.BoolFlag{Name: "force", Usage: "run even when the predicted time is over five minutes"},
		output.FormatFlag(),
	)
	return &cli.Command{
		Name:  "perft",
		Usage: "count legal move sequences to a depth (move generator test and speed)",
		Description: `perft counts the leaves of the tree of legal moves to a fixed depth. The
counts are known for many positions, so perft proves a move generator
right, and its speed (leaves per second, with bulk counting at the last ply
as Stockfish's "go perft" does) measures the board.

With --reference the same count is made with notnil/chess, plylab's rules
library; a different count is an error naming the first differing root
move. Positions with published counts (the perft suite, start, kiwipete,
cpw3-cpw6) are checked against them too.

Examples:
   plylab perft --depth 5                               start position
   plylab perft --position kiwipete --depth 5 --reference
   plylab perft --position cpw3 --depth 4 --divide
   plylab perft --depth 6 --stockfish /usr/games/stockfish
   plylab perft --fen "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1" --depth 3
   plylab perft --suite perft --depth 3                 check all 132 positions
   plylab perft --depth 4 --format json`,
		Flags: flags,
		Action: func(c *cli.Context) error {
			return env.perft(c)
		},
	}
}

type perftRun struct {
	pos                    positions.Position
	depth                  int
	nodes, refNodes        uint64
	elapsed, refElapsed    time.Duration
	divide, refDivide      []board.DivideEntry
	sfNodes                uint64
	sfElapsed              time.Duration
	stockfish              bool
	expected               uint64 // 0 when unknown
	interrupted, reference bool
}

func (e *appEnv) perft(c *cli.Context) error {
	depth := c.Int("depth")
	if depth < 1 || depth > perftMaxDepth {
		return usagef("--depth must be between 1 and %d, got %d; try --depth 5", perftMaxDepth, depth)
	}
	list, err := resolvePositions(c, true, "start")
	if err != nil {
		return err
	}
	format := c.String("format")
	if err := output.CheckFormat(format); err != nil {
		return err
	}
	ref, divide := c.Bool("reference"), c.Bool("divide")
	sfPath := c.String("stockfish")
	if divide && len(list) > 1 {
		return usagef("--divide works on one position; add --id to pick one of the suite")
	}
	var runs []*perftRun
	var predicted time.Duration
	for _, p := range list {
		b, err := boardOf(p)
		if err != nil {
			return err
		}
		d := depth
		if len(list) > 1 && len(p.Perft) > 0 && len(p.Perft) < d {
			d = len(p.Perft) // suites: go as deep as the published counts
		}
		predicted += predictPerft(b, d, ref)
		r := &perftRun{pos: p, depth: d, reference: ref, stockfish: sfPath != ""}
		if d <= len(p.Perft) {
			r.expected = p.Perft[d-1]
		}
		runs = append(runs, r)
	}
	if predicted > perftBudget && !c.Bool("force") {
		return usagef("perft to depth %d is predicted to take about %s; use a smaller --depth or add --force", depth, output.FormatDuration(predicted.Round(time.Second)))
	}

	prog := output.NewProgress(e.Stderr, e.isTerminal(e.Stderr))
	ctx := c.Context
	var runErr error
	for i, r := range runs {
		b, _ := boardOf(r.pos)
		label := positionLabel(r.pos)
		start := time.Now()
		entries, err := b.Divide(ctx, r.depth, func(done, total int) {
			prog.Update("perft %s depth %d: %d/%d root moves (%d/%d positions)", label, r.depth, done, total, i+1, len(runs))
		})
		r.elapsed = time.Since(start)
		r.divide = entries
		for _, en := range entries {
			r.nodes += en.Nodes
		}
		if err != nil {
			r.interrupted, runErr = true, err
			runs = runs[:i+1]
			break
		}
		if ref {
			start = time.Now()
			refEntries, err := board.ReferenceDivide(ctx, b.FEN(), r.depth)
			r.refElapsed = time.Since(start)
			r.refDivide = refEntries
			for _, en := range refEntries {
				r.refNodes += en.Nodes
			}
			if err != nil {
				r.interrupted, runErr = true, err
				runs = runs[:i+1]
				break
			}
		}
		if sfPath != "" {
			prog.Update("perft %s depth %d: Stockfish", label, r.depth)
			r.sfNodes, r.sfElapsed, err = stockfishPerft(ctx, sfPath, b.FEN(), r.depth)
			if err != nil {
				prog.Done()
				return err
			}
		}
	}
	prog.Done()

	var t *output.Table
	if divide {
		t = divideTable(runs[0])
	} else {
		t = perftTable(runs)
	}
	if err := output.WriteTable(e.Stdout, format, t, e.out); err != nil {
		return err
	}
	if runErr != nil {
		return runErr
	}
	for _, r := range runs {
		if r.expected != 0 && r.nodes != r.expected {
			return fmt.Errorf("perft mismatch for %s at depth %d: counted %s, published %s", positionLabel(r.pos), r.depth, output.FormatUint(r.nodes), output.FormatUint(r.expected))
		}
		if r.stockfish && r.nodes != r.sfNodes {
			return fmt.Errorf("perft mismatch for %s at depth %d: plylab %s, Stockfish %s", positionLabel(r.pos), r.depth, output.FormatUint(r.nodes), output.FormatUint(r.sfNodes))
		}
		if r.reference && r.nodes != r.refNodes {
			return fmt.Errorf("perft mismatch for %s at depth %d: plylab %s, notnil/chess %s; first differing root move %s",
				positionLabel(r.pos), r.depth, output.FormatUint(r.nodes), output.FormatUint(r.refNodes), firstDifference(r.divide, r.refDivide))
		}
	}
	return nil
}

// predictPerft estimates the run time from the first two plies' branching.
func predictPerft(b *board.Board, depth int, ref bool) time.Duration {
	if depth <= 3 {
		return 0
	}
	p1, p2 := float64(b.Perft(1)), float64(b.Perft(2))
	if p1 == 0 {
		return 0
	}
	leaves := p1 * math.Pow(p2/p1, float64(depth-1))
	secs := leaves / perftOurSpeed
	if ref {
		secs += leaves / perftRefSpeed
	}
	return time.Duration(secs * float64(time.Second))
}

// firstDifference names the first root move (in UCI order) whose counts
// differ, or a move only one side generated.
func firstDifference(ours, theirs []board.DivideEntry) string {
	theirMap := map[string]uint64{}
	for _, e := range theirs {
		theirMap[e.UCI] = e.Nodes
	}
	ourMap := map[string]bool{}
	for _, e := range ours {
		ourMap[e.UCI] = true
		if n, ok := theirMap[e.UCI]; !ok {
			return e.UCI + " (generated only by plylab)"
		} else if n != e.Nodes {
			return fmt.Sprintf("%s (plylab %s, notnil/chess %s)", e.UCI, output.FormatUint(e.Nodes), output.FormatUint(n))
		}
	}
	for _, e := range theirs {
		if !ourMap[e.UCI] {
			return e.UCI + " (generated only by notnil/chess)"
		}
	}
	return "none"
}

func perSecond(n uint64, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds()
}

func perftTable(runs []*perftRun) *output.Table {
	ref := len(runs) > 0 && runs[0].reference
	t := &output.Table{Title: "perft"}
	t.Columns = []output.Column{
		{Key: "position", Header: "position"},
		{Key: "depth", Header: "depth", Right: true},
		{Key: "nodes", Header: "nodes", Right: true},
		{Key: "time_s", Header: "time", Right: true},
		{Key: "leaves_per_s", Header: "leaves/s", Right: true},
	}
	if ref {
		t.Columns = append(t.Columns,
			output.Column{Key: "notnil_nodes", Header: "notnil nodes", Right: true},
			output.Column{Key: "notnil_time_s", Header: "notnil time", Right: true},
			output.Column{Key: "notnil_leaves_per_s", Header: "notnil leaves/s", Right: true},
			output.Column{Key: "speed_ratio", Header: "ratio", Right: true},
		)
	}
	sf := len(runs) > 0 && runs[0].stockfish
	if sf {
		t.Columns = append(t.Columns,
			output.Column{Key: "stockfish_nodes", Header: "stockfish nodes", Right: true},
			output.Column{Key: "stockfish_time_s", Header: "stockfish time", Right: true},
			output.Column{Key: "stockfish_leaves_per_s", Header: "stockfish leaves/s", Right: true},
			output.Column{Key: "stockfish_ratio", Header: "vs stockfish", Right: true},
		)
	}
	t.Columns = append(t.Columns, output.Column{Key: "published", Header: "published", Right: true}, output.Column{Key: "ok", Header: "ok"})
	var total, refTotal, sfTotal uint64
	var elapsed, refElapsed, sfElapsed time.Duration
	bad := 0
	for _, r := range runs {
		row := []output.Cell{output.TextCell(positionLabel(r.pos)), output.IntCell(int64(r.depth)), output.UintCell(r.nodes),
			output.DurationCell(r.elapsed), output.RateCell(perSecond(r.nodes, r.elapsed))}
		ok := !r.interrupted
		if ref {
			ratio := 0.0
			if r.refElapsed > 0 && r.elapsed > 0 {
				ratio = perSecond(r.nodes, r.elapsed) / perSecond(r.refNodes, r.refElapsed)
			}
			row = append(row, output.UintCell(r.refNodes), output.DurationCell(r.refElapsed),
				output.RateCell(perSecond(r.refNodes, r.refElapsed)), output.FloatCell(ratio, "%.1f×").Styled(output.StyleAccent))
			ok = ok && r.refNodes == r.nodes
		}
		if sf {
			ratio := 0.0
			if r.sfElapsed > 0 && r.elapsed > 0 {
				ratio = perSecond(r.nodes, r.elapsed) / perSecond(r.sfNodes, r.sfElapsed)
			}
			row = append(row, output.UintCell(r.sfNodes), output.DurationCell(r.sfElapsed), output.RateCell(perSecond(r.sfNodes, r.sfElapsed)),
				output.FloatCell(ratio, "%.2f×").Styled(output.StyleAccent))
			ok = ok && r.sfNodes == r.nodes
		}
		if r.expected != 0 {
			row = append(row, output.UintCell(r.expected))
			ok = ok && r.expected == r.nodes
		} else {
			row = append(row, output.NullCell("-"))
		}
		switch {
		case r.interrupted:
			row = append(row, output.Cell{Text: "interrupted", Value: false, Style: output.StyleWarn})
		case ok:
			row = append(row, output.Cell{Text: "✓", Value: true, Style: output.StyleGood})
		default:
			row = append(row, output.Cell{Text: "✗ MISMATCH", Value: false, Style: output.StyleBad})
			bad++
		}
		t.Rows = append(t.Rows, row)
		total += r.nodes
		refTotal += r.refNodes
		elapsed += r.elapsed
		refElapsed += r.refElapsed
		sfTotal += r.sfNodes
		sfElapsed += r.sfElapsed
	}
	if len(runs) > 1 {
		t.Notes = append(t.Notes, fmt.Sprintf("%d positions, %s leaves in %s (%s); %d mismatches",
			len(runs), output.FormatUint(total), output.FormatDuration(elapsed), output.FormatRate(perSecond(total, elapsed)), bad))
	}
	if ref && refElapsed > 0 && elapsed > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("plylab is %.1f× as fast as notnil/chess here (%s vs %s leaves/s)",
			perSecond(total, elapsed)/perSecond(refTotal, refElapsed), output.FormatRate(perSecond(total, elapsed)), output.FormatRate(perSecond(refTotal, refElapsed))))
	}
	if sf && sfElapsed > 0 && elapsed > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("plylab runs at %.2f× Stockfish's single-thread perft speed here (%s vs %s leaves/s)",
			perSecond(total, elapsed)/perSecond(sfTotal, sfElapsed), output.FormatRate(perSecond(total, elapsed)), output.FormatRate(perSecond(sfTotal, sfElapsed))))
	}
	if len(runs) > 0 && runs[len(runs)-1].interrupted {
		t.Notes = append(t.Notes, "interrupted: the last count is partial")
	}
	return t
}

func divideTable(r *perftRun) *output.Table {
	t := &output.Table{Title: fmt.Sprintf("perft divide: %s, depth %d", positionLabel(r.pos), r.depth)}
	t.Columns = []output.Column{{Key: "move", Header: "move"}, {Key: "nodes", Header: "nodes", Right: true}}
	if r.reference {
		t.Columns = append(t.Columns, output.Column{Key: "notnil_nodes", Header: "notnil/chess", Right: true}, output.Column{Key: "ok", Header: "ok"})
	}
	theirs := map[string]uint64{}
	for _, e := range r.refDivide {
		theirs[e.UCI] = e.Nodes
	}
	for _, e := range r.divide {
		row := []output.Cell{output.TextCell(e.UCI), output.UintCell(e.Nodes)}
		if r.reference {
			n, ok := theirs[e.UCI]
			row = append(row, output.UintCell(n))
			if ok && n == e.Nodes {
				row = append(row, output.Cell{Text: "✓", Value: true, Style: output.StyleGood})
			} else {
				row = append(row, output.Cell{Text: "✗", Value: false, Style: output.StyleBad})
			}
		}
		t.Rows = append(t.Rows, row)
	}
	note := fmt.Sprintf("%d moves, %s leaves in %s (%s)", len(r.divide), output.FormatUint(r.nodes), output.FormatDuration(r.elapsed), output.FormatRate(perSecond(r.nodes, r.elapsed)))
	if r.expected != 0 {
		if r.expected == r.nodes {
			note += "; matches the published count"
		} else {
			note += "; published count " + output.FormatUint(r.expected)
		}
	}
	t.Notes = append(t.Notes, note)
	if r.interrupted {
		t.Notes = append(t.Notes, "interrupted: only the moves above were counted")
	}
	return t
}

// stockfishPerft runs "go perft depth" in a Stockfish process and times it
// from the command to the "Nodes searched" line (start-up excluded).
func stockfishPerft(ctx context.Context, path, fen string, depth int) (uint64, time.Duration, error) {
	cmd := exec.CommandContext(ctx, path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return 0, 0, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return 0, 0, err
	}
	if err := cmd.Start(); err != nil {
		return 0, 0, usagef("cannot start Stockfish at %q: %v; install it (apt-get install stockfish) or fix --stockfish", path, err)
	}
	defer func() {
		in.Close()
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}()
	sc := bufio.NewScanner(out)
	fmt.Fprintf(in, "uci\nsetoption name Threads value 1\nisready\n")
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "readyok" {
			break
		}
	}
	start := time.Now()
	fmt.Fprintf(in, "position fen %s\ngo perft %d\n", fen, depth)
	for sc.Scan() {
		line := sc.Text()
		if n, ok := strings.CutPrefix(line, "Nodes searched:"); ok {
			elapsed := time.Since(start)
			v, err := strconv.ParseUint(strings.TrimSpace(n), 10, 64)
			if err != nil {
				return 0, 0, fmt.Errorf("stockfish: bad perft line %q", line)
			}
			return v, elapsed, nil
		}
	}
	if ctx.Err() != nil {
		return 0, 0, ctx.Err()
	}
	return 0, 0, fmt.Errorf("stockfish at %q gave no perft result", path)
}
