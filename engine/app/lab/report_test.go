package lab

import (
	"reflect"
	"testing"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/positions"
)

func TestPerftReport(t *testing.T) {
	start := mustPosition(t, "start")
	res := &PerftResult{Rows: []PerftRow{{Position: start, Depth: 2, Expected: 400, Nodes: 400, Elapsed: time.Millisecond,
		Divide: []board.DivideEntry{{UCI: "a2a3", Nodes: 20}, {UCI: "e2e4", Nodes: 20}}}}}
	for _, divide := range []bool{false, true} {
		rep := res.Report(divide)
		if got := partKinds(rep); got != "table [perft]" {
			t.Fatalf("divide=%v: parts %q", divide, got)
		}
		want := res.Table()
		if divide {
			want = res.Rows[0].DivideTable()
		}
		if !reflect.DeepEqual(rep[0].Table.Texts(), want.Texts()) || rep[0].Table.Title != want.Title {
			t.Errorf("divide=%v: table %q, want %q", divide, rep[0].Table.Title, want.Title)
		}
		if fieldValue(rep[1].Fields, "total_nodes") != uint64(400) || fieldValue(rep[1].Fields, "positions") != 1 {
			t.Errorf("divide=%v: summary %+v", divide, rep[1].Fields)
		}
	}
}

func TestSuiteReport(t *testing.T) {
	res := &SuiteResult{Rows: []SuiteRow{{ID: "WAC.001", Found: "Qg6", Expected: "Qg6", Checked: true, OK: true, Stats: engine.Stats{Nodes: 90}}},
		Solved: 1, Checked: 1, Total: engine.Stats{Nodes: 90}}
	o := SuiteOptions{Positions: []positions.Position{{Name: "WAC.001"}}, Algo: engine.EngineOptions()}
	rep := res.Report(o)
	if got := partKinds(rep); got != "table [search]" {
		t.Fatalf("parts %q", got)
	}
	if !reflect.DeepEqual(rep[0].Table.Texts(), res.Table(o).Texts()) || fieldValue(rep[1].Fields, "solved") != 1 || fieldValue(rep[1].Fields, "total_nodes") != uint64(90) {
		t.Errorf("report %q, summary %+v", rep[0].Table.Texts(), rep[1].Fields)
	}
}

func TestTechniquesView(t *testing.T) {
	list, err := TechniquesView(false)
	if err != nil || !reflect.DeepEqual(list.Texts(), TechniquesTable().Texts()) || len(list.Rows) != len(engine.Techniques()) {
		t.Errorf("list: %v, %d rows", err, len(list.Rows))
	}
	rows, err := TechniqueElos()
	if err != nil {
		t.Fatal(err)
	}
	elo, err := TechniquesView(true)
	if err != nil || !reflect.DeepEqual(elo.Texts(), EloTable(rows).Texts()) || len(elo.Rows) != len(rows) {
		t.Errorf("elo: %v, %d rows, want %d", err, len(elo.Rows), len(rows))
	}
}

func TestBudgetText(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{SearchBudget, "ten minutes"},
		{PerftBudget, "five minutes"},
		{2 * time.Minute, "two minutes"},
		{time.Minute, "1m0s"},
		{11 * time.Minute, "11m0s"},
		{90 * time.Second, "1m30s"},
		{45 * time.Second, "45s"},
	}
	for _, tt := range tests {
		if got := BudgetText(tt.d); got != tt.want {
			t.Errorf("BudgetText(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}
