package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/plylab/plylab/cmd/internal/boardtext"
	"github.com/plylab/plylab/engine/app/extengine"
	"github.com/plylab/plylab/engine/app/lab"
	"github.com/plylab/plylab/positions"
)

func TestPositionsListGolden(t *testing.T) {
	t.Parallel()
	r := runCLI(t, "positions", "list")
	wantOK(t, r)
	golden(t, "positions_list", r.stdout)
}

func TestPositionsListFormats(t *testing.T) {
	t.Parallel()
	r := runCLI(t, "positions", "list", "--format", "json")
	wantOK(t, r)
	var v struct {
		Rows []map[string]any `json:"rows"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &v); err != nil {
		t.Fatalf("invalid JSON: %v", err)
	}
	if want := len(positions.Named()) + len(positions.Suites()); len(v.Rows) != want {
		t.Errorf("%d rows, want %d", len(v.Rows), want)
	}
	r = runCLI(t, "positions", "list", "-f", "csv")
	wantOK(t, r)
	if !strings.HasPrefix(r.stdout, "name,kind,to_move,count,description\n") {
		t.Errorf("csv header: %q", strings.SplitN(r.stdout, "\n", 2)[0])
	}
	r = runCLI(t, "positions", "list", "-f", "markdown")
	wantOK(t, r)
	if !strings.Contains(r.stdout, "| ---") || !strings.Contains(r.stdout, "---: |") {
		t.Errorf("markdown table expected:\n%s", r.stdout)
	}
}

func TestPositionsShowGolden(t *testing.T) {
	t.Parallel()
	r := runCLI(t, "positions", "show", "paper-mate2")
	wantOK(t, r)
	golden(t, "positions_show_paper-mate2", r.stdout)
	if strings.Contains(r.stdout, "\x1b") {
		t.Error("escape codes with color off")
	}
}

func TestPositionsShowColor(t *testing.T) {
	t.Parallel()
	r := runCLI(t, "--color", "always", "positions", "show", "paper-mate2")
	wantOK(t, r)
	for _, want := range []string{"\x1b[", boardtext.LightSquare, boardtext.DarkSquare, "♚", "♔"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("colored board lacks %q", want)
		}
	}
}

func TestPositionsShowSuitePosition(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"positions", "show", "wac", "--id", "WAC.004"},
		{"positions", "show", "--id", "WAC.004", "wac"},
		{"positions", "show", "--suite", "wac", "--id", "WAC.004"},
	} {
		r := runCLI(t, args...)
		wantOK(t, r)
		for _, want := range []string{"Qxh7+", "WAC.004", "Best move"} {
			if !strings.Contains(r.stdout, want) {
				t.Errorf("%v: output lacks %q:\n%s", args, want, r.stdout)
			}
		}
	}
}

func TestPositionsShowSuiteList(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"positions", "show", "wac"}, {"positions", "show", "--suite", "wac"}} {
		r := runCLI(t, args...)
		wantOK(t, r)
		if !strings.Contains(r.stdout, "WAC.004") {
			t.Errorf("%v: suite listing lacks WAC.004:\n%s", args, r.stdout)
		}
	}
}

func TestPositionsShowStart(t *testing.T) {
	t.Parallel()
	r := runCLI(t, "positions", "show")
	wantOK(t, r)
	for _, want := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"8 | r n b q k b n r |",
		"1 | R N B Q K B N R |",
		"    a b c d e f g h",
		"Legal moves   20",
		"Na3 Nc3 Nf3 Nh3 a3 a4",
		"White 39, Black 39 (equal)",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, r.stdout)
		}
	}
	flipped := runCLI(t, "positions", "show", "start", "--flip")
	wantOK(t, flipped)
	for _, want := range []string{"1 | R N B K Q B N R |", "    h g f e d c b a"} {
		if !strings.Contains(flipped.stdout, want) {
			t.Errorf("flipped output lacks %q:\n%s", want, flipped.stdout)
		}
	}
}

func TestPositionsShowFEN(t *testing.T) {
	t.Parallel()
	// Four fields, en passant, and flags after the positional-free command.
	r := runCLI(t, "positions", "show", "--fen", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6", "--format", "json")
	wantOK(t, r)
	var info map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &info); err != nil {
		t.Fatalf("invalid JSON: %v\n%s", err, r.stdout)
	}
	if info["fen"] != "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 1" ||
		info["en_passant"] != "f6" || info["side_to_move"] != "white" || info["castling"] != "KQkq" {
		t.Errorf("unexpected JSON: %v", info)
	}
	moves, _ := info["legal_moves"].([]any)
	found := false
	for _, m := range moves {
		found = found || m == "exf6"
	}
	if !found || int(info["legal_move_count"].(float64)) != len(moves) {
		t.Errorf("legal moves %v should include exf6 (en passant)", moves)
	}
	mat := info["material"].(map[string]any)
	if mat["white"] != 39.0 || mat["black"] != 39.0 || mat["balance"] != 0.0 {
		t.Errorf("material = %v", mat)
	}
}

func TestPositionsShowStatus(t *testing.T) {
	t.Parallel()
	for fen, want := range map[string]string{
		"3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1": "Black is checkmated",
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1":        "stalemate",
		"4k3/8/8/8/8/8/4R3/4K3 b - - 0 1":       "Black is in check",
	} {
		r := runCLI(t, "positions", "show", "--fen", fen)
		wantOK(t, r)
		if !strings.Contains(r.stdout, want) {
			t.Errorf("%s: output lacks %q:\n%s", fen, want, r.stdout)
		}
	}
}

// Every built-in position must pass the same FEN checks as user input.
func TestBuiltinPositionsAreValid(t *testing.T) {
	t.Parallel()
	all := positions.Named()
	for _, s := range positions.Suites() {
		all = append(all, s.Positions...)
	}
	for _, p := range all {
		if _, _, err := describePosition(p); err != nil {
			t.Errorf("%s %s: %v", p.Suite, p.Name, err)
		}
	}
}

func TestPositionsShowOptions(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args     []string
		position string // the position's name, or "" when a suite is listed
		suite    string // the listed suite, or ""
		flip     bool
		format   string
	}{
		{[]string{"show"}, "start", "", false, "table"},
		{[]string{"show", "kiwipete", "--flip", "-f", "json"}, "kiwipete", "", true, "json"},
		{[]string{"show", "wac"}, "", "wac", false, "table"},
		{[]string{"show", "wac", "--id", "WAC.004"}, "WAC.004", "", false, "table"},
		{[]string{"show", "--suite", "bk"}, "", "bk", false, "table"},
		{[]string{"show", "--suite", "bk", "--id", "BK.02", "-f", "csv"}, "BK.02", "", false, "csv"},
		{[]string{"show", "--fen", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"}, "fen", "", false, "table"},
	} {
		o, msg := parseOptions(t, newPositionsShowCommand, tt.args...)
		if o == nil {
			t.Errorf("%v: %s", tt.args, msg)
			continue
		}
		suite := ""
		if o.Suite != nil {
			suite = o.Suite.Name
		}
		position := o.Position.Name
		if o.Suite != nil {
			position = ""
		}
		if position != tt.position || suite != tt.suite || o.Flip != tt.flip || o.Format != tt.format {
			t.Errorf("%v: got position %q, suite %q, flip %v, format %s; want %q, %q, %v, %s",
				tt.args, position, suite, o.Flip, o.Format, tt.position, tt.suite, tt.flip, tt.format)
		}
	}
	for _, tt := range []struct {
		want string
		args []string
	}{
		{"too many arguments", []string{"show", "start", "kiwipete"}},
		{"not both", []string{"show", "start", "--fen", "8/8/8/8/8/8/8/K1k5 w - - 0 1"}},
		{`"start" is a position, not a suite`, []string{"show", "start", "--id", "1"}},
		{`unknown position "kiwipet"`, []string{"show", "kiwipet"}},
		{`unknown format "xml"`, []string{"show", "-f", "xml"}},
	} {
		wantParseError(t, newPositionsShowCommand, tt.want, tt.args...)
	}
}

func TestPositionsListOptions(t *testing.T) {
	t.Parallel()
	o, msg := parseOptions(t, newPositionsListCommand, "list", "-f", "markdown")
	if o == nil || o.Format != "markdown" {
		t.Errorf("list -f markdown: got %+v (%s)", o, msg)
	}
	wantParseError(t, newPositionsListCommand, "'positions list' takes no arguments", "list", "start")
}

// TestPositionsShowRun reports a position given by FEN without the CLI:
// its facts as CSV.
func TestPositionsShowRun(t *testing.T) {
	t.Parallel()
	var out strings.Builder
	p := positions.Position{Name: "fen", FEN: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"}
	if err := positionsShowRun(t.Context(), &PositionsShowOptions{Position: p, Format: "csv"}, &out, nil); err != nil {
		t.Fatal(err)
	}
	const want = "field,value\nfen,4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\nside_to_move,White\ncastling,none (-)\nen_passant,none (-)\nmaterial,\"White 1, Black 0 (White +1)\"\nlegal_move_count,6\nlegal_moves,Kd1 Kd2 Kf1 Kf2 e3 e4\n"
	if out.String() != want {
		t.Errorf("positionsShowRun wrote\n%s\nwant\n%s", out.String(), want)
	}
}

// TestBadFEN: positions show --fen of a bad FEN is one usage line.
func TestBadFEN(t *testing.T) {
	t.Parallel()
	const bad = "8/8/8/8/8/8/8/4K3 w - - 0 1"
	const want = `invalid FEN "` + bad + `": no black king; fix the --fen value (board, side to move, castling, en passant, halfmove clock, move number) or use a name from 'plylab positions list'`
	r := runCLI(t, "positions", "show", "--fen", bad)
	if line := wantUsageError(t, r); line != "plylab: "+want {
		t.Errorf("positions show --fen %q:\n got %s\nwant plylab: %s", bad, line, want)
	}
}

// positions reference prints the stored analyses (a golden file: the
// lessons' chess facts read them); --stockfish analyses them again.
func TestPositionsReference(t *testing.T) {
	t.Parallel()
	r := runCLI(t, "positions", "reference")
	wantOK(t, r)
	golden(t, "positions_reference", r.stdout)
	r = runCLI(t, "positions", "reference", "zugzwang", "--format", "json")
	wantOK(t, r)
	var v struct {
		Rows []map[string]any `json:"rows"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &v); err != nil || len(v.Rows) != 4 || v.Rows[0]["move"] != "Rf1" || v.Rows[0]["score"] != "+97" {
		t.Errorf("zugzwang's analyses as JSON: %v, %+v", err, v.Rows)
	}
	if _, err := extengine.Find("/usr/games/stockfish"); err != nil {
		t.Skip("Stockfish is not installed (test.sh installs it)")
	}
	r = runCLI(t, "positions", "reference", "kq-k", "--stockfish", "/usr/games/stockfish")
	wantOK(t, r)
	if want := runCLI(t, "positions", "reference", "kq-k"); r.stdout != want.stdout {
		t.Errorf("kq-k analysed again:\n%s\nstored:\n%s", r.stdout, want.stdout)
	}
}

func TestPositionsReferenceOptions(t *testing.T) {
	t.Parallel()
	o, msg := parseOptions(t, newPositionsReferenceCommand, "reference", "zugzwang", "kq-k", "--stockfish", "sf", "-f", "csv")
	if o == nil || len(o.References) != 3 || o.References[2].Position != "kq-k" || o.Stockfish != "sf" || o.Format != "csv" {
		t.Errorf("reference zugzwang kq-k: got %+v (%s)", o, msg)
	}
	o, _ = parseOptions(t, newPositionsReferenceCommand, "reference")
	if rs, _ := lab.StoredReferences(); o == nil || len(o.References) != len(rs) {
		t.Errorf("reference without a position: %+v, want every analysis", o)
	}
	wantParseError(t, newPositionsReferenceCommand, `POSITION: "start" has no reference analysis; the positions analysed are paper-mate2`, "reference", "start")
	wantParseError(t, newPositionsReferenceCommand, `unknown format "xml"`, "reference", "-f", "xml")
}
