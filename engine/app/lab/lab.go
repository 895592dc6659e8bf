// Package lab holds plylab's experiments as functions with typed inputs
// and results, for the commands and the lessons alike: Compare (algorithms
// side by side depth by depth, with the minimal tree and the minimax
// reference), Scores (every root move's exact score), Perft (against
// notnil/chess, Stockfish and the published counts), Bench (the node-count
// signature and speed) and Suite (test-suite runs). Each takes an options
// struct and a context, reports progress through an optional callback,
// and returns exact counts; none prints.
//
// It also holds the ledger of the source documents' claims: every number
// they state, every constant or setting of their code listings and method
// descriptions, every fact they cite, and every place where one part of a
// source contradicts another. For each: the document, where it is said
// (table, figure, section, listing), the value claimed, the value plylab
// measures now, and a verdict computed from the two by a stated rule
// (ledger_rules.go). Claims that take well under a second are measured
// live; claims that need long matches carry a stored result (with the
// command and date that made it) from ledger.json, and are rerun only on
// request.
package lab

import (
	"context"
)

// Verdicts.
const (
	// Reproduced: plylab measured the claim's own quantity (now, or in a
	// stored run) and the claim holds by its rule.
	Reproduced = "reproduced"
	// AddsUp: the claim rests on the source's own numbers (its tables, its
	// arithmetic, its parts side by side) and they hold by its rule;
	// plylab measured nothing, so the claim is not reproduced.
	AddsUp  = "adds up"
	Differs = "differs"
	Refuted = "refuted"
	// NotCheckable marks a claim plylab cannot check here; the claim's Why
	// says what it would take.
	NotCheckable = "not checkable"
)

// Bases of a verdict: what plylab's value is.
const (
	// BasisMeasured: plylab measured it now (a search, a count, a setting
	// read from the engine).
	BasisMeasured = "measured"
	// BasisStored: plylab measured it in a run too long to repeat each
	// time (matches, timings); the claim keeps the command and the date.
	BasisStored = "stored"
	// BasisSource: the source's own numbers and text, computed with or
	// set side by side; nothing of plylab's is measured.
	BasisSource = "source"
	// BasisNone: not checkable.
	BasisNone = "none"
)

// Kinds of claims.
const (
	// KindValue is a number the source measured, computed or states about
	// chess or its searches.
	KindValue = "value"
	// KindSetting is a constant or setting of the source's code listings
	// or of the method it describes.
	KindSetting = "setting"
	// KindCited is a fact the source cites from elsewhere: dates, sizes,
	// other programs' strength.
	KindCited = "cited"
	// KindContradiction is a place where one part of the source disagrees
	// with another: its text with its code, two of its tables, a label
	// with what the code does, a caption with a figure.
	KindContradiction = "contradiction"
)

// Sources names the five documents by the short names --source takes and
// by their titles.
var Sources = []struct{ Name, Title string }{
	{"ramz", "RAM-Z: An Optimized Classical Chess Agent using Negamax and Alpha-Beta Pruning"},
	{"blog", "Creating a Chess AI Part 2: Searching"},
	{"game-trees", "Application of Game Trees and Alpha-Beta Pruning in Optimizing Chess Engines"},
	{"ruby", "Chess AI, coded in Ruby, playable in terminal"},
	{"tutorial", "the C++ engine tutorial"},
}

// Claim is one row of the ledger.
type Claim struct {
	Source string `json:"source"`
	Where  string `json:"where"`
	Kind   string `json:"kind"`
	Claim  string `json:"claim"`
	// Claimed is what the source says, Live what plylab measures (or, for
	// a claim about the source's own numbers, what they give).
	Claimed string `json:"claimed"`
	Live    string `json:"plylab"`
	Verdict string `json:"verdict"`
	// Rule names the rule that computed Verdict (RuleText).
	Rule string `json:"rule"`
	// Basis says what Live is: BasisMeasured, BasisStored, BasisSource or
	// BasisNone. Only a measured or stored value can make a claim
	// Reproduced; the source's own numbers make it AddsUp at most.
	Basis string `json:"basis"`
	Why   string `json:"why,omitempty"`
	// Stored results only: the command and date that produced Live.
	Command string `json:"command,omitempty"`
	Date    string `json:"date,omitempty"`
	Slow    bool   `json:"slow,omitempty"`
}

// KnownSource reports whether name is one of Sources.
func KnownSource(name string) bool {
	for _, s := range Sources {
		if s.Name == name {
			return true
		}
	}
	return false
}

// Ledger measures every claim of source (all sources when source is "")
// and returns the rows in source order.
func Ledger(ctx context.Context, source string) ([]Claim, error) {
	stored, err := Stored()
	if err != nil {
		return nil, err
	}
	m := &measures{ctx: ctx}
	build := map[string]func(*measures, []Claim) ([]Claim, error){
		"ramz": ramz, "blog": blog, "game-trees": gameTrees, "ruby": ruby, "tutorial": tutorial,
	}
	var out []Claim
	for _, s := range Sources {
		if source != "" && s.Name != source {
			continue
		}
		var mine []Claim
		for _, c := range stored {
			if c.Source == s.Name {
				mine = append(mine, c)
			}
		}
		cs, err := build[s.Name](m, mine)
		if err == nil {
			err = ctx.Err()
		}
		if err != nil {
			return nil, err
		}
		for i := range cs {
			cs[i].Source = s.Name
			settle(&cs[i])
		}
		out = append(out, cs...)
	}
	return out, nil
}

// settle fills in c's basis where its rule left it implicit (a not
// checkable claim has none, a stored one is stored, any other was
// measured) and keeps "reproduced" for what plylab measured: a claim on
// the source's own numbers that holds adds up.
func settle(c *Claim) {
	switch {
	case c.Verdict == NotCheckable:
		c.Basis = BasisNone
	case c.Basis != "":
	case c.Slow:
		c.Basis = BasisStored
	default:
		c.Basis = BasisMeasured
	}
	if c.Basis == BasisSource && c.Verdict == Reproduced {
		c.Verdict = AddsUp
	}
}

// Summary counts the verdicts of cs.
func Summary(cs []Claim) map[string]int {
	m := map[string]int{}
	for _, c := range cs {
		m[c.Verdict]++
	}
	return m
}

// notCheckable is a claim plylab cannot check: why says what it would
// take.
func notCheckable(where, kind, claim, claimed, live, why string) Claim {
	return Claim{Where: where, Kind: kind, Claim: claim, Claimed: claimed, Live: live,
		Verdict: NotCheckable, Rule: RuleNone, Why: why}
}
