package match

import (
	"context"
	"errors"
	"github.com/plylab/plylab/engine/kit/param"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/extengine"
)

func TestBuiltinGauntlet(t *testing.T) {
	list := BuiltinGauntlet()
	keys := map[string]bool{}
	for _, e := range list {
		if keys[e.Key] || e.Name == "" || e.Command == "" || e.Package == "" || (e.Protocol != ProtocolUCI && e.Protocol != ProtocolCECP) {
			t.Errorf("engine %+v: a key twice, or a name, command, package or protocol missing", e)
		}
		keys[e.Key] = true
		if e.Rating.Anchored() && (e.Rating.List == "" || e.Rating.Entry == "" || e.Rating.Source == "") {
			t.Errorf("%s: a published rating without its list, entry and source", e.Key)
		}
		if e.Rating.Entry != e.Name && e.Rating.Anchored() && !strings.HasPrefix(e.Rating.Entry, e.Name) && e.Rating.Note == "" {
			t.Errorf("%s: the rating is another entry's (%s) and no caveat says so", e.Key, e.Rating.Entry)
		}
	}
	for _, tt := range []struct {
		key, player string
	}{
		{"glaurung", "Glaurung 2.2 (Threads=1, OwnBook=false, Ponder=false, Hash=16)"},
		{"phalanx", "Phalanx XXV (-l - -b -, memory=16)"},
		{"gnuchess", "GNU Chess 6.2.7 (OwnBook=false, Hash=16, --uci)"},
	} {
		got, err := SelectGauntlet(list, []string{tt.key})
		if err != nil || len(got) != 1 || got[0].Player() != tt.player || !got[0].Plays(tt.player) || !got[0].Plays(got[0].Name) || got[0].Plays(got[0].Name+"x") {
			t.Errorf("%s: %+v, %v; want player %q", tt.key, got, err, tt.player)
		}
	}
	if _, err := SelectGauntlet(list, []string{"glaurung", "crafty"}); !errors.Is(err, ErrUnknownEngine) || !strings.Contains(err.Error(), `"crafty" (the list has ethereal, toga2, glaurung, gnuchess, phalanx)`) {
		t.Errorf("an unknown key: %v", err)
	}
	if got, _ := SelectGauntlet(list, nil); len(got) != len(list) {
		t.Errorf("no keys: %d engines, want all %d", len(got), len(list))
	}
}

func TestReadGauntletFile(t *testing.T) {
	good := `[{"key": "old", "name": "Old 1.0", "command": "/opt/old", "options": [{"Name": "Hash", "Value": "16"}],
	          "rating": {"elo": 2400, "list": "CCRL 40/15", "entry": "Old 1.0", "date": "2026-01-01", "source": "a list"}},
	         {"key": "wb", "name": "WB 2", "command": "wb", "protocol": "cecp", "memory_mb": 8}]`
	list, err := ReadGauntletFile(strings.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	want := []GauntletEngine{
		{Key: "old", Name: "Old 1.0", Command: "/opt/old", Protocol: ProtocolUCI, Options: []UCIOption{{Name: "Hash", Value: "16"}},
			Rating: PublishedRating{Elo: 2400, List: "CCRL 40/15", Entry: "Old 1.0", Date: "2026-01-01", Source: "a list"}},
		{Key: "wb", Name: "WB 2", Command: "wb", Protocol: ProtocolCECP, MemoryMB: 8},
	}
	if !reflect.DeepEqual(list, want) {
		t.Errorf("got %+v\nwant %+v", list, want)
	}
	for _, tt := range []struct{ in, want string }{
		{`{}`, "not a JSON list of engines"},
		{`[]`, "the list has no engine"},
		{`[{"key": "a", "name": "A"}]`, "engine 1: key, name and command are required"},
		{`[{"key": "a", "name": "A", "command": "a", "protocol": "uci2"}]`, `engine a: protocol "uci2" is not uci or cecp`},
		{`[{"key": "a", "name": "A", "command": "a"}, {"key": "A", "name": "B", "command": "b"}]`, "engine A: the key is used twice"},
		{`[{"key": "a", "name": "A", "command": "a", "colour": "red"}]`, `unknown field "colour"`},
	} {
		if _, err := ReadGauntletFile(strings.NewReader(tt.in)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error containing %q", tt.in, err, tt.want)
		}
	}
}

func TestReadGauntletPGN(t *testing.T) {
	res, err := ReadGauntletPGN("testdata/gauntlet", BuiltinGauntlet())
	if err != nil {
		t.Fatal(err)
	}
	glaurung := "Glaurung 2.2 (Threads=1, OwnBook=false, Ponder=false, Hash=16)"
	want := &GauntletResults{Files: 2, Games: 9, Skipped: 2, Tallies: []GauntletTally{
		{Engine: "glaurung", Opponent: glaurung, Player: "plylab engine", TC: "10+0.1", Wins: 2, Draws: 1, Losses: 1,
			Forfeits: 1, OpponentForfeits: 1, First: "2026-11-26", Last: "2026-11-27",
			PlylabMoves: 3, PlylabDepths: 27, PlylabMillis: 450, OpponentMoves: 1, OpponentDepths: 9, OpponentMillis: 150},
		{Engine: "phalanx", Opponent: "Phalanx XXV (-l - -b -, memory=16)", Player: "plylab engine", TC: "60+0.6", Wins: 1, Losses: 1,
			Faults: 1, First: "2026-11-28", Last: "2026-11-28",
			PlylabMoves: 1, PlylabDepths: 5, PlylabMillis: 200, OpponentMoves: 1, OpponentDepths: 7, OpponentMillis: 300},
		{UCIElo: 2500, Opponent: "Stockfish 15.1 (UCI_LimitStrength=true, UCI_Elo=2500, Threads=1)", Player: "plylab engine", TC: "10+0.1", Draws: 1},
	}}
	if !reflect.DeepEqual(res, want) {
		t.Errorf("got  %+v\nwant %+v", res, want)
	}
	if _, err := ReadGauntletPGN("testdata/no-such-folder", nil); err == nil {
		t.Error("a missing folder: no error")
	}
}

func TestGauntletReport(t *testing.T) {
	res, err := ReadGauntletPGN("testdata/gauntlet", BuiltinGauntlet())
	if err != nil {
		t.Fatal(err)
	}
	r := NewGauntletReport(res, BuiltinGauntlet())
	if len(r.Rows) != 2 || r.Rows[0].Tally.Engine != "glaurung" || r.Rows[1].Tally.Engine != "phalanx" || len(r.Ladder) != 1 {
		t.Fatalf("rows %+v, ladder %+v", r.Rows, r.Ladder)
	}
	// 62.5 % against Glaurung at 2793 is 400·log10(5/3) above it; 50 %
	// against Phalanx at 2521 is 2521.
	at10 := 2793 + 400*math.Log10(5.0/3)
	for _, tt := range []struct {
		tc      string
		rating  float64
		anchors int
	}{{"10+0.1", at10, 1}, {"60+0.6", 2521, 1}} {
		f, ok := r.FitAt(tt.tc)
		if !ok || !nearElo(f.Fit.Rating, tt.rating) || f.Anchors != tt.anchors || f.DF != 0 {
			t.Errorf("fit at %s: %+v, want %v from %d anchor", tt.tc, f, tt.rating, tt.anchors)
		}
	}
	all, ok := r.FitAt("")
	if !ok || all.Anchors != 2 || all.DF != 1 || all.Fit.Games != 6 {
		t.Errorf("fit over all: %+v", all)
	}
	if !nearElo(r.Rows[0].Perf.Rating, at10) || !nearElo(r.Ladder[0].Perf.Rating, 2500) {
		t.Errorf("performances %v and %v, want %v and 2500", r.Rows[0].Perf.Rating, r.Ladder[0].Perf.Rating, at10)
	}
	f10, _ := r.FitAt("10+0.1")
	wantNotes := []string{
		"plylab at 10+0.1: " + intervalText(f10.Fit) + " by maximum likelihood over 4 games against 1 anchored engine (95% likelihood-ratio interval)",
		"games lost on time: plylab 1, its opponents 1; games ended by an illegal move or a failed engine: 1",
		"second scale: against Stockfish's UCI_Elo 2500 at 10+0.1 plylab reads " + intervalText(r.Ladder[0].Perf) +
			" on Stockfish's scale; the gauntlet's rating at 10+0.1 is +382 from it",
		"read 2 PGN files: 9 games, 2 of them not between plylab and a listed engine or unfinished",
	}
	for _, want := range wantNotes {
		found := false
		for _, n := range r.Notes {
			found = found || n == want
		}
		if !found {
			t.Errorf("no note %q in\n%s", want, strings.Join(r.Notes, "\n"))
		}
	}
	tab := r.Table()
	// The rows: Glaurung, the 10+0.1 fit, Phalanx, the 60+0.6 fit, the
	// fit over all, the ladder.
	var names []string
	for i := range tab.Rows {
		names = append(names, tab.RowTexts(i)[0]+" "+tab.RowTexts(i)[1])
	}
	wantRows := []string{"Glaurung 2.2 10+0.1", "plylab, maximum likelihood over 1 anchor 10+0.1", "Phalanx XXV 60+0.6",
		"plylab, maximum likelihood over 1 anchor 60+0.6", "plylab, maximum likelihood over 2 anchors all", "Stockfish UCI_Elo 2500 (second scale) 10+0.1"}
	if !reflect.DeepEqual(names, wantRows) {
		t.Errorf("rows %q, want %q", names, wantRows)
	}
	if got := strings.Join(tab.RowTexts(0), "|"); got != "Glaurung 2.2|10+0.1|2793|CCRL 40/15, 2026-08-07 (Glaurung 2.2 64-bit)|4|2|1|1|62.5%|2882|"+ratingText(r.Rows[0].Perf.Low)+"|"+ratingText(r.Rows[0].Perf.High)+"|9.0/9.0|0.15/0.15" {
		t.Errorf("Glaurung's row: %s", got)
	}
}

// An opponent without a published rating is played and reported, not an
// anchor; what it performs at against plylab's fitted rating is a note.
func TestGauntletReportUnanchored(t *testing.T) {
	res := &GauntletResults{Tallies: []GauntletTally{
		{Engine: "glaurung", TC: "10+0.1", Wins: 30, Draws: 20, Losses: 10},
		{Engine: "toga2", TC: "10+0.1", Wins: 10, Draws: 20, Losses: 30},
	}}
	r := NewGauntletReport(res, BuiltinGauntlet())
	f, _ := r.FitAt("10+0.1")
	if f.Anchors != 1 || f.Fit.Games != 60 {
		t.Errorf("fit %+v: want Glaurung's 60 games only", f)
	}
	// Toga scores 2/3 against a plylab rated E(2/3) = 400·log10(2) above
	// Glaurung: it performs 400·log10(2) above that again.
	toga, _ := FitRating([]AnchorResult{{Rating: f.Fit.Rating, WDL: WDL{W: 30, D: 20, L: 10}}})
	want := "Toga II 3.0 has no published rating: not an anchor; scoring 66.7% against plylab's rating at 10+0.1 it performs at " + intervalText(toga)
	if !nearElo(toga.Rating, 2793+800*math.Log10(2)) || !strings.Contains(strings.Join(r.Notes, "\n"), want) {
		t.Errorf("notes %q, want %q (Toga at %v)", r.Notes, want, toga.Rating)
	}
}

func TestGauntletChecks(t *testing.T) {
	dir := t.TempDir()
	fake := GauntletEngine{Key: "fake", Name: "Fake 1", Command: filepath.Join(dir, "missing"), Package: "fake-chess", Protocol: ProtocolUCI}
	g := &Gauntlet{Engines: []GauntletEngine{fake}, Games: 2, Workers: 1, Limit: Limit{Depth: 1}, Dir: dir}
	if err := g.Check(); err == nil || !strings.Contains(err.Error(), "install it with 'apt-get install fake-chess'") {
		t.Errorf("a missing engine: %v", err)
	}
	for _, bad := range []*Gauntlet{
		{Engines: g.Engines, Games: 0, Workers: 1, Limit: g.Limit},
		{Engines: g.Engines, Games: 1, Workers: 0, Limit: g.Limit},
	} {
		var re *param.RangeError
		if err := bad.Check(); !errors.As(err, &re) {
			t.Errorf("%+v: %v, want a RangeError", bad, err)
		}
	}
	cecp := GauntletEngine{Key: "wb", Name: "WB", Command: "sh", Protocol: ProtocolCECP}
	if err := (&Gauntlet{Engines: []GauntletEngine{cecp}, Games: 2, Workers: 1, Limit: Limit{Nodes: 1000}}).Check(); !errors.Is(err, extengine.ErrUnsupported) {
		t.Errorf("a node limit for a CECP engine: %v", err)
	}
	// An engine that announces another name is refused: the published
	// rating would be another engine's.
	script := filepath.Join(dir, "other")
	body := "#!/bin/sh\nwhile read line; do case \"$line\" in uci) echo 'id name Other 2'; echo uciok;; isready) echo readyok;; quit) exit 0;; esac; done\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := extengine.Find("sh"); err != nil {
		t.Skip("no sh")
	}
	fake.Command = script
	ent, err := fake.Entrant(Limit{Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	var ie *IdentityError
	if _, err := ent.New(context.Background()); !errors.As(err, &ie) || ie.Got != "Other 2" {
		t.Errorf("another engine: %v, want an IdentityError", err)
	}
	// A PGN file that exists is not overwritten.
	g.Engines = []GauntletEngine{fake}
	if err := os.WriteFile(g.PGNFile(fake), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := g.Check(); !errors.Is(err, ErrPGNExists) || filepath.Base(g.PGNFile(fake)) != "fake-depth1.pgn" {
		t.Errorf("an existing PGN file %s: %v", g.PGNFile(fake), err)
	}
}

// The real Phalanx, over CECP, in a two-game gauntlet at depth 2: the
// games are written, read back and rated. Skipped when Phalanx is not
// installed (apt-get install phalanx).
func TestGauntletPhalanx(t *testing.T) {
	list, _ := SelectGauntlet(BuiltinGauntlet(), []string{"phalanx"})
	if _, err := extengine.Find(list[0].Command); err != nil {
		t.Skip("phalanx is not installed")
	}
	eng, err := engine.ParseAlgo("engine")
	if err != nil {
		t.Fatal(err)
	}
	eng.TTSizeMB = 1
	dir := t.TempDir()
	g := &Gauntlet{Engines: list, Games: 2, Workers: 1, Engine: eng, Limit: Limit{Depth: 2}, Seed: 1, Dir: dir}
	games := 0
	matches, err := g.Run(context.Background(), func(e GauntletEngine, game *Game, r *Result) {
		games++
		if game.Termination == PlayerError || game.Termination == IllegalMove {
			t.Errorf("game %d: %s", game.Round, game.Summary())
		}
	})
	if err != nil || len(matches) != 1 || games != 2 {
		t.Fatalf("%d matches, %d games, %v", len(matches), games, err)
	}
	checkLegal(t, matches[0].Result.Games)
	res, err := ReadGauntletPGN(dir, list)
	if err != nil || len(res.Tallies) != 1 || res.Tallies[0].WDL().N() != 2 || res.Tallies[0].Opponent != "Phalanx XXV (-l - -b -, memory=16)" || res.Skipped != 0 {
		t.Errorf("read back: %+v, %v", res, err)
	}
}
