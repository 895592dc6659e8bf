package datagen

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"testing"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/nnue"
)

// smallRun plays with the classical evaluation, so that the pinned games
// below do not move each time the built-in network is retrained.
func smallRun(games, workers int) Options {
	o := engine.EngineOptions()
	o.Eval = eval.Classical
	return Options{Engine: o, Games: games, Nodes: 300, Seed: 9, Concurrency: workers, MaxPlies: 160}
}

// TestGenerateDeterministic: the same seed gives the same file at any
// concurrency, and the counts are pinned.
func TestGenerateDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	var one, two bytes.Buffer
	s1, err := Generate(context.Background(), smallRun(4, 1), &one)
	if err != nil {
		t.Fatal(err)
	}
	s2, err := Generate(context.Background(), smallRun(4, 2), &two)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(one.Bytes(), two.Bytes()) {
		t.Fatal("-j 1 and -j 2 wrote different data")
	}
	if s1.Positions != s2.Positions || s1.Results != s2.Results || s1.Plies != s2.Plies {
		t.Errorf("summaries differ: %+v and %+v", s1, s2)
	}
	if one.Len() != s1.Positions*nnue.RecordSize {
		t.Errorf("%d bytes for %d positions", one.Len(), s1.Positions)
	}
	got := fmt.Sprintf("%d games, %d skipped, %d positions, %d plies, results %v, %d adjudicated, sha256 %x",
		s1.Games, s1.Skipped, s1.Positions, s1.Plies, s1.Results, s1.Adjudged, sha256.Sum256(one.Bytes()))
	const want = "4 games, 2 skipped, 365 positions, 576 plies, results [2 2 0], 4 adjudicated, sha256 cb66f25646e611e28156438b2941de4b2fbdb31abea04e874e216d436f7b307e"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestRecordsAreQuiet: every record is a position a game reached, the
// side to move not in check, with a result consistent over the game.
func TestRecordsAreQuiet(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	var buf bytes.Buffer
	if _, err := Generate(context.Background(), smallRun(3, 1), &buf); err != nil {
		t.Fatal(err)
	}
	recs, err := nnue.ReadRecords(&buf)
	if err != nil || len(recs) == 0 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	for i := range recs {
		b, err := recs[i].Board()
		if err != nil {
			t.Fatalf("record %d: %v", i, err)
		}
		if b.InCheck() {
			t.Errorf("record %d (%s) is in check", i, b.FEN())
		}
		if s := recs[i].Score(); engine.IsMate(s) || engine.IsMate(-s) {
			t.Errorf("record %d has a mate score %d", i, s)
		}
	}
	if recs[0].Result() > nnue.WhiteWins {
		t.Errorf("bad result %d", recs[0].Result())
	}
}

func TestCheck(t *testing.T) {
	for _, c := range []struct {
		o    Options
		want string
	}{
		{Options{Games: 0}, "games 0: expected 1 to"},
		{Options{Games: 1, Nodes: MaxNodes + 1}, "nodes 10000001"},
		{Options{Games: 1, RandomPlies: 41}, "random plies 41"},
		{Options{Games: 1, MaxPlies: -1}, "cannot be negative"},
		{Options{Games: 1, Concurrency: 65}, "concurrency 65"},
	} {
		err := c.o.Check()
		if err == nil || !bytes.Contains([]byte(err.Error()), []byte(c.want)) {
			t.Errorf("%+v: Check() = %v, want %q", c.o, err, c.want)
		}
		if _, err := Generate(context.Background(), c.o, &bytes.Buffer{}); err == nil {
			t.Errorf("%+v: Generate ran", c.o)
		}
	}
}

// TestCancel: a cancelled run writes only whole games and says why it
// stopped.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	o := smallRun(1000, 2)
	o.Progress = func(s Summary) {
		if s.Games == 2 {
			cancel()
		}
	}
	var buf bytes.Buffer
	s, err := Generate(ctx, o, &buf)
	if err != context.Canceled {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if s.Games < 2 || s.Games >= 1000 || buf.Len() != s.Positions*nnue.RecordSize {
		t.Errorf("%d games, %d positions, %d bytes", s.Games, s.Positions, buf.Len())
	}
}

func TestDrawn(t *testing.T) {
	for fen, want := range map[string]bool{
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1":     true,
		"4k3/8/8/8/8/8/8/4KB2 w - - 0 1":    true,
		"4k3/8/8/8/8/8/8/3QK3 w - - 0 1":    false,
		"4k3/8/8/8/8/8/8/3QK3 w - - 100 80": true,
	} {
		b, err := board.FromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := drawn(b); got != want {
			t.Errorf("drawn(%s) = %v, want %v", fen, got, want)
		}
	}
}
