package lab

import (
	"fmt"
	"path"
	"strings"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/match"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
)

// The RAM-Z paper: "RAM-Z: An Optimized Classical Chess Agent using
// Negamax and Alpha-Beta Pruning". Its Table I is stored (hours of
// matches, ledger.json); its settings are checked against plylab's ramz
// preset (engine.RamzOptions) and the stored matches' commands; its
// inferences from Table I are recomputed from the table.

// ramzTable is Table I: RAM-Z's win, draw and loss percentages (100 games
// each) against Stockfish limited to each rating.
var ramzTable = []struct {
	elo     int
	w, d, l int
}{{1400, 58, 15, 27}, {1500, 41, 20, 39}, {1600, 32, 17, 51}}

// flagValue returns the value of --name in a stored command line, "" if
// absent.
func flagValue(command, name string) string {
	f := strings.Fields(command)
	for i := 0; i+1 < len(f); i++ {
		if f[i] == "--"+name {
			return f[i+1]
		}
	}
	return ""
}

// allFlags returns the distinct values of --name over the commands.
func allFlags(cs []Claim, name string) []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range cs {
		v := flagValue(c.Command, name)
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

func ramz(m *measures, stored []Claim) ([]Claim, error) {
	out := append([]Claim(nil), stored...)
	add := func(c Claim) { out = append(out, c) }
	var matches []Claim
	for _, c := range stored {
		if strings.HasPrefix(c.Where, "Table I") {
			matches = append(matches, c)
		}
	}

	// What Table I itself implies: the paper's own games, read as it reads
	// them. plylab cannot replay RAM-Z, so these add up at most.
	var total match.WDL
	for _, r := range ramzTable {
		total = total.Plus(match.WDL{W: r.w, D: r.d, L: r.l})
	}
	perf := 1500 + match.EloFromScore(total.Score())
	add(Claim{Where: "Abstract; Sections III-IV", Kind: KindValue, Basis: BasisSource,
		Claim: "Table I puts RAM-Z at about 1500 Elo", Claimed: "about 1500",
		Live: fmt.Sprintf("%.0f: Table I's 300 games against 1400, 1500 and 1600 score %.1f%% (performance rating against their mean, 1500)",
			perf, 100*total.Score()),
		Verdict: verdictRounds(1500, 2, perf), Rule: RuleRounds,
		Why: "arithmetic on the paper's own Table I; RAM-Z's games cannot be replayed here (the ramz preset's own matches are the Table I rows)"})
	for _, r := range ramzTable {
		s := match.WDL{W: r.w, D: r.d, L: r.l}
		lo, hi := s.ScoreInterval()
		c := Claim{Kind: KindValue, Basis: BasisSource, Why: "arithmetic on the paper's own Table I: its 100 games, not plylab's",
			Live: fmt.Sprintf("RAM-Z scores %.1f%% (95%% interval %.1f-%.1f%%) in Table I's 100 games", 100*s.Score(), 100*lo, 100*hi)}
		switch r.elo {
		case 1400:
			c.Where, c.Claim, c.Claimed = "Abstract; Section III", "RAM-Z bests 1400-Elo Stockfish", "above 50%"
			c.Verdict, c.Rule = verdictSide(s.Score(), lo, hi, true), RuleSide
		case 1500:
			c.Where, c.Claim, c.Claimed = "Abstract; Sections III-IV", "RAM-Z is at parity with 1500-Elo Stockfish", "50%"
			c.Verdict, c.Rule = verdictSoft(lo <= 0.5 && 0.5 <= hi), RuleHalf
		case 1600:
			c.Where, c.Claim, c.Claimed = "Section III", "1600-Elo Stockfish bests RAM-Z", "below 50%"
			c.Verdict, c.Rule = verdictSide(s.Score(), lo, hi, false), RuleSide
		}
		add(c)
	}

	// The conditions of the matches, against the stored commands.
	depths, times, games := allFlags(matches, "depth"), allFlags(matches, "movetime"), allFlags(matches, "games")
	add(Claim{Where: "Section III", Kind: KindSetting,
		Claim: "both sides search to depth 4, at most 5 s a move", Claimed: "depth 4, 5 s",
		Live:    fmt.Sprintf("the %d stored Table I matches: --depth %s --movetime %s", len(matches), strings.Join(depths, ","), strings.Join(times, ",")),
		Verdict: verdictSoft(len(matches) == 4 && strings.Join(depths, ",") == "4" && strings.Join(times, ",") == "5s"), Rule: RuleSetting})
	alternate := match.EngineColorIn(0) == board.White && match.EngineColorIn(1) == board.Black && match.EngineColorIn(2) == board.White
	add(Claim{Where: "Section III; Table I caption", Kind: KindSetting,
		Claim: "100 games a match, alternating RAM-Z's colour", Claimed: "100 games, alternating",
		Live: fmt.Sprintf("the stored matches: --games %s; plylab match gives the engine %s in game 1, %s in game 2, %s in game 3",
			strings.Join(games, ","), match.EngineColorIn(0), match.EngineColorIn(1), match.EngineColorIn(2)),
		Verdict: verdictSoft(alternate && strings.Join(games, ",") == "100"), Rule: RuleSetting})
	books := allFlags(matches, "book")
	var bookNames []string
	for _, b := range books {
		bookNames = append(bookNames, path.Base(b))
	}
	add(Claim{Where: "Section II", Kind: KindSetting,
		Claim: "openings from the gm2600.bin book", Claimed: "gm2600.bin",
		Live:    fmt.Sprintf("the stored matches: %s (%s), first %s plies", strings.Join(bookNames, ","), strings.Join(books, ","), strings.Join(allFlags(matches, "opening-plies"), ",")),
		Verdict: verdictSoft(strings.Join(bookNames, ",") == "gm2600.bin"), Rule: RuleSetting,
		Why: "gm2600.bin (the paper's reference [4]) is not on this machine; the stored matches open from GNU Chess's Polyglot book instead, so their openings differ"})
	add(notCheckable("Section II", KindSetting, "RAM-Z runs on Python 3.10.10 with python-chess", "Python 3.10.10", "plylab is written in Go",
		"the language's version changes speed, not moves; it would take RAM-Z's repository run under Python 3.10.10"))

	// The techniques, against the ramz preset.
	o := engine.RamzOptions()
	add(Claim{Where: "Sections I, V-A.3", Kind: KindSetting,
		Claim: "four-stage move ordering: hash move, MVV-LVA captures, killers, history", Claimed: "4 stages",
		Live:    fmt.Sprintf("ramz preset: hashmove %v, mvvlva %v, killers %v, history %v", o.Enabled("hashmove"), o.Enabled("mvvlva"), o.Enabled("killers"), o.Enabled("history")),
		Verdict: verdictSoft(o.Enabled("hashmove") && o.Enabled("mvvlva") && o.Enabled("killers") && o.Enabled("history")), Rule: RuleSetting})
	add(Claim{Where: "Appendix V-A.3", Kind: KindSetting, Claim: "two killer moves per ply", Claimed: "2",
		Live:    fmt.Sprintf("%d (killers %v in the ramz preset)", engine.KillersPerPly(), o.Killers),
		Verdict: verdictSoft(o.Killers && engine.KillersPerPly() == 2), Rule: RuleSetting})
	from, to := engine.HistoryShape()
	squared := true
	for d := 1; d <= 16; d++ {
		squared = squared && engine.HistoryBonus(d) == d*d
	}
	add(Claim{Where: "Appendix V-A.3", Kind: KindSetting, Claim: "a 64x64 history table (from-square by to-square), weighted by depth²", Claimed: "64x64, depth²",
		Live:    fmt.Sprintf("%dx%d per side; a cutoff at depth 3 adds %d, at depth 6 %d (history %v, histmalus %v in the ramz preset)", from, to, engine.HistoryBonus(3), engine.HistoryBonus(6), o.History, o.HistMalus),
		Verdict: verdictSoft(o.History && !o.HistMalus && from == 64 && to == 64 && squared), Rule: RuleSetting,
		Why: "plylab keeps one table per side to move; the paper does not say whether RAM-Z does"})
	guard := []struct {
		fen   string
		major bool
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true},
		{"4k3/8/8/8/8/8/4N3/4K3 w - - 0 1", false},
		{"4k3/r7/8/8/8/8/4N3/4K3 w - - 0 1", true},
		{"4k3/pp6/8/8/8/8/PP6/4K2R b - - 0 1", true},
		{"4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1", false},
	}
	agree := 0
	for _, g := range guard {
		if o.NullMoveAllowed(mustBoard(g.fen)) == g.major {
			agree++
		}
	}
	add(Claim{Where: "Appendix V-A.4", Kind: KindSetting,
		Claim: "no null move when no major piece (rook or queen) is on the board", Claimed: "needs a rook or queen",
		Live:    fmt.Sprintf("ramz preset (null move %v): allowed exactly when a rook or queen is on the board in %d of %d test positions", o.NullMove, agree, len(guard)),
		Verdict: verdictSoft(o.NullMove && agree == len(guard)), Rule: RuleSetting,
		Why: fmt.Sprintf("the paper states no depth reduction for the null move; the ramz preset uses R = %d, plylab's default", o.NullR)})
	add(Claim{Where: "Appendix V-A.5", Kind: KindSetting, Claim: "delta pruning in quiescence with a margin of 1050 centipawns", Claimed: "1050",
		Live:    fmt.Sprintf("%d (delta %v, node-level test only %v, in the ramz preset)", o.DeltaMargin, o.Delta, o.DeltaNodeOnly),
		Verdict: verdictSoft(o.Delta && o.DeltaNodeOnly && o.DeltaMargin == 1050), Rule: RuleSetting})
	add(Claim{Where: "Sections I, V-A", Kind: KindSetting, Claim: "the PeSTO evaluation", Claimed: "PeSTO",
		Live: "ramz preset: " + o.Eval.String(), Verdict: verdictSoft(o.Eval == eval.PeSTO), Rule: RuleSetting})
	tr, err := m.traced()
	if err != nil {
		return nil, err
	}
	add(Claim{Where: "Appendix V-A.1", Kind: KindSetting, Claim: "negamax flips the window [alpha, beta] to (-beta, -alpha) at each ply", Claimed: "(-beta, -alpha)",
		Live:    fmt.Sprintf("plylab's alpha-beta on paper-mate2, depth 3: %d of %d children entered with (-beta, -alpha) of their parent", tr.flipped, tr.children),
		Verdict: verdictSoft(tr.children > 0 && tr.flipped == tr.children), Rule: RuleSetting})
	ok, cases := 0, 0
	for a := -3; a <= 3; a++ {
		for b := -3; b <= 3; b++ {
			cases++
			if min(a, b) == -max(-b, -a) {
				ok++
			}
		}
	}
	add(Claim{Where: "Appendix V-A.1", Kind: KindValue, Basis: BasisSource, Claim: "min(a, b) = -max(-b, -a)", Claimed: "for all a, b",
		Live: fmt.Sprintf("holds for %d of %d pairs with a, b in -3..3", ok, cases), Verdict: verdictAll(ok, cases), Rule: RuleAll,
		Why: "arithmetic on the paper's identity"})
	g, err := m.masterGames()
	if err != nil {
		return nil, err
	}
	add(branching("Appendix V-A.1", "the average branching factor of chess is around 35", g))
	add(notCheckable("Appendix V-A.1", KindCited, "the chess game tree is of the order of 10^123", "10^123", "",
		"an estimate of the game tree's size, far beyond any search; it would take the published estimate it comes from (the paper gives none)"))
	o2, err := m.orderBounds()
	if err != nil {
		return nil, err
	}
	add(o2.worstClaim())
	add(o2.bestClaim())
	add(o2.doublingClaim())
	add(notCheckable("Section I", KindCited, "AI chess since the 1950s; Alan Turing's theoretical chess program of 1951", "1951", "",
		"a date from the history of computing; it would take the historical record the paper does not cite"))
	add(notCheckable("Section III", KindCited, "the traditional view gives White a +0.7 score advantage", "+0.7", "",
		"a conventional figure the paper does not source; it would take a large database of games or a strong engine's assessment of the start position"))
	for _, f := range []struct{ where, claim string }{
		{"Section III; Figures 1a-3a", "by colour: RAM-Z wins more as White and as Black against 1400, Stockfish does against 1600, and against 1500 each side edges out the other as White"},
		{"Section III; Figures 1b-3b", "by phase: Stockfish wins more middlegames; RAM-Z slightly more endgames against every level"},
		{"Section III; Figures 1b-3b", "openings: no game against 1500 was decided in the opening; RAM-Z won most opening-decided games against 1400, 1600 against RAM-Z"},
	} {
		add(notCheckable(f.where, KindValue, f.claim, "counts in the figures", "",
			"the text gives no counts, only the figures' bars; it would take the figures' data (plylab's own colour and phase counts of its stored matches are in docs/strength.md)"))
	}
	return out, nil
}

// branching is a claim that chess has about 35 legal moves a position,
// checked against the master games.
func branching(where, claim string, g gameStats) Claim {
	return Claim{Where: where, Kind: KindValue, Claim: claim, Claimed: "35",
		Live:    fmt.Sprintf("%.1f legal moves on average over the %d positions of %d master games (positions.MasterGames)", g.MeanMoves(), g.Positions, g.Games),
		Verdict: verdictRounds(35, 2, g.MeanMoves()), Rule: RuleRounds,
		Why: "measured over every position of whole games, openings and endgames included; the source does not say over which positions its 35 holds"}
}
