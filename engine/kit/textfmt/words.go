package textfmt

import "strings"

// Plural formats a count with a noun, adding "s" unless the count is
// one: "1 position", "0 cells", "1,234 nodes".
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return Thousands(n) + " " + noun + "s"
}

// Shorten cuts s to at most n runes, at a space in its second half when
// there is one, trims trailing punctuation and adds "…"; a shorter s is
// returned as it is.
func Shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := n - 1
	for i := cut; i > n/2; i-- {
		if r[i] == ' ' {
			cut = i
			break
		}
	}
	return strings.TrimRight(string(r[:cut]), " ,;:-") + "…"
}

// Indent puts prefix before every line of s.
func Indent(s, prefix string) string {
	lines := strings.Split(s, "\n")
	for i, ln := range lines {
		lines[i] = prefix + ln
	}
	return strings.Join(lines, "\n")
}

// WrapWords joins words with single spaces into lines of at most width
// bytes; a word longer than width gets a line of its own.
func WrapWords(words []string, width int) []string {
	var lines []string
	var cur strings.Builder
	for _, w := range words {
		if cur.Len() > 0 && cur.Len()+1+len(w) > width {
			lines = append(lines, cur.String())
			cur.Reset()
		}
		if cur.Len() > 0 {
			cur.WriteByte(' ')
		}
		cur.WriteString(w)
	}
	if cur.Len() > 0 {
		lines = append(lines, cur.String())
	}
	return lines
}

// Capitalize upper-cases the first byte of an ASCII word: "white" →
// "White".
func Capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// OneLine folds a message onto a single line: surrounding space trimmed,
// and when it has line breaks, every run of white space made one space.
func OneLine(s string) string {
	s = strings.TrimSpace(s)
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}
