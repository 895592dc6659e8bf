package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/sandbox"
	"github.com/plylab/plylab/positions"
)

// runCell runs one command through the lesson runner, as a lesson cell
// does, with its files going to the folder dir (opened as a sandbox.Dir);
// the Outcome's Records are the results the runner handed to
// Invocation.Results.
func runCell(t *testing.T, dir string, args ...string) (lessons.Outcome, string, string) {
	t.Helper()
	files, err := sandbox.OpenDir(dir, sandbox.Quota{})
	if err != nil {
		t.Fatal(err)
	}
	defer files.Close()
	var stdout, stderr bytes.Buffer
	run := testEnv().lessonRunner(context.Background(), false)
	var recs []lessons.Record
	out := run(lessons.Invocation{Args: args, Stdout: &stdout, Stderr: &stderr, Files: files, Results: func(r lessons.Record) { recs = append(recs, r) }})
	if len(out.Records) > 0 {
		t.Errorf("%v: the runner returned %d results instead of handing them to Invocation.Results", args, len(out.Records))
	}
	out.Records = recs
	return out, stdout.String(), stderr.String()
}

// TestLessonRunnerResults checks what a command hands a lesson besides its
// text: every table row with its JSON keys, values and printed text; the
// position `positions show` drew; the files it wrote, inside the cell's
// folder only.
func TestLessonRunnerResults(t *testing.T) {
	dir := t.TempDir()
	out, _, stderr := runCell(t, dir, "compare", "--position", "paper-mate2", "--depth", "1-2", "--algo", "alphabeta")
	if out.Code != 0 {
		t.Fatalf("exit %d: %s", out.Code, stderr)
	}
	if len(out.Records) != 2 {
		t.Fatalf("%d records, want 2 table rows: %+v", len(out.Records), out.Records)
	}
	r := out.Records[1]
	var keys []string
	for _, f := range r.Fields {
		keys = append(keys, f.Key)
	}
	if got := strings.Join(keys, ","); r.Kind != "table" || got != "depth,algo,nodes,leaves,qnodes,time_s,nodes_per_s,best,score,pct_of_minimax,ebf,minimal_tree,pct_over_minimal" {
		t.Errorf("kind %q, keys %s", r.Kind, got)
	}
	for key, want := range map[string][2]any{
		"depth":            {json.Number("2"), "2"},
		"algo":             {"alphabeta", "alphabeta"},
		"nodes":            {json.Number("40"), "40"},
		"best":             {"Kd7", "Kd7"},
		"minimal_tree":     {json.Number("39"), "39"},
		"pct_over_minimal": {json.Number("1.0256410256410255"), "1.03×"},
		"ebf":              {nil, "-"},
	} {
		f, ok := r.Get(key)
		if !ok || f.Value != want[0] || f.Text != want[1] {
			t.Errorf("%s = %#v (%q), want %#v (%q)", key, f.Value, f.Text, want[0], want[1])
		}
	}

	out, _, _ = runCell(t, dir, "positions", "show", "paper-mate2", "--flip")
	var pos *lessons.Record
	for i := range out.Records {
		if out.Records[i].Kind == "position" {
			pos = &out.Records[i]
		}
	}
	if pos == nil {
		t.Fatalf("no position record: %+v", out.Records)
	}
	mate2, err := positions.Lookup("paper-mate2")
	if err != nil {
		t.Fatal(err)
	}
	if f, _ := pos.Get("fen"); f.Value != mate2.FEN {
		t.Errorf("fen %v, want %s", f.Value, mate2.FEN)
	}
	if f, _ := pos.Get("flip"); f.Value != true {
		t.Errorf("flip = %#v, want true", f.Value)
	}
	if f, _ := pos.Get("legal_move_count"); f.Value != json.Number("16") {
		t.Errorf("legal_move_count = %#v, want 16 (paper-mate2 has 16 White moves)", f.Value)
	}

	out, stdout, _ := runCell(t, dir, "tree", "--toy", "((3,12,8),(2,4,6))", "-o", "t.svg")
	// The tree's summary, one record per drawn node (7 here), the file.
	if n := len(out.Records); out.Code != 0 || n != 9 || out.Records[0].Kind != "tree" || out.Records[1].Kind != "tree_node" || out.Records[n-1].Kind != "file" {
		t.Fatalf("tree -o: exit %d, records %+v", out.Code, out.Records)
	}
	if f, _ := out.Records[0].Get("nodes_searched"); f.Value != json.Number("7") {
		t.Errorf("nodes_searched = %#v, want 7", f.Value)
	}
	if f, _ := out.Records[6].Get("value_text"); f.Value != "≤ 2" {
		t.Errorf("node b's value_text = %#v, want ≤ 2 (%+v)", f.Value, out.Records[6])
	}
	if name, _ := out.Records[8].Get("name"); name.Value != "t.svg" || len(out.Records[8].Fields) != 1 {
		t.Errorf("file record %+v, want the name t.svg only", out.Records[8])
	}
	if data, err := os.ReadFile(filepath.Join(dir, "t.svg")); err != nil || !bytes.HasPrefix(data, []byte("<svg")) && !bytes.Contains(data, []byte("<svg")) {
		t.Errorf("t.svg not written into the folder: %v", err)
	}
	// The cell names its file; the folder is the runner's business.
	if !strings.HasPrefix(stdout, "wrote t.svg ") {
		t.Errorf("stdout %q", stdout)
	}

	for bad, why := range map[string]string{"../escape.svg": "names a folder", "/tmp/abs.svg": "names a folder",
		"sub/t.svg": "names a folder", ".hidden.svg": `starts with "."`, "my tree.svg": "has a space", "t.exe": "has no allowed extension"} {
		out, _, stderr := runCell(t, dir, "tree", "--toy", "((1,2),(3,4))", "-o", bad)
		want := fmt.Sprintf(`plylab: -o %q %s: %s`, bad, why, sandbox.NameRule)
		if out.Code != 2 || strings.TrimSpace(stderr) != want {
			t.Errorf("-o %s: exit %d, stderr %q; want 2 and %q", bad, out.Code, stderr, want)
		}
	}
	out, _, stderr = runCell(t, dir, "compare", "--position", "paper-mate2", "--depth", "1", "--plot", "../p.svg")
	if out.Code != 2 || !strings.Contains(stderr, `--plot "../p.svg" names a folder`) {
		t.Errorf("--plot ../p.svg: exit %d, %q", out.Code, stderr)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "escape.svg")); err == nil {
		t.Error("a file was written outside the cell's folder")
	}
}
