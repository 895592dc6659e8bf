package lab

import (
	"fmt"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

// The live view of one search, as `plylab search` prints it while the
// search runs: a header, then one line per iteration as it completes, then
// the best move. Paint styles a piece of text (the CLI passes its colour
// painter; a plain caller passes textfmt.PlainPaint).

// LiveHeader is the two header lines of the live view of o searching b,
// label naming the position: a title and the column headings, with a
// "line" column after depth when multiPV (several lines an iteration).
func LiveHeader(b *board.Board, label string, o engine.Options, multiPV bool, paint textfmt.Paint) string {
	cols := fmt.Sprintf("%5s %5s %10s %12s %10s %9s  %s", "depth", "sel", "score", "nodes", "nps", "time", "pv")
	if multiPV {
		cols = fmt.Sprintf("%5s %4s %5s %10s %12s %10s %9s  %s", "depth", "line", "sel", "score", "nodes", "nps", "time", "pv")
	}
	return fmt.Sprintf("%s  %s  %s\n", paint(textfmt.StyleBold, "search "+label),
		paint(textfmt.StyleAccent, o.Name), paint(textfmt.StyleDim, fmt.Sprintf("(%s eval, %s to move%s)", o.Eval, b.Side(), threadsNote(o)))) +
		paint(textfmt.StyleDim, cols) + "\n"
}

// LiveLine is r as one line of the live view, under LiveHeader's columns
// (the "line" column when r is one of several lines); a mate score is
// shown in StyleGood.
func (r IterationRow) LiveLine(paint textfmt.Paint) string {
	st := textfmt.StyleNone
	if engine.IsMate(r.Score) {
		st = textfmt.StyleGood
	}
	line := ""
	if r.MultiPV > 0 {
		line = fmt.Sprintf(" %4d", r.MultiPV)
	}
	return fmt.Sprintf("%5d%s %5d %s %12s %10s %9s  %s\n", r.Depth, line, r.SelDepth,
		paint(st, fmt.Sprintf("%10s", engine.FormatScore(r.Score))), textfmt.Thousands(r.Nodes), r.rateCell().Text, textfmt.Duration(r.Elapsed),
		paint(textfmt.StyleAccent, r.PV))
}

// LiveBest is the line after the live view's iterations: res's best move
// from b, its score, and the nodes, time and speed of the whole search.
func LiveBest(b *board.Board, res engine.Result, paint textfmt.Paint) string {
	return fmt.Sprintf("best move %s, score %s, %s nodes in %s (%s)\n", paint(textfmt.StyleBold, BestSAN(b, res)),
		engine.FormatScore(res.Score), textfmt.Thousands(res.AllNodes()), textfmt.Duration(res.Stats.Elapsed), rateText(float64(res.AllNodes()), res.Stats.Elapsed))
}

// threadsNote is ", N threads" for a search on several threads (the node
// counts are then every thread's, the statistics the main thread's), ""
// for one.
func threadsNote(o engine.Options) string {
	if o.Threads <= 1 {
		return ""
	}
	return fmt.Sprintf(", %d threads", o.Threads)
}
