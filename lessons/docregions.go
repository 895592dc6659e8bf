package lessons

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// A page's marked regions (measured, stored, cited, a hidden cell's
// output, unchecked, computed tables): each number in one is checked
// against where the region says it comes from.

// checkRegion checks a marked region's numbers against where it says they
// come from.
func checkRegion(file, text string, rg docRegion, r *Result, o DocOptions, bound [][2]int, others []docRegion) []ProseIssue {
	bad := func(format string, args ...any) []ProseIssue {
		return []ProseIssue{{File: file, Line: rg.line, Kind: IssueRegion, Token: fmt.Sprintf(format, args...)}}
	}
	body := text[rg.start:rg.end]
	var tokens []string
	for _, t := range proseTokens(maskComments(maskCode(text)[rg.start:rg.end])) {
		from, to := rg.start+t.off, rg.start+t.off+len(t.text)
		if inSpans2(bound, from, to) {
			continue
		}
		inner := false // a region inside this one answers for its own numbers
		for _, o := range others {
			inner = inner || o != rg && o.start >= rg.start && o.end <= rg.end && from >= o.start && to <= o.end
		}
		if !inner {
			tokens = append(tokens, t.num)
		}
	}
	switch rg.kind {
	case "measured":
		if o.Command == nil {
			return bad("no way to check the command of a measured region: %s", rg.arg)
		}
		if rg.arg == EachRowsCommand {
			return checkRowCommands(file, text, rg, o.Command)
		}
		if err := o.Command(strings.Trim(rg.arg, "`")); err != nil {
			return bad("the measurement's command %s: %v", rg.arg, err)
		}
	case "unchecked":
		if strings.TrimSpace(rg.arg) == "" {
			return bad("an unchecked region says why: <!-- unchecked: REASON -->")
		}
	case "cite":
		if !citePlace.MatchString(rg.arg) {
			return bad("the quotation's place %q names no table, section, figure, file or year", rg.arg)
		}
		// A quotation of the repository's own files: every number is in
		// one of them.
		files := citedFile.FindAllString(rg.arg, -1)
		if len(files) == 0 {
			return nil
		}
		have := map[string]bool{}
		for _, f := range files {
			data, err := os.ReadFile(filepath.Join(o.Root, filepath.FromSlash(f)))
			if err != nil {
				return bad("the quotation of %s: %v", f, err)
			}
			for _, t := range regionTokens(string(data)) {
				have[t] = true
			}
			for _, w := range strings.FieldsFunc(string(data), func(r rune) bool {
				return !(r >= '0' && r <= '9' || r == '.' || r == ',')
			}) {
				have[strings.ReplaceAll(strings.Trim(w, ".,"), ",", "")] = true
			}
		}
		var missing []string
		for _, t := range tokens {
			if !have[t] && !strings.ContainsAny(t[:1], "KQRBNOabcdefgh") && !roundedIn(t, have) {
				missing = append(missing, t)
			}
		}
		if len(missing) > 0 {
			return bad("%s do not hold %s", strings.Join(files, ", "), strings.Join(missing, ", "))
		}
	case "stored":
		var data []byte
		if gen, ok := o.Blocks[rg.arg]; ok {
			md, err := gen()
			if err != nil {
				return bad("block %s: %v", rg.arg, err)
			}
			data = []byte(md)
		} else {
			d, err := os.ReadFile(filepath.Join(o.Root, filepath.FromSlash(rg.arg)))
			if err != nil {
				return bad("the stored result %s cannot be read: %v", rg.arg, err)
			}
			data = d
		}
		have := map[string]bool{}
		for _, t := range regionTokens(string(data)) {
			have[t] = true
		}
		var missing []string
		for _, t := range tokens {
			if !have[t] {
				missing = append(missing, t)
			}
		}
		if len(missing) > 0 {
			return bad("%s does not hold %s", rg.arg, strings.Join(missing, ", "))
		}
	case "output":
		n, err := strconv.Atoi(strings.TrimPrefix(rg.arg, "cell "))
		if err != nil || n < 1 || n > len(r.Cells) {
			return bad("an output region names a hidden cell by its number (1-%d), got %q", len(r.Cells), rg.arg)
		}
		have := map[string]bool{}
		for _, cr := range r.Cells[n-1].Commands {
			for _, rec := range cr.Records {
				for _, f := range rec.Fields {
					for _, t := range regionTokens(f.String()) {
						have[t] = true
					}
				}
			}
		}
		var missing []string
		for _, t := range tokens {
			if !have[t] {
				missing = append(missing, t)
			}
		}
		if len(missing) > 0 {
			return bad("cell %d's results do not hold %s", n, strings.Join(missing, ", "))
		}
	default:
		gen := o.Blocks[rg.kind]
		want, err := gen()
		if err != nil {
			return bad("block %s: %v", rg.kind, err)
		}
		if strings.TrimSpace(body) != strings.TrimSpace(want) {
			return bad("block %s is not what its stored results give; regenerate it (the test that computes it says how)", rg.kind)
		}
	}
	return nil
}

// roundedIn reports whether the decimal t ("2.99") is one of the numbers
// of have rounded to t's decimals (2.988076 is quoted as 2.99).
func roundedIn(t string, have map[string]bool) bool {
	_, frac, ok := strings.Cut(t, ".")
	v, err := strconv.ParseFloat(t, 64)
	if !ok || err != nil || strings.Contains(frac, ".") {
		return false
	}
	for h := range have {
		x, err := strconv.ParseFloat(h, 64)
		if err == nil && len(h) > len(t) && strconv.FormatFloat(x, 'f', len(frac), 64) == strconv.FormatFloat(v, 'f', len(frac), 64) {
			return true
		}
	}
	return false
}

// EachRowsCommand is the command of a measured region whose table rows
// each name their own.
const EachRowsCommand = "each row's command"

var (
	rowCode   = regexp.MustCompile("`([^`]+)`")
	rowSource = regexp.MustCompile(`\bsee "[^"]+"|docs/[a-z-]+\.md|CHANGELOG\.md`)
)

// checkRowCommands checks a measured table whose rows name their
// commands: each row holds a command in backquotes that command accepts,
// or names the section or page that gives it.
func checkRowCommands(file, text string, rg docRegion, command func(string) error) []ProseIssue {
	var out []ProseIssue
	line := 1 + strings.Count(text[:rg.start], "\n")
	table := text[rg.start:rg.end]
	for i, row := range strings.Split(table, "\n") {
		row = strings.TrimSpace(row)
		if !strings.HasPrefix(row, "|") || strings.Trim(row, "|-: ") == "" {
			continue
		}
		n := line + i
		if isHeaderRow(table, i) {
			continue
		}
		ok := rowSource.MatchString(row)
		var errs []string
		for _, m := range rowCode.FindAllStringSubmatch(row, -1) {
			c := strings.ReplaceAll(m[1], `\|`, "|")
			if !strings.HasPrefix(c, "plylab ") && !strings.HasPrefix(c, "go ") && !strings.Contains(c, " plylab ") {
				continue
			}
			if strings.HasPrefix(c, "/usr/bin/time ") {
				c = strings.TrimPrefix(c, "/usr/bin/time ")
			}
			if err := command(c); err != nil {
				errs = append(errs, fmt.Sprintf("%s: %v", c, err))
			} else {
				ok = true
			}
		}
		if len(errs) > 0 {
			out = append(out, ProseIssue{File: file, Line: n, Kind: IssueRegion, Token: "the row's command " + strings.Join(errs, "; ")})
		} else if !ok {
			out = append(out, ProseIssue{File: file, Line: n, Kind: IssueRegion, Token: "the row names no command that measured it"})
		}
	}
	return out
}

// isHeaderRow reports whether row i of a table's lines is its header (the
// line before the |---| line).
func isHeaderRow(table string, i int) bool {
	lines := strings.Split(table, "\n")
	return i+1 < len(lines) && strings.Trim(strings.TrimSpace(lines[i+1]), "|-: ") == "" && strings.HasPrefix(strings.TrimSpace(lines[i+1]), "|")
}

// maskCode blanks a page's fenced code blocks and inline code spans,
// offsets kept.
func maskCode(text string) string {
	lines := strings.SplitAfter(text, "\n")
	var char byte
	var n int
	for i, ln := range lines {
		c, m, info, ok := fence(strings.TrimRight(ln, "\n"))
		inside := char != 0
		switch {
		case char == 0 && ok:
			char, n = c, m
			inside = true
		case char != 0 && ok && c == char && m >= n && info == "":
			char = 0
		}
		if inside || ok {
			lines[i] = strings.Repeat(" ", len(strings.TrimRight(ln, "\n"))) + ln[len(strings.TrimRight(ln, "\n")):]
		}
	}
	return maskInlineCode(strings.Join(lines, ""))
}

// maskComments blanks the HTML comments of s (offsets kept).
func maskComments(s string) string {
	b := []byte(s)
	for _, c := range commentPattern.FindAllStringIndex(s, -1) {
		for i := c[0]; i < c[1]; i++ {
			if b[i] != '\n' {
				b[i] = ' '
			}
		}
	}
	return string(b)
}

// inSpans2 reports whether [from, to) lies inside one of spans.
func inSpans2(spans [][2]int, from, to int) bool {
	for _, s := range spans {
		if from >= s[0] && to <= s[1] {
			return true
		}
	}
	return false
}

// regionTokens are the numbers and moves of a text as the linter reads
// them, numbers without separators or sign: "1,081,373" is 1081373.
func regionTokens(s string) []string {
	var out []string
	for _, t := range proseTokens(s) {
		out = append(out, t.num)
	}
	return out
}
