package lessons

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// The prose linter: every number and every chess move a lesson's prose
// states must have a source. `lesson check` runs it on every lesson it
// checks and fails on each number or move it cannot account for, naming
// its file and line.
//
// Not linted: the {{...}} references themselves (their values come from
// the outputs, their citations are quotations), inline `code`, code
// blocks, link targets, and the front matter. Linted: digits ("23,152",
// "1.5", "+100", "5 %"), numbers written out from eleven up ("twenty",
// "twenty-five") and one to ten before a unit of search ("one ply",
// "three plies", "two positions"), and moves in SAN ("Re6", "Nxd5",
// "exd5", "O-O", "e8=Q", "1.e4", "2...d5", and a square that follows a
// move: "1.e4 e5").
//
// A number or move is accounted for when it is
//   - a condition of a reference in the same sentence: "{{best | depth=13}}
//     at depth 13", "{{score | move=Ra6}} for Ra6" (the reference reads the
//     row that the words name, so the words are checked with it); a
//     sentence that ends with a colon before a list runs to the list's end;
//   - a number of the command of the cell just before or just after the
//     prose ("--depth 8", the ends of "--depth 4-6"): the prose describes
//     the command;
//   - a move a name holds ({{mate = move | rank=1}} makes "Ra6" a checked
//     word for the rest of the lesson; this part needs the lesson run);
//   - the number of a lesson, table, section, appendix, figure, chapter,
//     page, part or reference ("lesson 9", "Tables 4 and 5", "Appendix V-A
//     4"), a catalogue number ("position #70"), a year in a citation
//     ("(1970)", ", 2002)", "since 2020"), an ordered list's or a
//     heading's number;
//   - one of the facts of the rules in RuleFacts.

// ProseIssue is a number or move of a lesson's prose without a source,
// or a sentence whose words need a check it does not carry (Kind, see
// WordIssues).
type ProseIssue struct {
	File  string
	Line  int
	Token string // as written: "23,152", "Re6", "twenty-five"; the words ("nearly as much")
	Move  bool   // a move, not a number
	// Kind is "" for a number or a move, else IssueComparison,
	// IssueChessFact, IssueVerdict or IssueCount.
	Kind string
}

func (i ProseIssue) Error() string {
	at := fmt.Sprintf("%s:%d: ", i.File, i.Line)
	switch i.Kind {
	case IssueComparison:
		return at + fmt.Sprintf("the sentence compares in words (%q) but asserts nothing over the values it shows: add {{assert: ...}} that reads them, or {{unchecked: WHY}}", i.Token)
	case IssueChessFact:
		return at + fmt.Sprintf("%q states a position's outcome or best move without Stockfish's analysis: read it from a 'plylab %s' cell, or {{unchecked: WHY}}", i.Token, ReferenceCommand)
	case IssueVerdict:
		return at + fmt.Sprintf("%q judges a source's claim without the ledger: read the verdict from a 'plylab %s' cell", i.Token, LedgerCommand)
	case IssueCount:
		return at + fmt.Sprintf("the count of %s is described in words that do not name its conditions: write them in the sentence, or assert that the words name the same results", i.Token)
	case IssueBinding, IssueRegion, IssueRun:
		return at + i.Token
	}
	what := "number"
	if i.Move {
		what = "move"
	}
	return at + fmt.Sprintf("the %s %q has no source", what, i.Token)
}

// ProseHint says what to do about a ProseIssue.
const ProseHint = "read each from an output ({{SELECTOR}}, {{NAME}}, {{= EXPR}}), quote it with its place ({{cite WHERE: TEXT}}), or leave it out; docs/lessons.md has the syntax"

// RuleFact is a phrase of the rules of chess (or of arithmetic) that a
// lesson may state as it is: it never changes with the engine.
type RuleFact struct {
	Pattern *regexp.Regexp
	Why     string
}

// RuleFacts are the phrases LintProse accepts without a source. Keep the
// list short: anything an output can show belongs in a reference.
var RuleFacts = []RuleFact{
	{regexp.MustCompile(`\b8 ?[x×] ?8\b`), "the board has 8x8 squares"},
	{regexp.MustCompile(`\b64 squares\b`), "the board has 64 squares"},
	{regexp.MustCompile(`(?i)\bfifty[-\s]+moves?(\s+rule)?\b`), "the fifty-move rule"},
	{regexp.MustCompile(`1\.e4 e5 2\.Nf3`), "a move order that transposes into 1.Nf3 e5 2.e4"},
	{regexp.MustCompile(`1\.Nf3 e5 2\.e4`), "a move order that transposes into 1.e4 e5 2.Nf3"},
	{regexp.MustCompile(`\b1\.e4\b`), "the most common first move, named as an example"},
	{regexp.MustCompile(`\b95\s?%\s+(confidence\s+)?intervals?\b`), "the confidence of every interval plylab reports"},
}

// citeWords are the words whose number follows them as a name, not a
// quantity: "lesson 9", "Table 4", "Appendix V-A 4".
var citeWords = regexp.MustCompile(`(?i)\b(lessons?|tables?|sections?|appendix|appendices|figures?|fig\.|chapters?|pages?|pp?\.|part|references?|claim|position|[IVX]+-[A-Z])\s*\[?$`)

// unitWords are the units after which one to ten are quantities of a
// search: "one ply later", "two positions".
var unitWords = map[string]bool{
	"ply": true, "plies": true, "node": true, "nodes": true, "qnodes": true, "position": true, "positions": true,
	"iteration": true, "iterations": true, "pass": true, "passes": true, "cutoff": true, "cutoffs": true,
	"leaf": true, "leaves": true, "game": true, "games": true, "depth": true, "depths": true, "times": true,
	"percent": true, "centipawns": true, "elo": true, "seconds": true,
}

var smallNumbers = map[string]int{
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}

var bigNumbers = map[string]int{
	"eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
	"seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40,
	"fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}

// numberWord returns the value of a written-out number ("twenty-five":
// 25) and whether it is one; small is true for one to ten.
func numberWord(w string) (n int, small, ok bool) {
	w = strings.ToLower(w)
	if v, ok := smallNumbers[w]; ok {
		return v, true, true
	}
	if v, ok := bigNumbers[w]; ok {
		return v, false, true
	}
	if tens, unit, found := strings.Cut(w, "-"); found {
		t, ok1 := bigNumbers[tens]
		u, ok2 := smallNumbers[unit]
		if ok1 && ok2 && t >= 20 && u < 10 {
			return t + u, false, true
		}
	}
	return 0, false, false
}

// moveRe finds moves in SAN, with an optional move number.
var moveRe = regexp.MustCompile(`(\d+\.(?:\.\.)?\s?|\.\.\.)?(O-O(?:-O)?|[KQRBN][a-h]?[1-8]?x?[a-h][1-8]|[a-h]x[a-h][1-8](?:=[QRBN])?|[a-h][1-8](?:=[QRBN])?)([+#]?[!?]*)`)

// proseToken is one number or move found in prose.
type proseToken struct {
	off   int // byte offset in the block's text
	text  string
	move  bool
	num   string // a number's value without separators and sign ("2096"); a move without its number and marks ("Ra6")
	small bool   // one to ten written out
}

// LintProse returns the numbers and moves of l's prose that have no
// source it can see without running the lesson; moves that a name might
// hold are returned too (LintResult checks them against the values).
func LintProse(l *Lesson) []ProseIssue {
	var out []ProseIssue
	for _, p := range lintBlocks(l) {
		for _, t := range p.open {
			out = append(out, ProseIssue{File: l.File, Line: p.line(t.off), Token: t.text, Move: t.move})
		}
	}
	return sortIssues(append(out, WordIssues(l)...))
}

// sortIssues orders issues by line.
func sortIssues(is []ProseIssue) []ProseIssue {
	sort.SliceStable(is, func(a, b int) bool { return is[a].Line < is[b].Line })
	return is
}

// LintResult is LintProse for a lesson that ran to the end: a move is
// accounted for when a name bound before it holds it.
func LintResult(r *Result) []ProseIssue {
	var out []ProseIssue
	for _, t := range lintResultTokens(r) {
		out = append(out, t.issue)
	}
	return sortIssues(append(out, WordIssues(r.Lesson)...))
}

// openToken is a number or move without a source, with its block and its
// offset in the block's text.
type openToken struct {
	issue ProseIssue
	block *Block
	off   int
}

// lintResultTokens are LintResult's numbers and moves, with where they
// are.
func lintResultTokens(r *Result) []openToken {
	l := r.Lesson
	type bound struct {
		block *Block
		off   int
		value string
	}
	var names []bound
	for _, b := range l.Blocks {
		for _, v := range r.Refs[b] {
			if v.Ref.Name != "" && v.Ref.Kind != RefName {
				names = append(names, bound{b, v.Ref.Start, moveCore(v.Value)})
			}
		}
	}
	order := map[*Block]int{}
	for i, b := range l.Blocks {
		order[b] = i
	}
	var out []openToken
	for _, p := range lintBlocks(l) {
	tokens:
		for _, t := range p.open {
			if t.move {
				for _, n := range names {
					before := order[n.block] < order[p.block] || n.block == p.block && n.off < t.off
					if before && n.value == t.num {
						continue tokens
					}
				}
			}
			out = append(out, openToken{ProseIssue{File: l.File, Line: p.line(t.off), Token: t.text, Move: t.move}, p.block, t.off})
		}
	}
	return out
}

// moveCore is a move without its number and marks: "1.Ra6!" is "Ra6".
func moveCore(s string) string {
	s = strings.TrimSpace(s)
	if m := moveRe.FindStringSubmatchIndex(s); m != nil && m[0] == 0 && m[1] == len(s) {
		return s[m[4]:m[5]]
	}
	return s
}

// lintedBlock is a prose block with the tokens the linter could not
// account for.
type lintedBlock struct {
	block *Block
	open  []proseToken
}

func (p lintedBlock) line(off int) int {
	return p.block.Line + strings.Count(p.block.Text[:off], "\n")
}

func lintBlocks(l *Lesson) []lintedBlock {
	var out []lintedBlock
	for i, b := range l.Blocks {
		if b.Kind != Prose {
			continue
		}
		// The numbers of the commands just before and after the prose.
		args := map[string]bool{}
		for _, j := range []int{i - 1, i + 1} {
			if j >= 0 && j < len(l.Blocks) && l.Blocks[j].Kind == CellBlock {
				for _, c := range l.Blocks[j].Cell.Commands {
					commandNumbers(c.Args, args)
				}
			}
			// A page of documentation shows its commands in code blocks.
			if l.Doc && j >= 0 && j < len(l.Blocks) && l.Blocks[j].Kind == Code {
				for _, ln := range strings.Split(l.Blocks[j].Text, "\n") {
					ln = strings.TrimPrefix(strings.TrimSpace(ln), "$ ")
					if strings.HasPrefix(ln, "plylab ") {
						commandNumbers(strings.Fields(ln), args)
					}
				}
			}
		}
		out = append(out, lintedBlock{block: b, open: lintBlock(b, args)})
	}
	return out
}

// commandNumbers adds the numbers among a command's words to set: a whole
// number, or the ends of a range ("4-6").
func commandNumbers(args []string, set map[string]bool) {
	for _, a := range args {
		lo, hi, isRange := strings.Cut(a, "-")
		for _, part := range []string{lo, hi} {
			if part == "" {
				continue
			}
			if _, err := strconv.Atoi(part); err == nil && (isRange || part == a) {
				set[strings.TrimLeft(part, "0")+map[bool]string{true: "0", false: ""}[strings.Trim(part, "0") == ""]] = true
			}
		}
	}
}

// lintBlock returns the tokens of b that are not accounted for without
// running the lesson, given the numbers of the adjacent commands.
func lintBlock(b *Block, args map[string]bool) []proseToken {
	text := b.Text
	masked := maskProse(b)
	sentences, leads := sentenceSpans(masked)
	sentenceOf := func(off int) int {
		return sort.Search(len(sentences), func(i int) bool { return sentences[i][1] > off })
	}
	// The condition values of the references of each sentence.
	conds := make([]map[string]bool, len(sentences)+1)
	for i := range conds {
		conds[i] = map[string]bool{}
	}
	for _, r := range b.Refs {
		set := conds[sentenceOf(r.Start)]
		var sels []Selector
		if r.Kind == RefSelect {
			sels = append(sels, r.Sel)
		}
		for _, s := range r.Sels {
			sels = append(sels, s.sel)
		}
		for _, s := range sels {
			for _, c := range s.Where {
				set[normNumber(c.Value)] = true
				set[moveCore(c.Value)] = true
			}
		}
		// An assertion checks the numbers it states: "more than three
		// times{{assert: a > 3 * b}}".
		if r.Kind == RefAssert {
			for _, n := range exprNumbers(r.Expr) {
				set[normNumber(n)] = true
			}
		}
	}
	for lead, list := range leads {
		for _, j := range list {
			for v := range conds[j] {
				conds[lead][v] = true
			}
		}
	}
	// Rule facts and cited-number prefixes are judged on the text.
	var factSpans [][]int
	for _, f := range RuleFacts {
		factSpans = append(factSpans, f.Pattern.FindAllStringIndex(masked, -1)...)
	}
	inFact := func(t proseToken) bool {
		for _, s := range factSpans {
			if t.off >= s[0] && t.off+len(t.text) <= s[1] {
				return true
			}
		}
		return false
	}
	var open []proseToken
	var lastCite int = -1 // end offset of the last number accepted as a name
	for _, t := range proseTokens(masked) {
		set := conds[sentenceOf(t.off)]
		cited := !t.move && citedNumber(masked, t, &lastCite) // keeps a list of names going
		switch {
		case cited, inFact(t):
		case set[t.num]:
		case !t.move && args[t.num]:
		case !t.move && moveNumberOfRef(text[t.off+len(t.text):]):
		default:
			t.text = text[t.off : t.off+len(t.text)]
			open = append(open, t)
		}
	}
	return open
}

// moveNumberOfRef reports whether what follows a number makes it the
// number of a move that a reference shows: "1.{{rf1 = best_moves}}".
func moveNumberOfRef(after string) bool {
	return strings.HasPrefix(after, ".{{") || strings.HasPrefix(after, "...{{")
}

// normNumber is a number as conditions and commands are compared: no
// sign, separators or percent sign.
func normNumber(s string) string {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(strings.TrimPrefix(s, "+"), "−")
	s = strings.TrimPrefix(s, "-")
	s = strings.TrimSuffix(s, "%")
	s = strings.ReplaceAll(s, ",", "")
	if n, _, ok := numberWord(s); ok {
		return strconv.Itoa(n)
	}
	return s
}

// citedNumber reports whether t names a lesson, table, section... (the
// word before it, or a list of such numbers: "Tables 4 and 5"), a year in
// a citation, or a catalogue number.
func citedNumber(text string, t proseToken, lastCite *int) bool {
	if t.small || t.move {
		return false
	}
	before := text[:t.off]
	ok := false
	switch {
	case citeWords.MatchString(before):
		ok = true
	case strings.HasSuffix(before, "#"):
		ok = true
	case len(t.num) == 4 && !strings.ContainsAny(t.text, ".,") && t.num >= "1850" && t.num <= "2099" &&
		(strings.HasSuffix(before, "(") || strings.HasSuffix(before, ", ") || strings.HasSuffix(before, "since ") || strings.HasSuffix(before, "in ")):
		ok = true
	case *lastCite >= 0:
		gap := before[*lastCite:]
		switch strings.TrimSpace(gap) {
		case ",", "and", ", and", "or", "to", "-", "–", "":
			ok = strings.TrimSpace(gap) != "" || gap == ""
		}
	}
	if ok {
		*lastCite = t.off + len(t.text)
	}
	return ok
}
