package lab

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/match"
)

// What each technique is worth in games. Node counts say how much work a
// technique saves; only games say whether the engine plays better for it.
// Each row of elo.json is one self-play match: the full engine against
// itself with one switch off (or, for the evaluation, against itself with
// PeSTO's evaluation), the built-in openings played with both colours, a
// fixed number of nodes a move so the games are the same on any machine.
// The Elo difference is the full engine's: positive means the technique
// gains. The matches take hours, so their results are stored with the
// command and date that made them, as the ledger's slow claims are.

// TechniqueElo is the stored result of one ablation match. A match won
// (or lost) every game has an infinite Elo and upper (lower) bound:
// math.Inf, stored as null in elo.json.
type TechniqueElo struct {
	// Technique is the switch turned off in the opponent (a name of
	// engine.Techniques), or NNUETechnique or EvalTechnique for an
	// evaluation row.
	Technique string  `json:"technique"`
	Elo       float64 `json:"-"`
	Low       float64 `json:"-"`
	High      float64 `json:"-"`
	Games     int     `json:"games"`
	Wins      int     `json:"wins"`
	Draws     int     `json:"draws"`
	Losses    int     `json:"losses"`
	// Limit is the search limit of both players, e.g. "10000 nodes a move".
	Limit   string `json:"limit"`
	Command string `json:"command"`
	Date    string `json:"date"`
}

// storedElo is a row of elo.json: the Elo and its bounds are null where
// they are infinite.
type storedElo struct {
	TechniqueElo
	Elo  *float64 `json:"elo"`
	Low  *float64 `json:"elo_low"`
	High *float64 `json:"elo_high"`
}

// orInf is *f, or math.Inf(sign) for null.
func orInf(f *float64, sign int) float64 {
	if f == nil {
		return math.Inf(sign)
	}
	return *f
}

// EvalTechnique names the classical evaluation's row of the table: the
// engine with the classical evaluation against itself with PeSTO's.
const EvalTechnique = "classical eval"

// NNUETechnique names the network's row of the table: the engine with its
// built-in network against itself with the classical evaluation.
const NNUETechnique = "nnue eval"

// Score is the full engine's score in the match, in percent.
func (t TechniqueElo) Score() float64 {
	if t.Games == 0 {
		return 0
	}
	return 100 * (float64(t.Wins) + float64(t.Draws)/2) / float64(t.Games)
}

// Significant reports whether the whole 95% interval lies on one side of
// zero: the match shows a gain (or a loss), not noise.
func (t TechniqueElo) Significant() bool { return t.Low > 0 || t.High < 0 }

//go:embed elo.json
var eloJSON []byte

// TechniqueElos returns the stored ablation results: the evaluation rows
// first (the network, then the classical evaluation), then the
// techniques in the order of engine.Techniques. A technique of the
// engine preset without a stored result is left out.
func TechniqueElos() ([]TechniqueElo, error) {
	var stored []storedElo
	if err := json.Unmarshal(eloJSON, &stored); err != nil {
		return nil, fmt.Errorf("lab: elo.json: %w", err)
	}
	by := map[string]TechniqueElo{}
	for _, s := range stored {
		r := s.TechniqueElo
		// An infinite Elo has the sign of the score against 50%.
		sign := 1
		if r.Score() < 50 {
			sign = -1
		}
		r.Elo, r.Low, r.High = orInf(s.Elo, sign), orInf(s.Low, -1), orInf(s.High, 1)
		if _, dup := by[r.Technique]; dup {
			return nil, fmt.Errorf("lab: elo.json: technique %q twice", r.Technique)
		}
		by[r.Technique] = r
	}
	var out []TechniqueElo
	for _, name := range []string{NNUETechnique, EvalTechnique} {
		if r, ok := by[name]; ok {
			out = append(out, r)
			delete(by, name)
		}
	}
	for _, t := range engine.Techniques() {
		if r, ok := by[t.Name]; ok {
			out = append(out, r)
			delete(by, t.Name)
		}
	}
	for name := range by {
		return nil, fmt.Errorf("lab: elo.json: %q is not a technique", name)
	}
	return out, nil
}

// nodeLimit is the limit most rows were played at; a row played at
// another says so in its label.
const nodeLimit = "10000 nodes a move"

// TechniqueElosMarkdown returns the stored results as docs/strength.md's
// table "What each technique is worth": a row per technique (the switch
// in backquotes, "(classical evaluation)" for a term of that evaluation,
// its limit when it is not 10,000 nodes a move), games, wins, draws,
// losses, score, and the Elo with its 95 % interval, in bold when the
// interval lies wholly on one side of zero; infinite values as ∞, a
// negative number with the minus sign U+2212.
func TechniqueElosMarkdown(rows []TechniqueElo) string {
	evalTerm := map[string]bool{}
	for _, t := range engine.Techniques() {
		evalTerm[t.Name] = t.EvalTerm
	}
	var sb strings.Builder
	sb.WriteString("| technique off in the opponent | games | W | D | L | score | Elo (95 % interval) |\n")
	sb.WriteString("|---|---:|---:|---:|---:|---:|---:|\n")
	for _, r := range rows {
		label := "`" + r.Technique + "`"
		switch {
		case r.Technique == NNUETechnique:
			label = "network evaluation (against the classical one)"
		case r.Technique == EvalTechnique:
			label = "classical evaluation (against PeSTO's), `--eval classical`"
		case evalTerm[r.Technique]:
			label += " (classical evaluation)"
		}
		if r.Limit != nodeLimit {
			label += ", at " + r.Limit
		}
		elo := fmt.Sprintf("%s (%s to %s)", docElo(r.Elo), docElo(r.Low), docElo(r.High))
		if r.Significant() {
			elo = "**" + elo + "**"
		}
		fmt.Fprintf(&sb, "| %s | %d | %d | %d | %d | %.1f %% | %s |\n", label, r.Games, r.Wins, r.Draws, r.Losses, r.Score(), elo)
	}
	return sb.String()
}

// docElo writes an Elo value as the docs do: "+436", "−45", "+∞"
// (match.EloText with the minus sign U+2212 and the infinity sign).
func docElo(v float64) string {
	return docSigns.Replace(match.EloText(v))
}

var docSigns = strings.NewReplacer("inf", "∞", "-", "−")
