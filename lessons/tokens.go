package lessons

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Reading prose for the linter: the numbers and moves of a block's text
// with everything the linter does not read masked (code, references,
// links), sentence by sentence.

// proseTokens finds the numbers and moves of masked prose.
func proseTokens(s string) []proseToken {
	var out []proseToken
	covered := make([]bool, len(s))
	// Moves first: their numbers ("1.e4") are part of them.
	lastMoveEnd := -1
	for _, m := range moveRe.FindAllStringSubmatchIndex(s, -1) {
		start, end := m[0], m[1]
		if start > 0 {
			r, _ := utf8.DecodeLastRuneInString(s[:start])
			if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-' || r == '/' {
				continue
			}
		}
		if end < len(s) {
			r, _ := utf8.DecodeRuneInString(s[end:])
			if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '=' || r == '-' && !strings.HasPrefix(s[m[4]:], "O-O") {
				continue
			}
		}
		core := s[m[4]:m[5]]
		numbered := m[2] >= 0
		inSequence := lastMoveEnd >= 0 && strings.TrimSpace(s[lastMoveEnd:start]) == ""
		piece := strings.ContainsAny(core[:1], "KQRBNO") || strings.Contains(core, "x") || strings.Contains(core, "=")
		if !piece && !numbered && !inSequence {
			continue
		}
		out = append(out, proseToken{off: start, text: s[start:end], move: true, num: core})
		for i := start; i < end; i++ {
			covered[i] = true
		}
		lastMoveEnd = end
	}
	lineStart := true
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == '\n' {
			lineStart = true
			i += size
			continue
		}
		if covered[i] {
			i += size
			continue
		}
		if lineStart {
			// An ordered list's marker ("1. ") or a heading's number
			// ("## 1. Material").
			j := i
			for j < len(s) && (s[j] == ' ' || s[j] == '#') {
				j++
			}
			k := j
			for k < len(s) && s[k] >= '0' && s[k] <= '9' {
				k++
			}
			if k > j && k+1 < len(s) && (s[k] == '.' || s[k] == ')') && s[k+1] == ' ' {
				i = k + 1
				lineStart = false
				continue
			}
			lineStart = false
		}
		prev, _ := utf8.DecodeLastRuneInString(s[:i])
		if r >= '0' && r <= '9' && !(i > 0 && (unicode.IsLetter(prev) || unicode.IsDigit(prev) || prev == '_' || prev == '.' && i > 1 && s[i-2] >= '0' && s[i-2] <= '9')) {
			j := i
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || (s[j] == ',' || s[j] == '.') && j+1 < len(s) && s[j+1] >= '0' && s[j+1] <= '9') {
				j++
			}
			// An identifier with digits in it ("paper-mate2", "v7a",
			// "b6", "3p4") is a name.
			if next, _ := utf8.DecodeRuneInString(s[j:]); j < len(s) && (next == '_' || unicode.IsLetter(next) && !(next == 'x' || next == '×' || next == 'k' || next == 'M' || next == 's')) {
				for j < len(s) && (s[j] == '_' || s[j] < 128 && (unicode.IsLetter(rune(s[j])) || unicode.IsDigit(rune(s[j])))) {
					j++
				}
				i = j
				continue
			}
			if prev == '-' && i >= 2 && unicode.IsLetter(rune(s[i-2])) {
				i = j // "binary-3", "v7-a"
				continue
			}
			start := i
			if i > 0 && (prev == '+' || prev == '-' || prev == '−') {
				start = i - utf8.RuneLen(prev)
			}
			out = append(out, proseToken{off: start, text: s[start:j], num: normNumber(s[i:j])})
			i = j
			continue
		}
		if unicode.IsLetter(r) && !(i > 0 && (unicode.IsLetter(prev) || unicode.IsDigit(prev) || prev == '-')) {
			j := i
			for j < len(s) {
				c, n := utf8.DecodeRuneInString(s[j:])
				if !(unicode.IsLetter(c) || c == '-' && j+1 < len(s) && unicode.IsLetter(rune(s[j+1]))) {
					break
				}
				j += n
			}
			word := s[i:j]
			if n, small, ok := numberWord(word); ok {
				if !small || unitWords[strings.ToLower(nextWord(s[j:]))] {
					out = append(out, proseToken{off: i, text: word, num: strconv.Itoa(n), small: small})
				}
			}
			i = j
			continue
		}
		i += size
	}
	sort.Slice(out, func(a, b int) bool { return out[a].off < out[b].off })
	return out
}

// nextWord is the first word of s.
func nextWord(s string) string {
	s = strings.TrimLeft(s, " \t")
	end := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
	if end < 0 {
		return s
	}
	return s[:end]
}

// maskProse is b's text with everything the linter does not read blanked
// out (offsets and newlines kept): references, inline code, code lines,
// link targets, autolinks and HTML.
func maskProse(b *Block) string {
	buf := []byte(b.Text)
	blank := func(from, to int) {
		for i := from; i < to && i < len(buf); i++ {
			if buf[i] != '\n' {
				buf[i] = ' '
			}
		}
	}
	for _, r := range b.Refs {
		blank(r.Start, r.End)
	}
	s := string(buf)
	for _, re := range maskPatterns {
		for _, m := range re.FindAllStringIndex(s, -1) {
			blank(m[0], m[1])
		}
		s = string(buf)
	}
	// Indented code: lines of four spaces or a tab after a blank line, in
	// the text as written (a masked reference at the start of a line is
	// not an indent).
	lines := strings.Split(b.Text, "\n")
	off := 0
	code := false
	for i, ln := range lines {
		indented := strings.HasPrefix(ln, "    ") || strings.HasPrefix(ln, "\t")
		if indented && (i == 0 || strings.TrimSpace(lines[i-1]) == "" || code) && strings.TrimSpace(ln) != "" {
			code = true
			blank(off, off+len(ln))
		} else if strings.TrimSpace(ln) != "" {
			code = false
		}
		off += len(ln) + 1
	}
	return string(buf)
}

var maskPatterns = []*regexp.Regexp{
	regexp.MustCompile("(`+)[^`]*?(`+)"),           // inline code
	regexp.MustCompile(`\]\([^)\s]*\)`),            // link targets
	regexp.MustCompile(`(?m)^\s*\[[^\]]+\]:\s.*$`), // link definitions
	regexp.MustCompile(`<https?://[^>]*>`),         // autolinks
	regexp.MustCompile(`(?s)<!--.*?-->`),           // comments
	regexp.MustCompile(`</?[a-zA-Z][^>]*>`),        // tags
}

// sentenceSpans splits masked prose into sentences: at . ! ? ; or :
// followed by a space or newline, and at blank lines, headings and list
// items. leads maps a sentence that ends with a colon just before a list
// to the sentences of that list: the lead-in ("At depth 5:") reads the
// list's references.
func sentenceSpans(s string) (spans [][2]int, leads map[int][]int) {
	start := 0
	var itemStarts []bool // whether each span begins a list item
	newItem := listItem(strings.TrimLeft(s, " "))
	cut := func(end int, nextIsItem bool) {
		if strings.TrimSpace(s[start:end]) != "" {
			spans = append(spans, [2]int{start, end})
			itemStarts = append(itemStarts, newItem)
			newItem = false
		}
		start = end
		if nextIsItem {
			newItem = true
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\n':
			t := strings.TrimLeft(s[i+1:], " ")
			if item := listItem(t); item || strings.HasPrefix(t, "\n") || strings.HasPrefix(t, "#") {
				cut(i+1, item)
			}
		case strings.IndexByte(".!?;:", c) >= 0 && i+1 < len(s) && (s[i+1] == ' ' || s[i+1] == '\n'):
			cut(i+1, false)
		}
	}
	cut(len(s), false)
	leads = map[int][]int{}
	for i, sp := range spans {
		if !strings.HasSuffix(strings.TrimSpace(s[sp[0]:sp[1]]), ":") || i+1 >= len(spans) || !itemStarts[i+1] {
			continue
		}
		for j := i + 1; j < len(spans); j++ {
			if !itemStarts[j] && !strings.HasPrefix(s[spans[j][0]:spans[j][1]], " ") && startsParagraph(s, spans[j][0]) {
				break
			}
			leads[i] = append(leads[i], j)
		}
	}
	return spans, leads
}

func listItem(t string) bool {
	if strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") {
		return true
	}
	j := 0
	for j < len(t) && t[j] >= '0' && t[j] <= '9' {
		j++
	}
	return j > 0 && j+1 < len(t) && t[j] == '.' && t[j+1] == ' '
}

// startsParagraph reports whether off begins a paragraph or a heading:
// after a blank line, or a line starting with #.
func startsParagraph(s string, off int) bool {
	before := strings.TrimRight(s[:off], " ")
	return off == 0 || strings.HasSuffix(before, "\n\n") || strings.HasPrefix(strings.TrimLeft(s[off:], " \n"), "#")
}

// ProseToken is a number or a move of Markdown prose, at its line.
type ProseToken struct {
	Line int
	Text string
	Move bool
}

// ProseTokens returns the numbers and moves of a Markdown page's prose
// that the lesson linter would report without a lesson around them: not
// in code, links or HTML, not the number of a lesson, table or section, a
// year in a citation, or a fact of RuleFacts. For pages that are not
// lessons (the README, the docs), whose tests account for each one.
func ProseTokens(markdown string) []ProseToken {
	lines := strings.Split(strings.ReplaceAll(markdown, "\r\n", "\n"), "\n")
	var char byte
	var n int
	for i, ln := range lines {
		c, m, info, ok := fence(ln)
		switch {
		case char == 0 && ok:
			char, n = c, m
			lines[i] = ""
		case char != 0 && ok && c == char && m >= n && info == "":
			char = 0
			lines[i] = ""
		case char != 0:
			lines[i] = ""
		}
	}
	b := &Block{Text: strings.Join(lines, "\n"), Line: 1}
	var out []ProseToken
	for _, t := range lintBlock(b, nil) {
		out = append(out, ProseToken{Line: b.Line + strings.Count(b.Text[:t.off], "\n"), Text: t.text, Move: t.move})
	}
	return out
}
