package lab

import (
	"fmt"
	"testing"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/eval"
)

func TestCheckBench(t *testing.T) {
	tests := []struct {
		depth, hash int
		want        string
	}{
		{8, 16, ""},
		{1, 1, ""},
		{engine.MaxDepth, 4096, ""},
		{0, 16, "Depth must be between 1 and " + fmt.Sprint(engine.MaxDepth) + ", got 0; try Depth 8"},
		{engine.MaxDepth + 1, 16, fmt.Sprintf("Depth must be between 1 and %d, got %d; try Depth 8", engine.MaxDepth, engine.MaxDepth+1)},
		{8, 0, "Hash must be between 1 and 4096 MB, got 0; try Hash 16"},
		{8, 4097, "Hash must be between 1 and 4096 MB, got 4097; try Hash 16"},
	}
	for _, tt := range tests {
		err := CheckBench(tt.depth, tt.hash)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("CheckBench(%d, %d) = %q, want %q", tt.depth, tt.hash, got, tt.want)
		}
	}
}

func TestBenchReport(t *testing.T) {
	res := &BenchResult{Rows: []BenchRow{{Index: 1, Nodes: 1000, Elapsed: time.Second, Best: "e4"}}, Nodes: 1000, Elapsed: 2 * time.Second, Searched: 1}
	tests := []struct {
		format    string
		completed bool
		kinds     string
		last      string // the last part's text
	}{
		{"table", true, "table [bench] text", "1000 nodes 500 nps\n"},
		{"markdown", true, "table [bench] text", "1000 nodes 500 nps\n"},
		{"csv", true, "table [bench]", ""},
		{"json", true, "table [bench]", ""},
		{"table", false, "table", ""},
	}
	for _, tt := range tests {
		rep := res.Report(tt.format, 5, 16, tt.completed)
		if got := partKinds(rep); got != tt.kinds {
			t.Errorf("%s completed=%v: parts %q, want %q", tt.format, tt.completed, got, tt.kinds)
			continue
		}
		if got := rep[len(rep)-1].Text; got != tt.last {
			t.Errorf("%s completed=%v: last text %q, want %q", tt.format, tt.completed, got, tt.last)
		}
		notes := rep[0].Table.Notes
		if signed := notes[len(notes)-1] == "1000 nodes 500 nps"; signed != (tt.format == "json") {
			t.Errorf("%s: notes %q", tt.format, notes)
		}
	}
	// An interrupted run's JSON carries no signature.
	res.Interrupted = true
	if notes := res.Report("json", 5, 16, false)[0].Table.Notes; notes[len(notes)-1] == "1000 nodes 500 nps" {
		t.Errorf("interrupted json notes %q", notes)
	}
}

func TestBenchArgs(t *testing.T) {
	tests := []struct {
		args              []string
		depth, hash       int
		depthSet, hashSet bool
		wantDepth, wantMB int
		err               string
	}{
		{nil, 8, 16, false, false, 8, 16, ""},
		{[]string{"32"}, 8, 16, false, false, 8, 32, ""},
		{[]string{"32", "1", "5"}, 8, 16, false, false, 5, 32, ""},
		{[]string{"16", "4", "6"}, 6, 16, true, true, 6, 16, ""},
		{[]string{"1", "2", "3", "4"}, 8, 16, false, false, 0, 0, "bench takes at most three arguments (HASH THREADS DEPTH), got 4"},
		{[]string{"16", "x"}, 8, 16, false, false, 0, 0, `bench THREADS must be a whole number, got "x"; e.g. plylab bench 16 1 8`},
		{[]string{"32"}, 8, 64, false, true, 0, 0, "hash given twice (Hash 64 and HASH 32); give one"},
		{[]string{"16", "0"}, 8, 16, false, false, 0, 0, "bench THREADS must be at least 1, got 0"},
		{[]string{"16", "1", "5"}, 7, 16, true, false, 0, 0, "depth given twice (Depth 7 and DEPTH 5); give one"},
		{[]string{"0"}, 8, 16, false, false, 0, 0, "Hash must be between 1 and 4096 MB, got 0; try Hash 16"},
		{[]string{"16", "1", "0"}, 8, 16, false, false, 0, 0, fmt.Sprintf("Depth must be between 1 and %d, got 0; try Depth 8", engine.MaxDepth)},
	}
	for _, tt := range tests {
		set, err := BenchArgs(tt.args, BenchSettings{Depth: tt.depth, HashMB: tt.hash, Threads: 1, DepthSet: tt.depthSet, HashSet: tt.hashSet})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.err || set.Depth != tt.wantDepth || set.HashMB != tt.wantMB {
			t.Errorf("BenchArgs(%q, %d, %d, %v, %v) = %d, %d, %q; want %d, %d, %q", tt.args, tt.depth, tt.hash, tt.depthSet, tt.hashSet, set.Depth, set.HashMB, got, tt.wantDepth, tt.wantMB, tt.err)
		}
	}
	// THREADS: the positional value or --threads, the same rule.
	for _, tt := range []struct {
		args       []string
		threads    int
		threadsSet bool
		want       int
		err        string
	}{
		{nil, 1, false, 1, ""},
		{[]string{"16", "2"}, 1, false, 2, ""},
		{nil, 4, true, 4, ""},
		{[]string{"16", "4", "8"}, 4, true, 4, ""},
		{[]string{"16", "2"}, 4, true, 0, "threads given twice (Threads 4 and THREADS 2); give one"},
		{nil, 0, true, 0, fmt.Sprintf("threads must be between 1 and %d, got 0; try Threads 1", engine.MaxThreads)},
		{[]string{"16", "65"}, 1, false, 0, fmt.Sprintf("threads must be between 1 and %d, got 65; try Threads 1", engine.MaxThreads)},
	} {
		set, err := BenchArgs(tt.args, BenchSettings{Depth: 8, HashMB: 16, Threads: tt.threads, ThreadsSet: tt.threadsSet})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.err || set.Threads != tt.want {
			t.Errorf("BenchArgs(%q, --threads %d set %v) = %d threads, %q; want %d, %q", tt.args, tt.threads, tt.threadsSet, set.Threads, got, tt.want, tt.err)
		}
	}
}

func TestBenchEngine(t *testing.T) {
	def := engine.EngineOptions()
	o, err := BenchEngine(64, "")
	if err != nil || o.TTSizeMB != 64 || o.Eval != def.Eval || o.Name != def.Name {
		t.Errorf("default eval: %+v, %v", o, err)
	}
	o, err = BenchEngine(16, "material")
	if err != nil || o.TTSizeMB != 16 || o.Eval != eval.Material {
		t.Errorf("material: eval %v, hash %d, %v", o.Eval, o.TTSizeMB, err)
	}
	if _, err := BenchEngine(16, "neural"); err == nil {
		t.Error("an unknown evaluation is an error")
	} else if _, want := eval.ParseKind("neural"); err.Error() != want.Error() {
		t.Errorf("error %q, want eval.ParseKind's %q", err, want)
	}
}
