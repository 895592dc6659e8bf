package lessons

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/plylab/plylab/lessons/sandbox"
)

// Checking the docs like lessons. The README and the pages of docs/ are
// read on GitHub as plain Markdown, so nothing a check needs may show
// there: it lives in HTML comments. A page (ParseDoc) has hidden cells,
// and binds each number and move it writes out:
//
//	<!-- plylab: bench --with qevasions -->            a hidden cell
//	1,081,373<!-- {{signature_nodes}} -->             the value written before the comment
//	1.2 %<!-- {{= round(100 * (q / b - 1), 1)}} -->  must be what the reference shows
//	more nodes<!-- {{assert: q > b}} -->              an assertion shows nothing
//	58 %<!-- {{cite RAM-Z paper, Table I: 58 %}} -->   a quotation, checked the same way
//
// A reference that shows a value (a selection, a name, a computation, a
// citation) binds the text just before its comment: that text must be
// the value, and its numbers and moves are then accounted for. One
// comment shows one value; it may hold assertions and {{unchecked: ...}}
// besides. Everything else is the lessons' rules: the linter reads the
// rest of the page's prose (LintResult, WordIssues), and every assertion
// must hold. A block of numbers that no single reference can bind is
// marked with where they come from (DocRegions), and the region's
// numbers are checked against it.

// DocRegionKinds are the kinds of a page's marked blocks:
//
//	<!-- measured: COMMAND -->   the numbers are a measurement by COMMAND
//	                             (times, rates: they differ on every run);
//	                             COMMAND is a plylab command or a go test,
//	                             checked by DocOptions.Command; "each row's
//	                             command" for a table whose rows name their
//	                             own (a command in backquotes, or a section
//	                             or page of the docs that gives it)
//	<!-- stored: FILE -->        every number is in FILE (a stored result
//	                             of the repository), or in the block NAME
//	                             that DocOptions.Blocks computes from them
//	                             (<!-- stored: gauntlet-table -->)
//	<!-- cite WHERE -->          the numbers are a quotation of a source,
//	                             WHERE naming it as a {{cite}} does; when
//	                             WHERE names files of the repository, every
//	                             number is in one of them
//	<!-- output: CELL -->        every number and move is a value of the
//	                             results of hidden cell CELL (its number)
//	<!-- unchecked: REASON -->   the numbers are no claim (an example of a
//	                             request, of a syntax): the page's deliberate
//	                             exception, REASON saying why; its words
//	                             are not checked either
//	<!-- NAME -->                a block DocOptions.Blocks computes, NAME
//	                             ("gauntlet-table"), compared whole
//
// A region is closed by <!-- /KIND --> (<!-- /NAME -->); without one it
// ends at the next blank line (a paragraph, a list item, a table).
var DocRegionKinds = []string{"measured", "stored", "cite", "output", "unchecked"}

// DocOptions say what a docs check may run and read.
type DocOptions struct {
	// Root is the repository's folder: a stored file is read from it.
	Root string
	// Run runs a hidden cell's command; Rules decide which it may hold.
	Run   RunFunc
	Rules Rules
	// Command checks the command of a measured region: nil when it is a
	// command plylab knows, with flags it takes.
	Command func(command string) error
	// Blocks compute the named blocks of a page (NAME → its Markdown).
	Blocks map[string]func() (string, error)
	// Quotes, when not nil, checks quotations of a page that no comment
	// binds (the ledger's "[where → verdict]" in docs/reproducing.md): it
	// returns the spans of text it checked, as byte offsets, and what it
	// found wrong.
	Quotes func(file, text string) (spans [][2]int, issues []ProseIssue)
}

// IssueBinding, IssueRegion and IssueRun are the kinds of a page's other
// issues (ProseIssue.Kind): a value written out that is not the one its
// comment gives, a marked region whose numbers do not come from where it
// says, and a page whose cells or assertions fail.
const (
	IssueBinding = "binding"
	IssueRegion  = "region"
	IssueRun     = "run"
)

// docRegion is a marked block of a page.
type docRegion struct {
	kind, arg  string
	line       int
	start, end int // byte offsets of the region's text in the page
}

var regionOpen = regexp.MustCompile(`<!--\s*(measured|stored|cite|output|unchecked)[:\s]\s*(.*?)\s*-->|<!--\s*([a-z][a-z0-9-]*)\s*-->`)

// docRegions finds the marked regions of a page's text.
func docRegions(text string, blocks map[string]func() (string, error)) []docRegion {
	var out []docRegion
	for _, m := range regionOpen.FindAllStringSubmatchIndex(text, -1) {
		r := docRegion{start: m[1], line: 1 + strings.Count(text[:m[0]], "\n")}
		if m[2] >= 0 {
			r.kind, r.arg = text[m[2]:m[3]], text[m[4]:m[5]]
		} else {
			r.kind = text[m[6]:m[7]]
			if _, known := blocks[r.kind]; !known {
				continue
			}
		}
		// Its closing tag: the first of its kind that no region of the
		// same kind opened after it closes first (regions of other kinds
		// may nest inside it).
		if c := closingOf(text, r.start, r.kind); c >= 0 {
			r.end = c
		} else {
			// No closing tag: the region is the rest of its block, or, for
			// a comment on a line of its own, the block after it.
			from := r.start
			if strings.HasPrefix(text[from:], "\n") {
				from++
				for strings.HasPrefix(text[from:], "\n") {
					from++
				}
			}
			end := strings.Index(text[from:], "\n\n")
			if end < 0 {
				end = len(text) - from
			}
			r.end = from + end
		}
		out = append(out, r)
	}
	return out
}

// closingOf returns the offset of the closing tag of a region of kind
// opened before from, or -1 when it has none: a region of the same kind
// that opens first is closed first (or is closed by nothing, and then the
// tag after it is its own).
func closingOf(text string, from int, kind string) int {
	tag := "<!-- /" + kind + " -->"
	c := strings.Index(text[from:], tag)
	if c < 0 {
		return -1
	}
	for _, m := range regionOpen.FindAllStringSubmatchIndex(text[from:from+c], -1) {
		k := ""
		if m[2] >= 0 {
			k = text[from+m[2] : from+m[3]]
		} else {
			k = text[from+m[6] : from+m[7]]
		}
		if k == kind {
			return -1
		}
	}
	return from + c
}

// DocResult is the verdict on one page of a docs check.
type DocResult struct {
	File   string
	Cells  int
	Issues []ProseIssue
}

// CheckDoc parses the page file (its text src) with ParseDoc, runs its
// hidden cells, and returns what it finds wrong: a cell that fails, an
// assertion that no longer holds, a value written out that is not the
// one its comment binds, a number or move that nothing binds, a region
// whose numbers do not come from where it says, and the words the
// lessons' word checks report. Its error is a page that cannot be parsed.
func CheckDoc(ctx context.Context, file string, src []byte, o DocOptions) (DocResult, error) {
	res := DocResult{File: file}
	l, err := ParseDoc(file, src, o.Rules)
	if err != nil {
		return res, err
	}
	res.Cells = len(l.Cells)
	s := NewSession(l, o.Run, sandbox.NewMemory(sandbox.Quota{}))
	r, err := s.RunAll()
	if err != nil {
		var le *Error
		line := 0
		if errors.As(err, &le) {
			line = le.Line
		}
		res.Issues = append(res.Issues, ProseIssue{File: file, Line: line, Kind: IssueRun, Token: oneLineMsg.Replace(unwrapLessonError(err))})
		return res, nil
	}
	text := strings.ReplaceAll(string(src), "\r\n", "\n")
	// The page with its code (fenced blocks, inline spans) blanked: a
	// comment shown as code is no comment.
	visible := maskCode(text)
	// What the page's comments bind: the text before each comment that
	// shows a value. quoted are the spans of quotations, whose words are
	// their sources'.
	var bound, quoted [][2]int
	blockStart := lineOffsets(text)
	for _, b := range l.Blocks {
		if b.Kind != Prose {
			continue
		}
		base := blockStart[b.Line-1]
		vals := r.Refs[b]
		for _, c := range commentPattern.FindAllStringIndex(maskInlineCode(b.Text), -1) {
			var shown []RefValue
			for _, v := range vals {
				if v.Ref.Start >= c[0] && v.Ref.End <= c[1] && v.Ref.Kind != RefAssert && v.Ref.Kind != RefUnchecked {
					shown = append(shown, v)
				}
			}
			if len(shown) == 0 {
				continue
			}
			line := b.Line + strings.Count(b.Text[:c[0]], "\n")
			if len(shown) > 1 {
				res.Issues = append(res.Issues, ProseIssue{File: file, Line: line, Kind: IssueBinding,
					Token: fmt.Sprintf("one comment binds one value; this one shows %d", len(shown))})
				continue
			}
			v := shown[0]
			want := v.Ref.Shown(v.Value)
			from, ok := literalBefore(b.Text[:c[0]], want)
			if !ok {
				from, ok = numberBefore(b.Text[:c[0]], want)
			}
			if !ok {
				res.Issues = append(res.Issues, ProseIssue{File: file, Line: line, Kind: IssueBinding,
					Token: fmt.Sprintf("the page says %q where {{%s}} gives %q", lastWords(b.Text[:c[0]], want), v.Ref, want)})
				// The words it binds are reported here, not again as
				// unbound.
				w := strings.TrimRight(b.Text[:c[0]], " \t*_`")
				bound = append(bound, [2]int{base + strings.LastIndexAny(w, " \n(") + 1, base + c[0]})
				continue
			}
			if v.Ref.Kind == RefCite {
				if issue := checkCitedFile(file, line, o.Root, v.Ref.Cite); issue != nil {
					res.Issues = append(res.Issues, *issue)
					continue
				}
			}
			bound = append(bound, [2]int{base + from, base + c[0]})
			if v.Ref.Kind == RefCite {
				quoted = append(quoted, [2]int{base + from, base + c[0]})
			}
		}
	}
	// A comment inside a line is inline HTML to GitHub, which shows it as
	// text when it holds "--" (CommonMark 0.30); a comment on lines of
	// its own is an HTML block, hidden whatever it holds.
	for _, c := range commentPattern.FindAllStringIndex(visible, -1) {
		lineStart := strings.LastIndexByte(text[:c[0]], '\n') + 1
		if strings.HasPrefix(strings.TrimSpace(text[lineStart:c[0]]), "|") && unescapedPipe(text[c[0]:c[1]]) {
			res.Issues = append(res.Issues, ProseIssue{File: file, Line: 1 + strings.Count(text[:c[0]], "\n"), Kind: IssueBinding,
				Token: "a comment in a table row writes | as \\| (GitHub splits the row's cells at every other |)"})
		}
		if strings.TrimSpace(text[lineStart:c[0]]) == "" {
			if issue := blockComment(text, lineStart, c[1]); issue != "" {
				res.Issues = append(res.Issues, ProseIssue{File: file, Line: 1 + strings.Count(text[:c[0]], "\n"), Kind: IssueBinding, Token: issue})
			}
			continue
		}
		if inner := text[c[0]+4 : c[1]-3]; strings.Contains(inner, "--") || strings.HasPrefix(inner, ">") || strings.HasSuffix(inner, "-") {
			res.Issues = append(res.Issues, ProseIssue{File: file, Line: 1 + strings.Count(text[:c[0]], "\n"), Kind: IssueBinding,
				Token: "a comment inside a line must not hold \"--\" (GitHub would show it); put it on a line of its own"})
		}
	}
	// The marked regions: their numbers, those no comment binds.
	boundByComment := append([][2]int(nil), bound...)
	regions := docRegions(visible, o.Blocks)
	for _, rg := range regions {
		res.Issues = append(res.Issues, checkRegion(file, text, rg, r, o, boundByComment, regions)...)
		bound = append(bound, [2]int{rg.start, rg.end})
	}
	if o.Quotes != nil {
		spans, issues := o.Quotes(file, text)
		bound = append(bound, spans...)
		quoted = append(quoted, spans...)
		res.Issues = append(res.Issues, issues...)
	}
	inBound := func(off, n int) bool { return inSpans2(bound, off, off+n) }
	// The numbers and moves nothing binds, and the words.
	for _, t := range lintResultTokens(r) {
		if inBound(blockStart[t.block.Line-1]+t.off, len(t.issue.Token)) {
			continue
		}
		res.Issues = append(res.Issues, t.issue)
	}
	// The words: a quotation's are its source's (a cited literal, a
	// quotation region, a checked quotation of the ledger).
	for _, rg := range regions {
		if rg.kind == "cite" || rg.kind == "unchecked" {
			quoted = append(quoted, [2]int{rg.start, rg.end})
		}
	}
	for _, w := range WordIssues(l) {
		if off, ok := tokenOnLine(text, blockStart, w.Line, w.Token); ok && inSpans2(quoted, off, off+len(w.Token)) {
			continue
		}
		res.Issues = append(res.Issues, w)
	}
	sort.SliceStable(res.Issues, func(i, j int) bool { return res.Issues[i].Line < res.Issues[j].Line })
	return res, nil
}

// unescapedPipe reports whether s holds a "|" without a backslash before it.
func unescapedPipe(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '|' && (i == 0 || s[i-1] != '\\') {
			return true
		}
	}
	return false
}

// blockComment says what is wrong with a comment that begins a line (at
// lineStart, ending at end), if anything. To GitHub such a comment starts
// an HTML block, which may interrupt a paragraph: the rest of its line
// would show as raw HTML outside the paragraph, and a comment on lines of
// its own between two lines of a paragraph splits it in two.
func blockComment(text string, lineStart, end int) string {
	rest, _, _ := strings.Cut(text[end:], "\n")
	if strings.TrimSpace(rest) != "" {
		return "a comment that begins a line starts an HTML block on GitHub, which shows the rest of the line apart; begin the line with a word"
	}
	prev := ""
	if lineStart > 0 {
		before := text[:lineStart-1]
		prev = strings.TrimSpace(before[strings.LastIndexByte(before, '\n')+1:])
	}
	next := ""
	if nl := strings.IndexByte(text[end:], '\n'); nl >= 0 {
		after, _, _ := strings.Cut(text[end+nl+1:], "\n")
		next = strings.TrimSpace(after)
	}
	if isParagraphLine(prev) && !strings.HasSuffix(prev, "-->") && isParagraphLine(next) {
		return "a comment on a line of its own inside a paragraph splits it in two on GitHub; put it before the paragraph or inside a line"
	}
	return ""
}

// isParagraphLine reports whether a page's line (trimmed) continues a
// paragraph rather than starting a block of its own.
func isParagraphLine(line string) bool {
	if line == "" {
		return false
	}
	for _, p := range []string{"#", "|", "```", "~~~", "<!--", "- ", "* ", "+ ", ">"} {
		if strings.HasPrefix(line, p) {
			return false
		}
	}
	digits := strings.TrimLeft(line, "0123456789")
	return !(len(digits) < len(line) && (strings.HasPrefix(digits, ". ") || strings.HasPrefix(digits, ") ")))
}

// unwrapLessonError is err's message without its file and line.
func unwrapLessonError(err error) string {
	var le *Error
	if errors.As(err, &le) {
		return le.Msg
	}
	return err.Error()
}

// tokenOnLine finds the first occurrence of words (white space taken as
// any) from the start of a line of text: its offset.
func tokenOnLine(text string, lines []int, line int, words string) (int, bool) {
	if line < 1 || line > len(lines) {
		return 0, false
	}
	parts := strings.Fields(words)
	for i := range parts {
		parts[i] = regexp.QuoteMeta(parts[i])
	}
	m := regexp.MustCompile(strings.Join(parts, `\s+`)).FindStringIndex(text[lines[line-1]:])
	if m == nil {
		return 0, false
	}
	return lines[line-1] + m[0], true
}

// lineOffsets are the byte offsets of each line's start.
func lineOffsets(text string) []int {
	out := []int{0}
	for i, c := range text {
		if c == '\n' {
			out = append(out, i+1)
		}
	}
	return out
}

// literalBefore reports where the text before a binding comment writes
// want: its end, after spaces and Markdown's emphasis and code marks,
// must be want (runs of white space compared as one space), starting at
// a word's start.
func literalBefore(before, want string) (int, bool) {
	t := before[:len(strings.TrimRight(before, " \t*_`"))]
	w := strings.Join(strings.Fields(want), " ")
	if w == "" {
		return 0, false
	}
	for i := len(t) - 1; i >= 0; i-- {
		got := strings.Join(strings.Fields(t[i:]), " ")
		if len(got) > len(w) {
			return 0, false
		}
		if got == w && (i == 0 || !isWordByte(t[i-1])) {
			return i, true
		}
	}
	return 0, false
}

// numberBefore is literalBefore for a number written with other
// separators or precision marks than the reference prints it ("1,081,373"
// for 1081373, "2.98 %" for 2.98%): the number that ends the text, read
// as plylab reads numbers, equals want.
func numberBefore(before, want string) (int, bool) {
	w, ok := ParseNumber(want)
	if !ok {
		return 0, false
	}
	t := strings.TrimRight(before, " \t*_`")
	t = strings.TrimRight(strings.TrimSuffix(t, "%"), " ")
	i := len(t)
	for i > 0 && (t[i-1] >= '0' && t[i-1] <= '9' || t[i-1] == ',' || t[i-1] == '.') {
		i--
	}
	if i > 0 && (t[i-1] == '+' || t[i-1] == '-') {
		i--
	}
	if i == len(t) || i > 0 && isWordByte(t[i-1]) {
		return 0, false
	}
	got, ok := ParseNumber(t[i:])
	return i, ok && got == w
}

// isWordByte reports whether c continues a word or a number.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == ',' || c == '.' || c == '_' || c >= 0x80
}

// lastWords is the end of before as long as want, for a message.
func lastWords(before, want string) string {
	b := strings.TrimRight(before, " \t*_`")
	n := len(want)
	if n > len(b) {
		n = len(b)
	}
	return strings.Join(strings.Fields(b[len(b)-n:]), " ")
}

// citedFile finds the file of the repository a citation's place names.
var citedFile = regexp.MustCompile(`[\w/.-]+\.(go|md|json|mod|js|txt)\b`)

// checkCitedFile checks a citation of a file of the repository: every
// number of its text is in the file.
func checkCitedFile(file string, line int, root string, c *Cite) *ProseIssue {
	name := citedFile.FindString(c.Where)
	if name == "" {
		return nil
	}
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
	if err != nil {
		return &ProseIssue{File: file, Line: line, Kind: IssueBinding, Token: fmt.Sprintf("the citation of %s: %v", name, err)}
	}
	have := map[string]bool{}
	for _, t := range regionTokens(string(data)) {
		have[t] = true
	}
	for _, w := range strings.Fields(string(data)) {
		have[strings.Trim(w, `"',;()`)] = true
	}
	for _, t := range regionTokens(c.Text) {
		if !have[t] {
			return &ProseIssue{File: file, Line: line, Kind: IssueBinding, Token: fmt.Sprintf("the citation {{cite %s: %s}}: %s is not in %s", c.Where, c.Text, t, name)}
		}
	}
	return nil
}
