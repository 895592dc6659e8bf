package lab

import (
	"fmt"
	"testing"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

// markPaint shows styles as <SGR>text</>, so a test sees what is coloured.
func markPaint(s textfmt.Style, text string) string {
	if s == textfmt.StyleNone {
		return text
	}
	return "<" + s.SGR() + ">" + text + "</>"
}

func TestLiveView(t *testing.T) {
	b, err := board.FromFEN(mustPosition(t, "kiwipete").FEN)
	if err != nil {
		t.Fatal(err)
	}
	o := engine.EngineOptions()
	move, err := b.ParseMove("Bxa6")
	if err != nil {
		t.Fatal(err)
	}
	res := engine.Result{BestMove: move, Score: 79, Stats: engine.Stats{Nodes: 1500, QNodes: 500, Elapsed: 2 * time.Millisecond}}
	tests := []struct{ name, got, want string }{
		{"header", LiveHeader(b, "kiwipete", o, false, markPaint),
			fmt.Sprintf("<1>search kiwipete</>  <36>%s</>  <2>(%s eval, white to move)</>\n", o.Name, o.Eval) +
				"<2>depth   sel      score        nodes        nps      time  pv</>\n"},
		{"plain header", LiveHeader(b, "kiwipete", o, false, textfmt.PlainPaint),
			fmt.Sprintf("search kiwipete  %s  (%s eval, white to move)\n", o.Name, o.Eval) +
				"depth   sel      score        nodes        nps      time  pv\n"},
		{"line", IterationRow{Depth: 2, SelDepth: 5, Score: 79, Nodes: 12345, NPS: 2469000, Elapsed: 5 * time.Millisecond, PV: "Bxa6 bxc3"}.LiveLine(markPaint),
			"    2     5        +79       12,345   2.47 M/s   5.00 ms  <36>Bxa6 bxc3</>\n"},
		{"mate line", IterationRow{Depth: 7, SelDepth: 9, Score: engine.MateScore - 3, Nodes: 9}.LiveLine(markPaint),
			"    7     9 <32> mate in 2</>            9       0 /s      0 ns  <36></>\n"},
		{"multipv header", LiveHeader(b, "kiwipete", o, true, textfmt.PlainPaint),
			fmt.Sprintf("search kiwipete  %s  (%s eval, white to move)\n", o.Name, o.Eval) +
				"depth line   sel      score        nodes        nps      time  pv\n"},
		{"multipv line", IterationRow{Depth: 2, MultiPV: 3, SelDepth: 5, Score: -119, Nodes: 12345, NPS: 2469000, Elapsed: 5 * time.Millisecond, PV: "Nb5 Bxb5"}.LiveLine(markPaint),
			"    2    3     5       -119       12,345   2.47 M/s   5.00 ms  <36>Nb5 Bxb5</>\n"},
		{"best", LiveBest(b, res, markPaint), "best move <1>Bxa6</>, score +79, 2,000 nodes in 2.00 ms (1.00 M/s)\n"},
		{"no best move", LiveBest(b, engine.Result{BestMove: board.NoMove}, textfmt.PlainPaint), "best move (none), score 0, 0 nodes in 0 ns (0 /s)\n"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, tt.got, tt.want)
		}
	}
}
