package textbook

import (
	"bufio"
	"context"
	"github.com/plylab/plylab/engine"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/board"
)

const paperMate2 = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1"

// TestPaperTables checks the game-trees paper's Tables 4 and 5 (nodes
// visited by its minimax and alpha-beta on its mate-in-two position). The
// paper prints the depth-3 values swapped between the tables: minimax
// visits 2,096 nodes and alpha-beta 988.
func TestPaperTables(t *testing.T) {
	b, _ := board.FromFEN(paperMate2)
	minimax := []uint64{17, 144, 2096, 23152, 353292}
	alphabeta := []uint64{17, 130, 988, 2883, 30903}
	for d := 1; d <= 5; d++ {
		if d == 5 && testing.Short() {
			continue
		}
		for _, c := range []struct {
			ab   bool
			want uint64
		}{{false, minimax[d-1]}, {true, alphabeta[d-1]}} {
			r := PaperSearch(context.Background(), b, c.ab, engine.PaperOptions{}, d)
			if r.Stats.Nodes != c.want {
				t.Errorf("depth %d alphabeta=%v: %d nodes, want %d", d, c.ab, r.Stats.Nodes, c.want)
			}
		}
	}
}

// TestPaperTable1 checks the paper's Table 1: every White move's score
// with its get_legal_moves_scores at "depth = 3" (three plies after the
// move: plylab's depth 4).
func TestPaperTable1(t *testing.T) {
	b, _ := board.FromFEN(paperMate2)
	want := map[string]int{"a1a7": -100, "a1f1": 0, "a1c1": 0, "a1d1": 0, "a1e1": 0, "a1h1": 0, "a1g1": 0,
		"a1b1": 100, "a1a5": 100, "a1a2": 100, "a1a4": 100, "a1a3": 100, "c8d8": 100, "c8d7": 100, "b6a7": 100,
		"a1a6": engine.Infinity}
	for _, ab := range []bool{false, true} {
		got, err := PaperRootScores(context.Background(), b, ab, engine.PaperOptions{}, 4)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("%d moves, want %d", len(got), len(want))
		}
		for _, ms := range got {
			if w := want[ms.Move.String()]; w != ms.Score {
				t.Errorf("alphabeta=%v %s: %d, want %d", ab, ms.Move, ms.Score, w)
			}
		}
	}
}

// TestPythonChessOrder compares SortPythonChess with python-chess's
// generate_legal_moves on the positions of testdata/pychess_order.txt (one
// "FEN|uci uci ..." a line, produced by python-chess 1.11.2; see
// testdata/README.md). PYCHESS_ORDER names another file of the same form.
func TestPythonChessOrder(t *testing.T) {
	path := "testdata/pychess_order.txt"
	if p := os.Getenv("PYCHESS_ORDER"); p != "" {
		path = p
	}
	n := 0
	forLines(t, path, func(f []string) {
		b, err := board.FromFEN(f[0])
		if err != nil {
			t.Errorf("%s: %v", f[0], err)
			return
		}
		var ml board.MoveList
		b.GenerateMoves(&ml)
		ms := ml.Slice()
		SortPythonChess(b, ms)
		got := make([]string, len(ms))
		for i, m := range ms {
			got[i] = m.String()
		}
		if g := strings.Join(got, " "); g != f[1] {
			t.Errorf("%s:\n got %s\nwant %s", f[0], g, f[1])
		}
		n++
	})
	if n < 1000 {
		t.Fatalf("only %d positions", n)
	}
}

// TestPaperReference compares paper-minimax and paper-alphabeta with the
// paper's listings run under python-chess (testdata/paper_reference.txt:
// "FEN|algo|depth|nodes|White-view value" a line; see testdata/README.md).
// PAPER_REFERENCE names another file of the same form.
func TestPaperReference(t *testing.T) {
	path := "testdata/paper_reference.txt"
	if p := os.Getenv("PAPER_REFERENCE"); p != "" {
		path = p
	}
	n := 0
	forLines(t, path, func(f []string) {
		d, _ := strconv.Atoi(f[2])
		if testing.Short() && d > 3 {
			return
		}
		b, err := board.FromFEN(f[0])
		if err != nil {
			t.Fatalf("%s: %v", f[0], err)
		}
		r := PaperSearch(context.Background(), b, f[1] == "paper-alphabeta", engine.PaperOptions{}, d)
		v := r.Score
		if b.Side() == board.Black {
			v = -v
		}
		got := strconv.Itoa(v)
		switch v {
		case engine.Infinity:
			got = "inf"
		case -engine.Infinity:
			got = "-inf"
		}
		if gotN := strconv.FormatUint(r.Stats.Nodes, 10); gotN != f[3] || got != f[4] {
			t.Errorf("%s %s depth %d: %s nodes, value %s; python-chess: %s nodes, value %s", f[0], f[1], d, gotN, got, f[3], f[4])
		}
		n++
	})
	if n < 100 {
		t.Fatalf("only %d searches", n)
	}
}

func forLines(t *testing.T, path string, fn func([]string)) {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fn(strings.Split(line, "|"))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}
