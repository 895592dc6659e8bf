package lessons

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"
)

// Words that need a check. A number is bound to an output; the words
// around it can still say what the numbers do not: "nearly as much", "at
// most depths", "a draw", "the claim holds". Such a sentence carries the
// check its words need, or lesson check reports it at its line:
//
//   - a comparison in words (ComparisonWords), next to values the prose
//     shows, needs an {{assert: ...}} that reads at least one of those
//     values: the words are then a claim the check keeps true;
//   - a claim about a position's outcome or best move (ChessFactWords)
//     needs a reference (an assertion or a value) that reads a
//     `positions reference` cell: Stockfish's stored analysis at a stated
//     depth;
//   - a verdict on a source's claim (VerdictWords) needs a reference that
//     reads a `reproduce` cell: the ledger's verdict, so a lesson cannot
//     say "holds" where the ledger says "refuted";
//   - a count of some results shown in prose (count([SEL | CONDITIONS]))
//     describes them in words: each condition's value is written in the
//     sentence ("the 9 moves that score +100"), or an assertion of the
//     sentence reads the same key, so the words cannot name another set
//     than the one counted.
//
// A sentence whose words are deliberately left unchecked says why:
// {{unchecked: REASON}} shows nothing and exempts its sentence from these
// checks (never from the numbers' and moves').

// ProportionWords are the words that say how much of something, or over
// which of the outputs, a comparison holds ("most depths", "nearly as
// much", "a third", "twice", "at every depth", "misses"): a sentence with
// one, once a cell has run, carries an assertion even when it shows no
// value (the summary "it saves them at most depths" speaks of outputs
// shown above it). ComparisonWords are the comparatives ("more",
// "faster", "never"), which need an assertion next to the values they
// compare. Both are matched as whole words, case-insensitive, outside
// references, code and links (docs/lessons.md, "Prose that is checked").
var ProportionWords = []string{
	"most", "mostly", "nearly", "almost", "barely", "hardly", "only part", "the bulk", "a fraction",
	"half", "a third", "a quarter", "two thirds", "three quarters", "a tenth", "twice", "double",
	"doubles", "triple", "every depth", "at every depth", "at each depth", "at all depths",
	"at most depths", "misses", "miss",
}

// ComparisonWords are the comparatives (see ProportionWords).
var ComparisonWords = []string{
	"more", "fewer", "less", "larger", "smaller", "higher", "lower", "faster", "slower", "cheaper",
	"costlier", "deeper", "shallower", "wider", "narrower", "sooner", "later", "earlier", "exceeds",
	"always", "never", "as much as", "as many as", "as much", "as many", "the same as",
}

// ChessFactWords are the phrases that state a position's outcome or best
// move.
var ChessFactWords = []string{
	"a draw", "the draw", "wins", "winning", "loses", "losing", "lost", "mate in", "mates in", "mated in",
	"forced mate", "forces mate", "the only move", "only move", "better for white", "better for black",
	"what the move is worth", "really worth", "truly worth",
}

// OutcomeWords are the words of ChessFactWords that speak of a game's
// result as well as a position's: a sentence that speaks of games
// (GameWords: "wins, draws and losses", "lost on time") uses them of the
// games, not of a position, and needs no analysis.
var OutcomeWords = []string{"a draw", "the draw", "wins", "winning", "loses", "losing", "lost"}

// GameWords are the words that make a sentence speak of games and matches.
var GameWords = []string{
	"game", "games", "match", "matches", "on time", "draws", "losses", "opponent", "opponents",
	"player", "players", "elo", "score", "points",
}

// VerdictWords are the phrases that judge a source's claim.
var VerdictWords = []string{
	"verdict:", "the claim holds", "claim holds", "as the tutorial says", "as the paper says",
	"as the blog says", "as the readme says", "as the source says",
}

// ReferenceCommand and LedgerCommand are the cells a chess fact and a
// verdict are checked against.
const (
	ReferenceCommand = "positions reference"
	LedgerCommand    = "reproduce"
)

// wordPattern matches any of words as whole words.
func wordPattern(words []string) *regexp.Regexp {
	sorted := append([]string(nil), words...)
	sort.Slice(sorted, func(i, j int) bool { return len(sorted[i]) > len(sorted[j]) })
	parts := make([]string, len(sorted))
	for i, w := range sorted {
		parts[i] = strings.ReplaceAll(regexp.QuoteMeta(w), " ", `\s+`)
		if last := w[len(w)-1]; last >= 'a' && last <= 'z' {
			parts[i] += `\b`
		}
	}
	return regexp.MustCompile(`(?i)\b(` + strings.Join(parts, "|") + `)`)
}

var (
	proportionRe = wordPattern(ProportionWords)
	comparisonRe = wordPattern(ComparisonWords)
	chessFactRe  = wordPattern(ChessFactWords)
	outcomeRe    = wordPattern(OutcomeWords)
	gameRe       = wordPattern(GameWords)
	verdictRe    = wordPattern(VerdictWords)
)

// Word issues' kinds (ProseIssue.Kind).
const (
	IssueComparison = "comparison"
	IssueChessFact  = "chess fact"
	IssueVerdict    = "verdict"
	IssueCount      = "count"
)

// readSet is what references read: "cell N" for a cell's results,
// "cell N:key" for one key of them, "name:NAME" for a name.
type readSet map[string]bool

func (s readSet) add(o readSet) {
	for k := range o {
		s[k] = true
	}
}

// meets reports whether s and o read a cell (or a name) in common.
func (s readSet) meets(o readSet) bool {
	for k := range o {
		if s[k] && !(strings.HasPrefix(k, "cell ") && strings.Contains(k, ":")) {
			return true
		}
	}
	return false
}

// meetsKey reports whether s and o read a key of a cell in common.
func (s readSet) meetsKey(o readSet) bool {
	for k := range o {
		if s[k] && strings.HasPrefix(k, "cell ") && strings.Contains(k, ":") {
			return true
		}
	}
	return false
}

// cells are the cells s reads.
func (s readSet) cells() []int {
	var out []int
	for k := range s {
		var c int
		if _, err := fmt.Sscanf(k, "cell %d", &c); err == nil && !strings.Contains(k, ":") {
			out = append(out, c)
		}
	}
	return out
}

// addSel records that a selector of cell reads key.
func (s readSet) addSel(cell int, key string) {
	s[fmt.Sprintf("cell %d", cell)] = true
	s[fmt.Sprintf("cell %d:%s", cell, key)] = true
}

// wordChecker holds what a lesson's names read, in reading order.
type wordChecker struct {
	l     *Lesson
	names map[string]readSet // a name: what its binding read, names expanded
}

// reads is what r reads, names expanded to what they read.
func (w *wordChecker) reads(r Ref) readSet {
	s := readSet{}
	sel := func(cell int, key string) {
		if cell == 0 {
			cell = r.Cell
		}
		s.addSel(cell, key)
	}
	if r.Kind == RefSelect {
		sel(r.Cell, r.Sel.Key)
	}
	for _, sr := range r.Sels {
		sel(sr.cell, sr.sel.Key)
	}
	var names []string
	if r.Kind == RefName {
		names = append(names, r.Name)
	}
	if r.Expr != nil {
		names = append(names, exprNames(r.Expr)...)
	}
	for _, n := range names {
		s["name:"+n] = true
		s.add(w.names[n])
	}
	return s
}

// bind records what the name r binds reads.
func (w *wordChecker) bind(r Ref) {
	if r.Name == "" || r.Kind == RefName {
		return
	}
	s := w.reads(r)
	s["name:"+r.Name] = true
	w.names[r.Name] = s
}

// readsCommand reports whether s reads a cell whose first command is cmd
// ("positions reference", "reproduce").
func (w *wordChecker) readsCommand(s readSet, cmd string) bool {
	for _, c := range s.cells() {
		if c < 1 || c > len(w.l.Cells) {
			continue
		}
		for _, command := range w.l.Cells[c-1].Commands {
			if strings.HasPrefix(strings.Join(command.Args, " ")+" ", cmd+" ") {
				return true
			}
		}
	}
	return false
}

// proportion finds the first word of proportion of a sentence: "most",
// but not the bound "at most" ("at most 1.8", "at most 40 nodes"); "a
// third", "a quarter", "a tenth", but not as an ordinal ("a third match":
// followed by a word that is not "of" or a comparative).
func proportion(text string) []int {
	for _, loc := range proportionRe.FindAllStringIndex(text, -1) {
		word := strings.ToLower(strings.Join(strings.Fields(text[loc[0]:loc[1]]), " "))
		if word == "most" && loc[0] >= 3 && strings.EqualFold(text[loc[0]-3:loc[0]], "at ") {
			continue
		}
		if (word == "a third" || word == "a quarter" || word == "a tenth") && ordinalNoun(text[loc[1]:]) {
			continue
		}
		return loc
	}
	return nil
}

// ordinalNoun reports whether rest, the text after "a third", goes on with
// a noun it counts ("match", "time"): a word that is neither "of" nor a
// comparative.
func ordinalNoun(rest string) bool {
	if rest == "" || !unicode.IsSpace(rune(rest[0])) {
		return false
	}
	f := strings.Fields(rest)
	if len(f) == 0 {
		return false
	}
	w := strings.ToLower(strings.TrimRight(f[0], ".,;:)"))
	if w == "" || !unicode.IsLetter(rune(w[0])) {
		return false // a number follows
	}
	return !comparisonRe.MatchString(w) && w != "of" && w != "as"
}

// chessFact finds the first phrase of a sentence that states a position's
// outcome or best move: one of ChessFactWords, where an outcome word of a
// sentence that speaks of games is about the games.
func chessFact(text string) []int {
	games := gameRe.MatchString(text)
	for _, loc := range chessFactRe.FindAllStringIndex(text, -1) {
		if games && outcomeRe.FindStringIndex(text[loc[0]:loc[1]]) != nil {
			continue
		}
		return loc
	}
	return nil
}

// WordIssues returns the sentences of l's prose whose words need a check
// they do not carry (see ComparisonWords, ChessFactWords, VerdictWords and
// the counts), each at the line of its word.
func WordIssues(l *Lesson) []ProseIssue {
	w := &wordChecker{l: l, names: map[string]readSet{}}
	var out []ProseIssue
	cells := 0
	for _, b := range l.Blocks {
		if b.Kind == CellBlock {
			cells++
		}
		if b.Kind != Prose {
			continue
		}
		masked := maskProse(b)
		spans := wordSpans(masked)
		// The references of each sentence, in order.
		bySentence := make([][]Ref, len(spans))
		for _, r := range b.Refs {
			i := sort.Search(len(spans), func(i int) bool { return spans[i][1] > r.Start })
			if i < len(spans) {
				bySentence[i] = append(bySentence[i], r)
			}
		}
		for i, sp := range spans {
			refs := bySentence[i]
			// Names bound in the sentence count for its own checks.
			for _, r := range refs {
				w.bind(r)
			}
			out = append(out, w.sentence(b, cells, masked, sp, refs)...)
		}
	}
	return out
}

// wordSpans are the sentences of masked prose (sentenceSpans), with a
// lead-in that ends in a colon joined to what follows it: "Verdict: the
// claim holds" is one sentence for its words, and so is a lead-in with
// the list it introduces.
func wordSpans(masked string) [][2]int {
	spans, leads := sentenceSpans(masked)
	var out [][2]int
	for i := 0; i < len(spans); i++ {
		sp := spans[i]
		for {
			if l := leads[i]; len(l) > 0 {
				i = l[len(l)-1]
				sp[1] = spans[i][1]
				continue
			}
			if strings.HasSuffix(strings.TrimSpace(masked[sp[0]:sp[1]]), ":") && i+1 < len(spans) && !startsParagraph(masked, spans[i+1][0]) {
				i++
				sp[1] = spans[i][1]
				continue
			}
			break
		}
		out = append(out, sp)
	}
	return out
}

// sentence checks one sentence: its words against its references.
func (w *wordChecker) sentence(b *Block, cellsBefore int, masked string, sp [2]int, refs []Ref) []ProseIssue {
	text := masked[sp[0]:sp[1]]
	shown, asserted, all := readSet{}, []readSet{}, readSet{}
	values := false
	for _, r := range refs {
		if r.Kind == RefUnchecked {
			return nil
		}
		s := w.reads(r)
		all.add(s)
		switch r.Kind {
		case RefAssert:
			asserted = append(asserted, s)
		case RefSelect, RefName, RefCompute:
			values = true
			shown.add(s)
			if r.Name != "" {
				shown["name:"+r.Name] = true
			}
		}
	}
	issue := func(kind string, loc []int) ProseIssue {
		off := sp[0] + loc[0]
		return ProseIssue{File: w.l.File, Line: b.Line + strings.Count(b.Text[:off], "\n"), Token: strings.Join(strings.Fields(b.Text[off:sp[0]+loc[1]]), " "), Kind: kind}
	}
	var out []ProseIssue
	// An assertion over the values shown, or any assertion when none is.
	checked := len(asserted) > 0 && !values
	for _, a := range asserted {
		checked = checked || a.meets(shown)
	}
	if loc := proportion(text); loc != nil && (values || cellsBefore > 0) && !checked {
		out = append(out, issue(IssueComparison, loc))
	} else if loc := comparisonRe.FindStringIndex(text); loc != nil && values && !checked {
		out = append(out, issue(IssueComparison, loc))
	}
	if loc := chessFact(text); loc != nil && !w.readsCommand(all, ReferenceCommand) {
		out = append(out, issue(IssueChessFact, loc))
	}
	if loc := verdictRe.FindStringIndex(text); loc != nil && !w.readsCommand(all, LedgerCommand) {
		out = append(out, issue(IssueVerdict, loc))
	}
	for _, r := range refs {
		if r.Kind != RefCompute || r.Expr == nil {
			continue
		}
		c, ok := r.Expr.root.(call)
		if !ok || c.fn != "count" {
			continue
		}
		s := c.args[0].(selRef)
		if countNamed(text, s.sel) {
			continue
		}
		key := readSet{}
		cell := s.cell
		if cell == 0 {
			cell = r.Cell
		}
		key.addSel(cell, s.sel.Key)
		for _, cond := range s.sel.Where {
			key.addSel(cell, cond.Key)
		}
		named := false
		for _, a := range asserted {
			named = named || a.meetsKey(key)
		}
		if !named {
			p := issue(IssueCount, []int{r.Start - sp[0], r.End - sp[0]})
			p.Token = s.where()
			out = append(out, p)
		}
	}
	return out
}

// countNamed reports whether the words of a sentence name every condition
// of a counted selector: its value written in the sentence ("score +100",
// "ply 1", "one move").
func countNamed(text string, sel Selector) bool {
	if len(sel.Where) == 0 {
		return true
	}
	words := map[string]bool{}
	for _, t := range proseTokens(text) {
		words[t.num] = true
	}
	for _, f := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '+' || r == '-' || r == '=' || r == '#')
	}) {
		words[f] = true
		words[normNumber(f)] = true                  // "one" is 1
		words[strings.ReplaceAll(f, "-", "")] = true // "alpha-beta" names alphabeta
	}
	for _, c := range sel.Where {
		v := strings.ToLower(c.Value)
		plural := words[v+"s"] || words[v+"es"] || strings.HasSuffix(v, "f") && words[v[:len(v)-1]+"ves"]
		if c.Op == "!=" || !(words[v] || words[normNumber(v)] || plural) {
			return false
		}
	}
	return true
}
