package game

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/golden"
)

// newGame starts a game from fen and plays moves (UCI or SAN).
func newGame(t *testing.T, fen string, moves ...string) *Game {
	t.Helper()
	g, err := New(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range moves {
		if _, _, err := g.PlayText(mv); err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
	}
	return g
}

// The SAN of moves that notation gets wrong most easily.
func TestSAN(t *testing.T) {
	tests := []struct {
		name, fen, move, want string
	}{
		{"pawn push", board.StartFEN, "e2e4", "e4"},
		{"knight", board.StartFEN, "g1f3", "Nf3"},
		{"castle short", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"castle long", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O"},
		{"promotion with check", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", "b8=Q+"},
		{"under-promotion", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", "b8=N"},
		{"capture promotion", "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8r", "bxa8=R+"},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "exd6"},
		{"file disambiguation", "4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", "a1d1", "Rad1"},
		{"rank disambiguation", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3"},
		{"square disambiguation", "k7/8/8/8/8/2Q1Q3/8/2Q1K3 w - - 0 1", "c3d2", "Qc3d2"},
		{"a pinned knight needs no disambiguation", "4k3/8/8/8/7b/2N3N1/8/4K3 w - - 0 1", "c3e2", "Ne2"},
		{"capture", "4k3/8/8/8/8/8/2N5/K3r3 w - - 0 1", "c2e1", "Nxe1"},
		{"checkmate", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8", "Rd8#"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, tt.fen)
			m, ok := g.ParseUCI(tt.move)
			if !ok {
				t.Fatalf("%s is not legal", tt.move)
			}
			if got := g.MoveSAN(m); got != tt.want {
				t.Errorf("MoveSAN = %q, want %q", got, tt.want)
			}
			san, err := g.Play(m)
			if err != nil || san != tt.want {
				t.Errorf("Play = %q, %v; want %q", san, err, tt.want)
			}
			// SAN reads back as the same move from the same position.
			back := newGame(t, tt.fen)
			if bm, err := back.ParseMove(tt.want); err != nil || bm != m {
				t.Errorf("ParseMove(%q) = %v, %v; want %v", tt.want, bm, err, m)
			}
		})
	}
}

// How games end: automatically, by a claim, or by a player.
func TestOutcome(t *testing.T) {
	nf := []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"}
	tests := []struct {
		name      string
		fen       string
		moves     []string
		claimable []Method
		claim     bool // call Claim
		method    Method
		result    string
	}{
		{"game goes on", board.StartFEN, []string{"e4", "e5"}, nil, false, NoMethod, InProgress},
		{"fool's mate", board.StartFEN, []string{"f3", "e5", "g4", "Qh4#"}, nil, false, Checkmate, BlackWins},
		{"stalemate", "7k/8/6Q1/8/8/8/8/K7 w - - 0 1", []string{"Qf7"}, nil, false, Stalemate, Draw},
		{"insufficient material", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", []string{"Kxd2"}, nil, false, InsufficientMaterial, Draw},
		{"threefold is a claim", board.StartFEN, nf, []Method{ThreefoldRepetition}, false, NoMethod, InProgress},
		{"threefold claimed", board.StartFEN, nf, []Method{ThreefoldRepetition}, true, ThreefoldRepetition, Draw},
		{"two repetitions only", board.StartFEN, nf[:4], nil, true, NoMethod, InProgress},
		{"fifty moves is a claim", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", []string{"Ra2"}, []Method{FiftyMoveRule}, false, NoMethod, InProgress},
		{"fifty moves claimed", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", []string{"Ra2"}, []Method{FiftyMoveRule}, true, FiftyMoveRule, Draw},
		{"seventy-five moves end it", "4k3/8/8/8/8/8/8/R3K3 w - - 149 100", []string{"Ra2"}, nil, false, SeventyFiveMoveRule, Draw},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, tt.fen, tt.moves...)
			if got := g.Claimable(); !slices.Equal(got, tt.claimable) {
				t.Errorf("Claimable = %v, want %v", got, tt.claimable)
			}
			if tt.claim {
				m, ok := g.Claim()
				if ok != (tt.method != NoMethod) || m != tt.method {
					t.Errorf("Claim = %v, %v", m, ok)
				}
			}
			if g.Method() != tt.method || g.Result() != tt.result || g.Over() != (tt.result != InProgress) {
				t.Errorf("ended by %v, %s (over %v); want %v, %s", g.Method(), g.Result(), g.Over(), tt.method, tt.result)
			}
		})
	}
}

func TestResignAndAgree(t *testing.T) {
	g := newGame(t, board.StartFEN, "e4")
	g.Resign(board.Black)
	if g.Method() != Resignation || g.Result() != WhiteWins {
		t.Errorf("resign: %v %s", g.Method(), g.Result())
	}
	if c, ok := g.Winner(); !ok || c != board.White {
		t.Errorf("Winner = %v, %v", c, ok)
	}
	if _, err := g.Play(board.NoMove); err != ErrOver {
		t.Errorf("a move after the end: %v, want ErrOver", err)
	}
	g.AgreeDraw() // the game is over: no change
	if g.Result() != WhiteWins {
		t.Errorf("agree after resign changed the result to %s", g.Result())
	}
	g = newGame(t, board.StartFEN)
	g.AgreeDraw()
	if g.Method() != DrawAgreed || g.Result() != Draw {
		t.Errorf("agree: %v %s", g.Method(), g.Result())
	}
	if _, ok := g.Winner(); ok {
		t.Error("a draw has a winner")
	}
}

// Undo replays the kept moves: the boards, the history (for
// repetitions) and an outcome reached later all go back.
func TestUndo(t *testing.T) {
	g := newGame(t, board.StartFEN, "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8")
	g.Claim()
	if err := g.Undo(2); err != nil {
		t.Fatal(err)
	}
	if g.Over() || g.Len() != 6 || len(g.Claimable()) != 0 {
		t.Errorf("after undo: over %v, %d plies, claimable %v", g.Over(), g.Len(), g.Claimable())
	}
	if want := "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 6 4"; g.FEN() != want || g.Position().String() != want {
		t.Errorf("FEN %s / %s, want %s", g.FEN(), g.Position(), want)
	}
	if got := strings.Join(g.SAN(), " "); got != "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6" {
		t.Errorf("SAN %s", got)
	}
	if got := strings.Join(g.UCI(), " "); got != "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6" {
		t.Errorf("UCI %s", got)
	}
	if g.LastMove().String() != "g8f6" {
		t.Errorf("LastMove %s", g.LastMove())
	}
	if err := g.Truncate(7); err == nil {
		t.Error("Truncate past the end succeeded")
	}
	if err := g.Truncate(0); err != nil || g.Len() != 0 || g.FEN() != board.StartFEN || g.LastMove() != board.NoMove {
		t.Errorf("Truncate(0): %v, %d plies, %s", err, g.Len(), g.FEN())
	}
}

func TestBadInput(t *testing.T) {
	if _, err := New("8/8/8/8/8/8/8/8 w - - 0 1"); err == nil {
		t.Error("a board without kings started a game")
	}
	g := newGame(t, board.StartFEN)
	for _, s := range []string{"e5", "e2e5", "Ke2", "", "zz"} {
		if _, _, err := g.PlayText(s); err == nil {
			t.Errorf("PlayText(%q) succeeded", s)
		}
	}
	if _, ok := g.ParseUCI("Nf3"); ok {
		t.Error("ParseUCI took SAN")
	}
	if g.Len() != 0 {
		t.Errorf("bad moves were played: %v", g.SAN())
	}
}

func TestMover(t *testing.T) {
	g := newGame(t, "4k3/8/8/8/8/8/8/4K3 b - - 0 1")
	if g.Mover(0) != board.Black || g.Mover(1) != board.White || g.Mover(4) != board.Black {
		t.Error("Mover from a Black start")
	}
}

func TestNumbered(t *testing.T) {
	san := []string{"e5", "Nf3", "Nc6", "Bb5"}
	black := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 7"
	tests := []struct {
		fen  string
		from int
		want string
	}{
		{board.StartFEN, 0, "1. e5|Nf3|2. Nc6|Bb5"},
		{board.StartFEN, 1, "1... Nf3|2. Nc6|Bb5"},
		{black, 0, "7... e5|8. Nf3|Nc6|9. Bb5"},
		{black, 3, "9. Bb5"},
		{"", 0, "1. e5|Nf3|2. Nc6|Bb5"},
		{black, 4, ""},
	}
	for _, tt := range tests {
		if got := strings.Join(Numbered(tt.fen, san, tt.from), "|"); got != tt.want {
			t.Errorf("Numbered(%q, %d) = %q, want %q", tt.fen, tt.from, got, tt.want)
		}
	}
}

// The PGN writer byte for byte: the Seven Tag Roster ("?" where the
// header has no value), escaped tags, FEN and SetUp before the extra
// tags, a start from a FEN with Black to move, comments (one with a
// brace) that wrap, a final comment.
func TestWritePGNGolden(t *testing.T) {
	g := newGame(t, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
		"Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7")
	var buf bytes.Buffer
	p := g.PGN(Header{Event: `a "quoted" \ event`, Date: Date(time.Date(2026, 11, 26, 23, 0, 0, 0, time.UTC)), Extra: []Tag{{"Annotator", "plylab"}}})
	p.Comments = []string{"book", "", "a comment that is long enough to need more than the rest of its line }"}
	p.Final = "unfinished"
	if err := WritePGN(&buf, p); err != nil {
		t.Fatal(err)
	}
	g = newGame(t, board.StartFEN, "f3", "e5", "g4", "Qh4#")
	if err := WritePGN(&buf, g.PGN(Header{White: "W", Black: "B"})); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "write.pgn", buf.String())
}
