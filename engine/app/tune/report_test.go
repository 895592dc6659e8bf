package tune

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"

	"github.com/plylab/plylab/engine/internal/faultio"
)

func TestReadPGNFiles(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.pgn"), filepath.Join(dir, "b.pgn")
	for _, f := range []string{a, b} {
		if err := os.WriteFile(f, []byte(testPGN), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	one, err := ReadPGN(strings.NewReader(testPGN), a, ExtractOptions{SkipPlies: 4})
	if err != nil {
		t.Fatal(err)
	}
	set, err := ReadPGNFiles([]string{a, b}, ExtractOptions{SkipPlies: 4})
	if err != nil {
		t.Fatal(err)
	}
	// Twice the games of TestReadPGN: 3 games and 68 positions each.
	if set.Games != 6 || set.Positions != 136 || len(set.Samples) != 2*len(one.Samples) || set.Source != a+", "+b {
		t.Errorf("two files: %d games, %d positions, %d samples (one file: %d), source %q", set.Games, set.Positions, len(set.Samples), len(one.Samples), set.Source)
	}
	if _, err := ReadPGNFiles([]string{a, filepath.Join(dir, "none.pgn")}, ExtractOptions{}); !os.IsNotExist(err) {
		t.Errorf("a missing file: %v, want a not-exist error", err)
	}
	bad := filepath.Join(dir, "bad.pgn")
	os.WriteFile(bad, []byte("not a pgn"), 0o644)
	if _, err := ReadPGNFiles([]string{bad}, ExtractOptions{}); err == nil {
		t.Error("a file that is not PGN: no error")
	}
	if set, err := ReadPGNFiles(nil, ExtractOptions{}); set != nil || err != nil {
		t.Errorf("no files: %v, %v; want nil, nil", set, err)
	}
}

func TestReportEpochs(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		n, every int
		want     []int
	}{
		{0, 5, nil},
		{10, 5, []int{5, 10}},
		{12, 5, []int{5, 10, 12}},
		{3, 1, []int{1, 2, 3}},
		{3, 0, []int{1, 2, 3}},
		{4, 10, []int{4}},
	} {
		if got := ReportEpochs(tt.n, tt.every); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ReportEpochs(%d, %d) = %v, want %v", tt.n, tt.every, got, tt.want)
		}
	}
}

func TestErrorAt(t *testing.T) {
	t.Parallel()
	r := &Result{ErrorBefore: 0.5, Errors: []float64{0.4, 0.3}, ValidBefore: 0.6, ValidErrors: []float64{0.55, 0.58}}
	for epoch, want := range [][2]float64{{0.5, 0.6}, {0.4, 0.55}, {0.3, 0.58}} {
		if got := [2]float64{r.ErrorAt(epoch), r.ValidErrorAt(epoch)}; got != want {
			t.Errorf("epoch %d: errors %v, want %v", epoch, got, want)
		}
	}
}

func TestProvenance(t *testing.T) {
	t.Parallel()
	set := &Set{Samples: make([]Sample, 7), Valid: make([]Sample, 2), Games: 3, Positions: 68, Source: "test.pgn"}
	res := &Result{K: 1.25, ErrorBefore: 0.1, ErrorNow: 0.09, ValidBefore: 0.2, ValidNow: 0.19, Epochs: 40}
	got := Provenance("plylab tune --epochs 40", set, 4, res, Options{Rate: 0.5, L2: 1e-6})
	want := "Made by: plylab tune --epochs 40\n" +
		"Data: test.pgn; 3 games, 68 positions after ply 4, 7 quiet ones for training, 2 held out.\n" +
		"K = 1.2500; training error 0.100000 before, 0.090000 after; held-out error 0.200000 before, 0.190000 after (term weights, 40 epochs of Adam, rate 0.5, L2 1e-06)."
	if got != want {
		t.Errorf("Provenance =\n%s\nwant\n%s", got, want)
	}
	got = Provenance("plylab tune --squares", set, 4, res, Options{Rate: 0.5, Squares: true})
	if want := "(term weights and piece-square corrections, 40 epochs of Adam, rate 0.5, L2 0)."; !strings.HasSuffix(got, want) {
		t.Errorf("Provenance with squares =\n%s\nwant it to end %q", got, want)
	}
}

// TestReadPGNReadError: a read error (a directory, a failing disk) stops
// the reading at once with "cannot read SOURCE: CAUSE".
func TestReadPGNReadError(t *testing.T) {
	t.Parallel()
	r := &faultio.Reader{Text: testPGN, Err: &fs.PathError{Op: "read", Path: "games.pgn", Err: syscall.EISDIR}}
	set, err := ReadPGN(r, "games.pgn", ExtractOptions{SkipPlies: 4})
	if set != nil || err == nil || err.Error() != "cannot read games.pgn: is a directory" || r.Fails != 1 {
		t.Errorf("ReadPGN = %v, %v after %d failed reads; want nil, \"cannot read games.pgn: is a directory\" after 1", set, err, r.Fails)
	}
}
