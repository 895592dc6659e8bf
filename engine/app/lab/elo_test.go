package lab

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine"
)

// The stored ablation results are whole and consistent: known names in
// the order of the techniques list, W+D+L = games, the Elo the score
// gives, inside its interval, and a command that plays exactly that match.
func TestTechniqueElos(t *testing.T) {
	rows, err := TechniqueElos()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) < 2 || rows[0].Technique != NNUETechnique || rows[1].Technique != EvalTechnique {
		t.Fatalf("%d rows, the first %+v; want the two evaluation rows first", len(rows), rows)
	}
	order := map[string]int{NNUETechnique: -2, EvalTechnique: -1}
	evalTerm, missing := map[string]bool{}, map[string]bool{}
	preset := engine.EngineOptions()
	for i, tech := range engine.Techniques() {
		order[tech.Name] = i
		evalTerm[tech.Name] = tech.EvalTerm
		if preset.Enabled(tech.Name) && !tech.EvalTerm {
			missing[tech.Name] = true
		}
	}
	last := -3
	for _, r := range rows {
		i, ok := order[r.Technique]
		if !ok || i <= last {
			t.Errorf("%q out of order or unknown", r.Technique)
		}
		last = i
		if r.Wins+r.Draws+r.Losses != r.Games || r.Games == 0 {
			t.Errorf("%s: +%d =%d -%d in %d games", r.Technique, r.Wins, r.Draws, r.Losses, r.Games)
		}
		if s := r.Score() / 100; s > 0 && s < 1 {
			if want := -400 * math.Log10(1/s-1); math.Abs(want-r.Elo) > 0.1 {
				t.Errorf("%s: Elo %.1f, the score %.1f%% gives %.1f", r.Technique, r.Elo, r.Score(), want)
			}
		}
		if r.Low > r.Elo || r.Elo > r.High {
			t.Errorf("%s: Elo %.1f outside its interval %.1f to %.1f", r.Technique, r.Elo, r.Low, r.High)
		}
		// The search switches are measured with the engine as it is, on
		// its network; a term of the classical evaluation counts only
		// with that evaluation, so its match plays it, and says so.
		want, eval := "--opponent engine-without-"+r.Technique+" ", false
		switch {
		case r.Technique == EvalTechnique:
			want, eval = "--eval classical --opponent engine --opponent-eval pesto ", true
		case r.Technique == NNUETechnique:
			want = "--opponent engine --opponent-eval classical "
		case evalTerm[r.Technique]:
			want, eval = "--eval classical --opponent engine-without-"+r.Technique+" ", true
		}
		if !strings.HasPrefix(r.Command, "plylab match --engine engine ") || !strings.Contains(r.Command, want) ||
			!strings.Contains(r.Command, "--games "+strconv.Itoa(r.Games)+" ") || !eval && strings.Contains(r.Command, "--eval") {
			t.Errorf("%s: command %q does not play that match", r.Technique, r.Command)
		}
		delete(missing, r.Technique)
	}
	// Every switch of the engine preset has its row.
	for name := range missing {
		t.Errorf("the engine's switch %q has no stored match", name)
	}
}

func TestTechniqueEloScore(t *testing.T) {
	for _, tc := range []struct {
		r     TechniqueElo
		score float64
		sig   bool
	}{
		{TechniqueElo{Games: 100, Wins: 52, Draws: 27, Losses: 21, Low: 51, High: 169}, 65.5, true},
		{TechniqueElo{Games: 100, Wins: 31, Draws: 36, Losses: 33, Low: -61, High: 47}, 49, false},
		{TechniqueElo{Games: 10, Losses: 10, Low: -900, High: -300}, 0, true},
		{TechniqueElo{}, 0, false},
	} {
		if got := tc.r.Score(); math.Abs(got-tc.score) > 1e-9 || tc.r.Significant() != tc.sig {
			t.Errorf("%+v: score %v significant %v, want %v %v", tc.r, got, tc.r.Significant(), tc.score, tc.sig)
		}
	}
}

// A match won or lost every game has an infinite Elo: stored as null,
// read as ±Inf with the score's sign, shown as "+inf"/"-inf", exported
// as null.
func TestInfiniteElo(t *testing.T) {
	one := 1.5
	if orInf(nil, 1) != math.Inf(1) || orInf(nil, -1) != math.Inf(-1) || orInf(&one, 1) != 1.5 {
		t.Error("orInf")
	}
	for _, tc := range []struct {
		e    float64
		text string
	}{{math.Inf(1), "+inf"}, {math.Inf(-1), "-inf"}, {41.9, "+42"}, {-6.9, "-7"}} {
		c := eloCell(tc.e)
		if c.Text != tc.text || (math.IsInf(tc.e, 0) && c.Value != nil) {
			t.Errorf("eloCell(%v) = %q, %v; want %q", tc.e, c.Text, c.Value, tc.text)
		}
	}
	rows, err := TechniqueElos()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.Wins == r.Games && !math.IsInf(r.Elo, 1) || r.Losses == r.Games && !math.IsInf(r.Elo, -1) {
			t.Errorf("%s: +%d =%d -%d but Elo %v", r.Technique, r.Wins, r.Draws, r.Losses, r.Elo)
		}
	}
}

// The docs' table writes Elo with the minus sign U+2212 and ∞, bold when
// the interval is on one side of zero, and names a limit other than
// 10,000 nodes a move.
func TestTechniqueElosMarkdown(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{{math.Inf(1), "+∞"}, {math.Inf(-1), "−∞"}, {-44.6, "−45"}, {0.2, "+0"}, {87.7, "+88"}} {
		if got := docElo(tc.v); got != tc.want {
			t.Errorf("docElo(%v) = %q, want %q", tc.v, got, tc.want)
		}
	}
	rows := []TechniqueElo{
		{Technique: "timeman", Games: 100, Wins: 25, Draws: 64, Losses: 11, Elo: 49, Low: 7.8, High: 87.7, Limit: "10 s + 0.1 s a game"},
		{Technique: "mobility", Games: 10, Losses: 10, Elo: math.Inf(-1), Low: math.Inf(-1), High: -300, Limit: nodeLimit},
		{Technique: "killers", Games: 100, Wins: 29, Draws: 44, Losses: 27, Elo: 7, Low: -44, High: 57, Limit: nodeLimit},
	}
	want := "| technique off in the opponent | games | W | D | L | score | Elo (95 % interval) |\n" +
		"|---|---:|---:|---:|---:|---:|---:|\n" +
		"| `timeman`, at 10 s + 0.1 s a game | 100 | 25 | 64 | 11 | 57.0 % | **+49 (+8 to +88)** |\n" +
		"| `mobility` (classical evaluation) | 10 | 0 | 0 | 10 | 0.0 % | **−∞ (−∞ to −300)** |\n" +
		"| `killers` | 100 | 29 | 44 | 27 | 51.0 % | +7 (−44 to +57) |\n"
	if got := TechniqueElosMarkdown(rows); got != want {
		t.Errorf("TechniqueElosMarkdown:\n%s\nwant:\n%s", got, want)
	}
}
