package lab

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

func TestSearchLimits(t *testing.T) {
	mm, eng := engine.MinimaxOptions(), engine.EngineOptions()
	paper, err := engine.Preset("paper-alphabeta")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		o          engine.Options
		in         engine.Limits
		depthGiven bool
		want       engine.Limits
		err        string
	}{
		{"no limit: depth 10", eng, engine.Limits{}, false, engine.Limits{Depth: 10}, ""},
		{"movetime only", eng, engine.Limits{MoveTime: 5}, false, engine.Limits{MoveTime: 5}, ""},
		{"nodes only", eng, engine.Limits{Nodes: 1000}, false, engine.Limits{Nodes: 1000}, ""},
		{"depth kept", mm, engine.Limits{Depth: 3}, true, engine.Limits{Depth: 3}, ""},
		{"depth 0 given", eng, engine.Limits{}, true, engine.Limits{}, fmt.Sprintf("Depth must be between 1 and %d, got 0", engine.MaxDepth)},
		{"depth too deep", eng, engine.Limits{Depth: engine.MaxDepth + 1}, true, engine.Limits{}, fmt.Sprintf("Depth must be between 1 and %d, got %d", engine.MaxDepth, engine.MaxDepth+1)},
		{"plain needs depth", mm, engine.Limits{MoveTime: 5}, false, engine.Limits{}, "minimax needs Depth (it has no iterative deepening to stop in time)"},
		{"multipv kept", eng, engine.Limits{Depth: 4, MultiPV: 3}, true, engine.Limits{Depth: 4, MultiPV: 3}, ""},
		{"multipv 1 with minimax", mm, engine.Limits{Depth: 3, MultiPV: 1}, true, engine.Limits{Depth: 3, MultiPV: 1}, ""},
		{"multipv needs the engine", mm, engine.Limits{Depth: 3, MultiPV: 2}, true, engine.Limits{}, "MultiPV 2 needs Algo engine or ramz (the engine's search); minimax searches one line"},
		{"multipv needs the engine, paper", paper, engine.Limits{Depth: 3, MultiPV: 2}, true, engine.Limits{}, "MultiPV 2 needs Algo engine or ramz (the engine's search); paper-alphabeta searches one line"},
		{"multipv too many", eng, engine.Limits{MultiPV: MaxMultiPV + 1}, false, engine.Limits{}, "MultiPV must be between 1 and 256, got 257"},
	}
	for _, tt := range tests {
		got, err := SearchLimits(tt.o, tt.in, tt.depthGiven)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("%s: error %v, want %q", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: got %+v, %v; want %+v", tt.name, got, err, tt.want)
		}
	}
}

// partKinds names each part: "text", "table", "table(FORMAT)" or the
// result's kind in brackets.
func partKinds(parts []textfmt.Part) string {
	var out []string
	for _, p := range parts {
		switch {
		case p.Table != nil && p.Format != "":
			out = append(out, "table("+p.Format+")")
		case p.Table != nil:
			out = append(out, "table")
		case p.Kind != "":
			out = append(out, "["+p.Kind+"]")
		default:
			out = append(out, "text")
		}
	}
	return strings.Join(out, " ")
}

func fieldValue(fields []textfmt.Field, key string) any {
	for _, f := range fields {
		if f.Key == key {
			return f.Value
		}
	}
	return nil
}

func TestRunSearch(t *testing.T) {
	b, err := board.FromFEN(board.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name        string
		live, stats bool
		kinds       string
	}{
		{"live", true, false, "text text [iteration] text [search]"},
		{"live with stats", true, true, "text text [iteration] text [search] text table(table)"},
		{"table", false, false, "table"},
		{"table with stats", false, true, "table"},
	}
	for _, tt := range tests {
		var parts []textfmt.Part
		err := RunSearch(context.Background(), SearchRun{Board: b, Label: "start", Algo: engine.MinimaxOptions(),
			Limits: engine.Limits{Depth: 2}, Stats: tt.stats, Live: tt.live, Paint: textfmt.PlainPaint},
			func(p textfmt.Part) error { parts = append(parts, p); return nil })
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := partKinds(parts); got != tt.kinds {
			t.Errorf("%s: parts %q, want %q", tt.name, got, tt.kinds)
			continue
		}
		if tt.live {
			// Minimax to depth 2 from the start: 1 + 20 + 400 nodes.
			if n := fieldValue(parts[2].Fields, "nodes"); n != uint64(421) {
				t.Errorf("%s: iteration nodes %v, want 421", tt.name, n)
			}
			if n := fieldValue(parts[4].Fields, "total_nodes"); n != uint64(421) {
				t.Errorf("%s: total nodes %v, want 421", tt.name, n)
			}
			if !strings.HasPrefix(parts[0].Text, "search start  minimax") || !strings.HasPrefix(parts[3].Text, "best move ") {
				t.Errorf("%s: header %q, best %q", tt.name, parts[0].Text, parts[3].Text)
			}
			if tt.stats && parts[5].Text != "\n" {
				t.Errorf("%s: no blank line before the stats table: %q", tt.name, parts[5].Text)
			}
			continue
		}
		// With stats, the table's notes carry the counters: minimax to
		// depth 2 from the start visits 421 nodes, 400 of them leaves.
		notes := strings.Join(parts[0].Table.Notes, "|")
		has := strings.Contains(notes, "|nodes: 421|leaves: 400|qnodes: 0|") || strings.HasPrefix(notes, "nodes: 421|leaves: 400|qnodes: 0|")
		if has != tt.stats {
			t.Errorf("%s: notes %q", tt.name, notes)
		}
	}
}

func TestRunSearchInterrupted(t *testing.T) {
	b, err := board.FromFEN(board.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var parts []textfmt.Part
	// Stop after the second iteration: depth 30 is never reached.
	err = RunSearch(ctx, SearchRun{Board: b, Label: "start", Algo: engine.EngineOptions(), Limits: engine.Limits{Depth: 30}, Live: true, Paint: textfmt.PlainPaint},
		func(p textfmt.Part) error {
			parts = append(parts, p)
			if p.Kind == "iteration" && fieldValue(p.Fields, "depth") == 2 {
				cancel()
			}
			return nil
		})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	// The iterations under way when ctx was cancelled may still complete.
	if got, want := partKinds(parts), "text [search] text text"; !strings.HasSuffix(got, want) || !strings.HasPrefix(got, "text text [iteration] text [iteration] ") {
		t.Fatalf("parts %q, want two iterations or more and %q last", got, want)
	}
	n := len(parts)
	if w := parts[n-2]; w.Text != "interrupted: the last completed iteration stands" || w.Style != textfmt.StyleWarn || parts[n-1].Text != "\n" {
		t.Errorf("warning %+v then %q", w, parts[n-1].Text)
	}
}

func TestRunSearchEmitError(t *testing.T) {
	b, err := board.FromFEN(board.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	boom := errors.New("disk full")
	err = RunSearch(context.Background(), SearchRun{Board: b, Label: "start", Algo: engine.MinimaxOptions(), Limits: engine.Limits{Depth: 1}, Live: true, Paint: textfmt.PlainPaint},
		func(textfmt.Part) error { calls++; return boom })
	if !errors.Is(err, boom) || calls != 1 {
		t.Errorf("error %v after %d calls, want disk full after 1", err, calls)
	}
}

// With MultiPV the live view prints a numbered line per principal
// variation at each depth, best first, and the table a row per line.
func TestRunSearchMultiPV(t *testing.T) {
	b, err := board.FromFEN(mustPosition(t, "kiwipete").FEN)
	if err != nil {
		t.Fatal(err)
	}
	var parts []textfmt.Part
	err = RunSearch(context.Background(), SearchRun{Board: b, Label: "kiwipete", Algo: engine.EngineOptions(),
		Limits: engine.Limits{Depth: 3, MultiPV: 3}, Live: true, Paint: textfmt.PlainPaint},
		func(p textfmt.Part) error { parts = append(parts, p); return nil })
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, p := range parts {
		if p.Kind == "iteration" {
			lines = append(lines, fmt.Sprintf("%v %v %v %v", fieldValue(p.Fields, "depth"), fieldValue(p.Fields, "multipv"),
				fieldValue(p.Fields, "score_cp"), fieldValue(p.Fields, "pv")))
		}
	}
	want := []string{
		"1 1 27 Bxa6", "1 2 -90 dxe6", "1 3 -119 Nb5",
		"2 1 27 Bxa6 bxc3", "2 2 -94 dxe6 Bxe2", "2 3 -119 Nb5 Bxb5",
		"3 1 -32 Bxa6 bxc3 Bxc3", "3 2 -94 dxe6 Bxe2 exf7+ Kd8", "3 3 -119 Nb5 Bxb5 Bxb5",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("iterations:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(parts[0].Text, "depth line   sel") || !strings.HasPrefix(parts[1].Text, "    1    1 ") {
		t.Errorf("header %q, first line %q", parts[0].Text, parts[1].Text)
	}
}
