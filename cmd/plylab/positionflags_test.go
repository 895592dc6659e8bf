package main

import (
	"testing"

	"github.com/plylab/plylab/cmd/internal/cliapp"
)

// TestFENPosition: a FEN typed by the user is board.FENPosition's, and a
// bad one a usage error (exit status 2) that says what to do; the checks
// themselves are tested in engine/board.
func TestFENPosition(t *testing.T) {
	t.Parallel()
	p, err := fenPosition("  4k3/8/8/8/8/8/8/4K3   b  -  -  12   40 ")
	if err != nil || p.Name != "fen" || p.FEN != "4k3/8/8/8/8/8/8/4K3 b - - 12 40" {
		t.Errorf("fenPosition = %q %q, %v", p.Name, p.FEN, err)
	}
	const bad = "8/8/8/8/8/8/8/4K3 w - - 0 1"
	const want = `invalid FEN "` + bad + `": no black king; fix the --fen value (board, side to move, castling, en passant, halfmove clock, move number) or use a name from 'plylab positions list'`
	_, err = fenPosition(bad)
	if err == nil || err.Error() != want || !cliapp.IsUsageError(err) {
		t.Errorf("fenPosition(%q) = %v, want the usage error %q", bad, err, want)
	}
	r := runCLI(t, "positions", "show", "--fen", bad)
	if line := wantUsageError(t, r); line != "plylab: "+want {
		t.Errorf("positions show --fen %q:\n got %s\nwant plylab: %s", bad, line, want)
	}
}
