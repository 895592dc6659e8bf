package cliapp

import "testing"

// TestFENPosition: a FEN typed by the user is board.FENPosition's, and a
// bad one a usage error (exit status 2) that says what to do; the checks
// themselves are tested in engine/board (cmd/plylab's tests run it from
// the command line).
func TestFENPosition(t *testing.T) {
	t.Parallel()
	p, err := FENPosition("  4k3/8/8/8/8/8/8/4K3   b  -  -  12   40 ")
	if err != nil || p.Name != "fen" || p.FEN != "4k3/8/8/8/8/8/8/4K3 b - - 12 40" {
		t.Errorf("FENPosition = %q %q, %v", p.Name, p.FEN, err)
	}
	const bad = "8/8/8/8/8/8/8/4K3 w - - 0 1"
	const want = `invalid FEN "` + bad + `": no black king; fix the --fen value (board, side to move, castling, en passant, halfmove clock, move number) or use a name from 'plylab positions list'`
	_, err = FENPosition(bad)
	if err == nil || err.Error() != want || !IsUsageError(err) {
		t.Errorf("FENPosition(%q) = %v, want the usage error %q", bad, err, want)
	}
}
