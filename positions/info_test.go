package positions

import (
	"reflect"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/board"
)

func TestInfoTitle(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		info Info
		want string
	}{
		{Info{Name: "kiwipete", Description: "a test position"}, "kiwipete: a test position"},
		{Info{Name: "start"}, "start"},
		{Info{Name: "fen"}, "Position from a FEN"},
		{Info{Name: "WAC.004", Suite: "wac", Description: "mate"}, "wac WAC.004: mate"},
		{Info{Name: "fen", Suite: "mine"}, "mine fen"},
	} {
		if got := tt.info.Title(); got != tt.want {
			t.Errorf("Title(%+v) = %q, want %q", tt.info, got, tt.want)
		}
	}
}

func TestInfoLines(t *testing.T) {
	t.Parallel()
	ep := "e3"
	plain := Info{Name: "x", Facts: board.Facts{FEN: "F", SideToMove: "black", Castling: "KQkq", EnPassant: &ep, Status: "normal",
		LegalMoves: []string{"a6", "e5"}, LegalMoveCount: 2, Material: board.Material{White: 39, Black: 39}}}
	mated := Info{Name: "WAC.001", Suite: "wac", BestMoves: []string{"Qg6", "Rxg7"}, AvoidMoves: []string{"Kh1"},
		Facts: board.Facts{FEN: "G", SideToMove: "white", Castling: "-", Status: "checkmate", LegalMoves: []string{}, Material: board.Material{White: 4, Black: 9, Balance: -5}}}
	for _, tt := range []struct {
		name string
		info Info
		want []Line
	}{
		{"plain", plain, []Line{
			{"fen", "FEN", "F"},
			{"side_to_move", "Side to move", "Black"},
			{"castling", "Castling", "KQkq"},
			{"en_passant", "En passant", "e3"},
			{"material", "Material", "White 39, Black 39 (equal)"},
			{"legal_move_count", "Legal moves", "2"},
			{"legal_moves", "", "a6 e5"},
		}},
		{"suite, mated", mated, []Line{
			{"fen", "FEN", "G"},
			{"side_to_move", "Side to move", "White"},
			{"castling", "Castling", "none (-)"},
			{"en_passant", "En passant", "none (-)"},
			{"material", "Material", "White 4, Black 9 (Black +5)"},
			{"status", "Status", "White is checkmated"},
			{"suite", "Suite", "wac, id WAC.001"},
			{"best_moves", "Best move", "Qg6 Rxg7"},
			{"avoid_moves", "Avoid move", "Kh1"},
			{"legal_move_count", "Legal moves", "0"},
			{"legal_moves", "", ""},
		}},
	} {
		if got := tt.info.Lines(); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: Lines() =\n%q\nwant\n%q", tt.name, got, tt.want)
		}
	}
	for status, want := range map[string]string{"check": "Black is in check", "stalemate": "stalemate"} {
		in := plain
		in.Status = status
		in.Material = board.Material{White: 10, Black: 3, Balance: 7}
		lines := in.Lines()
		if got := lines[4].Value; got != "White 10, Black 3 (White +7)" {
			t.Errorf("material line %q", got)
		}
		if got := lines[5]; got != (Line{"status", "Status", want}) {
			t.Errorf("status %s: line %q, want %q", status, got, want)
		}
	}
}

func TestInfoOf(t *testing.T) {
	p, err := Lookup("kiwipete")
	if err != nil {
		t.Fatal(err)
	}
	info, pos, err := InfoOf(p)
	if err != nil {
		t.Fatal(err)
	}
	if info.Name != "kiwipete" || info.LegalMoveCount != 48 || info.SideToMove != "white" || info.Castling != "KQkq" ||
		pos.String() != info.FEN || info.BestMoves == nil || info.AvoidMoves == nil || len(info.Perft) == 0 || info.Perft[0] != 48 {
		t.Errorf("kiwipete: %+v", info)
	}
	info, _, err = InfoOf(Position{Name: "fen", FEN: "8/8/8/4k3/8/8/4P3/4K3 w - -"})
	if err != nil || info.Perft == nil || len(info.Perft) != 0 || info.FEN != "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1" {
		t.Errorf("a typed FEN: %+v, %v", info, err)
	}
	for _, tt := range []struct {
		p    Position
		want string
	}{
		{Position{Name: "fen", FEN: "8/8/8 w - - 0 1"}, `invalid FEN "8/8/8 w - - 0 1": `},
		{Position{Name: "broken", FEN: "8/8/8 w - - 0 1"}, `built-in position "broken" has a bad FEN: invalid FEN "8/8/8 w - - 0 1": `},
	} {
		if _, _, err := InfoOf(tt.p); err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q...", tt.p.Name, err, tt.want)
		}
	}
}

func TestInfoTable(t *testing.T) {
	info, _, err := InfoOf(Position{Name: "start", FEN: board.StartFEN})
	if err != nil {
		t.Fatal(err)
	}
	tab := info.Table()
	if tab.Title != info.Title() || len(tab.Columns) != 2 || tab.Columns[0].Key != "field" || tab.Columns[1].Key != "value" {
		t.Fatalf("table = %q %+v", tab.Title, tab.Columns)
	}
	got := map[string]string{}
	for _, r := range tab.Rows {
		got[r[0].Text] = r[1].Text
	}
	for k, v := range map[string]string{"fen": board.StartFEN, "side_to_move": "White", "castling": "KQkq", "en_passant": "none (-)",
		"material": "White 39, Black 39 (equal)", "legal_move_count": "20"} {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	if len(tab.Rows) != len(info.Lines()) {
		t.Errorf("%d rows, want one per line (%d)", len(tab.Rows), len(info.Lines()))
	}
}
