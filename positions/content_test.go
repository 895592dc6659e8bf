package positions

import (
	"slices"
	"strings"
	"testing"

	"github.com/notnil/chess"
)

// play plays SAN moves from fen and returns the final position.
func play(t *testing.T, fen string, sans ...string) *chess.Position {
	t.Helper()
	pos := mustPos(t, fen)
	for _, san := range sans {
		pos = pos.Update(mustMove(t, pos, san))
	}
	return pos
}

// TestMateLines plays the mates of the named positions out with
// notnil/chess: each ends in checkmate.
func TestMateLines(t *testing.T) {
	tests := []struct {
		name  string
		moves []string
	}{
		{"paper-mate2", []string{"Ra6", "bxa6", "b7#"}},
		{"paper-mate2", []string{"Ra6", "Bc7", "Rxa7#"}},
		{"paper-mate2", []string{"Ra6", "Bh2", "Rxa7#"}},
		{"mate2-b", []string{"Qb8+", "Nxb8", "Rd8#"}},
		{"mate3", []string{"Qd8+", "Kxd8", "Bg5+", "Kc7", "Bd8#"}},
		{"mate3", []string{"Qd8+", "Kxd8", "Bg5+", "Ke8", "Rd8#"}},
	}
	for _, tt := range tests {
		t.Run(tt.name+"/"+strings.Join(tt.moves, " "), func(t *testing.T) {
			p := mustLookup(t, tt.name)
			if p.BestMoves[0] != tt.moves[0] {
				t.Errorf("BestMoves %q, want %q first", p.BestMoves, tt.moves[0])
			}
			if got := play(t, p.FEN, tt.moves...).Status(); got != chess.Checkmate {
				t.Errorf("final position status %v, want checkmate", got)
			}
			g := chess.NewGame(must(chess.FEN(p.FEN)))
			for _, san := range tt.moves {
				if err := g.MoveStr(san); err != nil {
					t.Fatal(err)
				}
			}
			if g.Method() != chess.Checkmate || g.Outcome() != chess.WhiteWon {
				t.Errorf("game ends %v %v, want white mates", g.Method(), g.Outcome())
			}
		})
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// forcedMate reports whether the side to move in pos can force checkmate in
// at most n of its own moves, searching every defence exhaustively.
func forcedMate(pos *chess.Position, n int) bool {
	if n <= 0 {
		return false
	}
	for _, m := range pos.ValidMoves() {
		if n == 1 && !m.HasTag(chess.Check) {
			continue // a mating move gives check
		}
		if everyReplyMated(pos.Update(m), n-1) {
			return true
		}
	}
	return false
}

// everyReplyMated reports whether the side to move in pos is checkmated now
// or, whatever it plays, gets mated within n moves of the other side.
func everyReplyMated(pos *chess.Position, n int) bool {
	replies := pos.ValidMoves()
	if len(replies) == 0 {
		return pos.Status() == chess.Checkmate
	}
	for _, r := range replies {
		if !forcedMate(pos.Update(r), n) {
			return false
		}
	}
	return true
}

// TestMatesAreForced proves the mates exhaustively: the key move mates by
// force in n moves, there is no mate in n-1 and (unless -short) no other
// first move mates in n.
func TestMatesAreForced(t *testing.T) {
	tests := []struct {
		name string
		n    int
	}{
		{"paper-mate2", 2},
		{"mate2-b", 2},
		{"mate3", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustLookup(t, tt.name)
			if len(p.BestMoves) != 1 {
				t.Fatalf("BestMoves %q, want the one key move", p.BestMoves)
			}
			pos := mustPos(t, p.FEN)
			key := mustMove(t, pos, p.BestMoves[0])
			if !everyReplyMated(pos.Update(key), tt.n-1) {
				t.Errorf("%s does not mate in %d", p.BestMoves[0], tt.n)
			}
			if forcedMate(pos, tt.n-1) {
				t.Errorf("there is a mate in %d", tt.n-1)
			}
		})
	}
	if testing.Short() {
		return
	}
	// Each key is unique: no other first move mates as fast.
	for _, tt := range tests {
		p := mustLookup(t, tt.name)
		pos := mustPos(t, p.FEN)
		for _, m := range pos.ValidMoves() {
			san := chess.AlgebraicNotation{}.Encode(pos, m)
			if san != p.BestMoves[0] && everyReplyMated(pos.Update(m), tt.n-1) {
				t.Errorf("%s: %s also mates in %d", tt.name, san, tt.n)
			}
		}
	}
}

// TestBestMovesAreLegal checks every named position's best and avoid moves
// are legal SAN (the suites are covered by
// TestEveryBestAndAvoidMoveIsLegalSAN).
func TestBestMovesAreLegal(t *testing.T) {
	for _, p := range Named() {
		pos := mustPos(t, p.FEN)
		for _, san := range slices.Concat(p.BestMoves, p.AvoidMoves) {
			m := mustMove(t, pos, san)
			if got := (chess.AlgebraicNotation{}).Encode(pos, m); got != san {
				t.Errorf("%s: %q is written %q by notnil", p.Name, san, got)
			}
		}
	}
	// paper-mate2's Ra6 in particular: the rook goes from a1 to a6.
	p := mustLookup(t, "paper-mate2")
	m := mustMove(t, mustPos(t, p.FEN), "Ra6")
	if m.S1() != chess.A1 || m.S2() != chess.A6 {
		t.Errorf("Ra6 decodes to %v", m)
	}
}

// sanMoves returns the legal moves of pos in SAN, sorted.
func sanMoves(pos *chess.Position) []string {
	var out []string
	for _, m := range pos.ValidMoves() {
		out = append(out, chess.AlgebraicNotation{}.Encode(pos, m))
	}
	slices.Sort(out)
	return out
}

// TestZugzwang checks what makes 1.Rf1 work: Black's rook is tied to g1
// and the king is stuck, so Black can only push pawns or give up the rook.
func TestZugzwang(t *testing.T) {
	p := mustLookup(t, "zugzwang")
	got := sanMoves(play(t, p.FEN, "Rf1"))
	want := []string{"Rxf1+", "a5", "c5", "h3"}
	if !slices.Equal(got, want) {
		t.Errorf("Black's moves after Rf1: %q, want %q", got, want)
	}
}

// TestTrebuchet checks the mutual zugzwang: whichever side is to move,
// every legal move lets the other king take its pawn.
func TestTrebuchet(t *testing.T) {
	p := mustLookup(t, "zugzwang-kp")
	if len(p.BestMoves) != 0 {
		t.Errorf("every move loses, yet BestMoves = %q", p.BestMoves)
	}
	for _, tt := range []struct{ fen, capture string }{
		{p.FEN, "Kxd4"}, // White to move: Black takes d4
		{strings.Replace(p.FEN, " w ", " b ", 1), "Kxd5"}, // Black to move: White takes d5
	} {
		pos := mustPos(t, tt.fen)
		moves := pos.ValidMoves()
		if len(moves) == 0 {
			t.Fatalf("%s: no moves", tt.fen)
		}
		for _, m := range moves {
			after := pos.Update(m)
			if !slices.Contains(sanMoves(after), tt.capture) {
				t.Errorf("%s: after %s the reply %s is not possible", tt.fen,
					chess.AlgebraicNotation{}.Encode(pos, m), tt.capture)
			}
		}
	}
}

// material is White's material minus Black's, in pawns (N=B=3, R=5, Q=9).
func material(pos *chess.Position) int {
	values := map[chess.PieceType]int{chess.Pawn: 1, chess.Knight: 3, chess.Bishop: 3, chess.Rook: 5, chess.Queen: 9}
	sum := 0
	for _, pc := range pos.Board().SquareMap() {
		v := values[pc.Type()]
		if pc.Color() == chess.Black {
			v = -v
		}
		sum += v
	}
	return sum
}

// sideSign is +1 when White is to move, -1 when Black is.
func sideSign(pos *chess.Position) int {
	if pos.Turn() == chess.White {
		return 1
	}
	return -1
}

// negamax is a plain fixed-depth material search without quiescence,
// from the side to move's point of view.
func negamax(pos *chess.Position, depth int) int {
	if depth == 0 {
		return sideSign(pos) * material(pos)
	}
	moves := pos.ValidMoves()
	if len(moves) == 0 {
		return sideSign(pos) * material(pos) // no mates or stalemates in these lines
	}
	best := -1000
	for _, m := range moves {
		best = max(best, -negamax(pos.Update(m), depth-1))
	}
	return best
}

// quiesce is a capture-only material search with stand pat.
func quiesce(pos *chess.Position) int {
	best := sideSign(pos) * material(pos)
	for _, m := range pos.ValidMoves() {
		if m.HasTag(chess.Capture) {
			best = max(best, -quiesce(pos.Update(m)))
		}
	}
	return best
}

// TestHorizon checks the claims of the horizon position's description with
// a material-only search: a depth-1 search without quiescence values both
// captures on d5 at +1 pawn and nothing higher; depth 3 still values Nxd5
// at +1; quiescence and depth 4 show Nxd5 and Rxd5 lose material.
func TestHorizon(t *testing.T) {
	p := mustLookup(t, "horizon")
	root := mustPos(t, p.FEN)
	base := material(root)
	gain := map[string]int{}
	for _, m := range root.ValidMoves() {
		san := chess.AlgebraicNotation{}.Encode(root, m)
		gain[san] = -negamax(root.Update(m), 0) - base
	}
	var best []string
	top := -1000
	for san, g := range gain {
		if g > top {
			top, best = g, nil
		}
		if g == top {
			best = append(best, san)
		}
	}
	slices.Sort(best)
	if top != 1 || !slices.Equal(best, []string{"Nxd5", "Rxd5"}) {
		t.Errorf("depth 1 without quiescence: best %q at %+d, want Nxd5 and Rxd5 at +1", best, top)
	}
	if !slices.Equal(p.AvoidMoves, []string{"Nxd5", "Rxd5"}) {
		t.Errorf("AvoidMoves %q", p.AvoidMoves)
	}
	for _, tt := range []struct {
		san             string
		depth3, quiesce int
	}{
		{"Nxd5", 1, -2},
		{"Rxd5", -1, -4},
	} {
		after := root.Update(mustMove(t, root, tt.san))
		if got := -negamax(after, 2) - base; got != tt.depth3 {
			t.Errorf("%s: depth-3 value %+d, want %+d", tt.san, got, tt.depth3)
		}
		if got := -quiesce(after) - base; got != tt.quiesce {
			t.Errorf("%s: value with quiescence %+d, want %+d", tt.san, got, tt.quiesce)
		}
	}
	// Standing pat is worth 0: the d5 grab loses against doing nothing.
	if got := quiesce(root) - base; got != 0 {
		t.Errorf("root value with quiescence %+d, want 0", got)
	}
}
