package lessons

import (
	"encoding/base64"
	"fmt"
	"html/template"
	"strings"
	"unicode/utf8"
)

// A command's output as a web page shows it: its text, with every table
// turned into an HTML table that fits or scrolls visibly with its first
// column kept in view, and its pictures (trees, charts, boards) inline.
// The exported pages, the notebook server and the browser runner all
// draw outputs with OutputHTML, so a cell looks the same everywhere.

// OutputHTML draws what one command of a cell printed and drew. prefix
// keeps the ids of its inline pictures apart from the rest of the page.
func OutputHTML(cr *CommandResult, prefix string) (template.HTML, error) {
	var b strings.Builder
	if out := StripANSI(cr.Output()); strings.TrimSpace(out) != "" {
		b.WriteString(TextHTML(strings.TrimRight(out, "\n")))
	}
	pics, err := cellPictures(cr)
	if err != nil {
		return "", err
	}
	esc := template.HTMLEscapeString
	for k, p := range pics {
		b.WriteString(`<figure>`)
		switch p.ext() {
		case "svg":
			b.WriteString(inlineSVG(p.Data, fmt.Sprintf("%s-%d", prefix, k)))
		case "png":
			fmt.Fprintf(&b, `<img src="data:image/png;base64,%s" alt="%s" />`, base64.StdEncoding.EncodeToString(p.Data), esc(p.Name))
		}
		fmt.Fprintf(&b, `<figcaption>%s</figcaption></figure>`, esc(p.Caption))
	}
	return template.HTML(b.String()), nil
}

// TextHTML draws a command's text output: plain text in <pre class="out">
// blocks, and each table plylab printed (a header line over a rule of
// '─' runs, then rows up to a blank line) as a <table class="out-table">
// in a scrolling box, numbers right-aligned as in the terminal.
func TextHTML(text string) string {
	lines := strings.Split(text, "\n")
	var b strings.Builder
	var pre []string
	flush := func() {
		if len(pre) > 0 {
			// Focusable: a reader scrolls a wide output with the keyboard.
			b.WriteString(`<pre class="out" tabindex="0">` + template.HTMLEscapeString(strings.Join(pre, "\n")) + "</pre>")
			pre = nil
		}
	}
	for i := 0; i < len(lines); i++ {
		if i+1 < len(lines) && lines[i] != "" {
			if spans := ruleSpans(lines[i+1]); len(spans) >= 2 {
				end := i + 2
				for end < len(lines) && strings.TrimSpace(lines[end]) != "" {
					end++
				}
				flush()
				b.WriteString(tableHTML(lines[i], spans, lines[i+2:end]))
				i = end - 1
				continue
			}
		}
		pre = append(pre, lines[i])
	}
	flush()
	return b.String()
}

// span is one column of a text table: its first and last rune.
type span struct{ from, to int }

// ruleSpans reads the rule line under a table's header: runs of '─'
// separated by spaces, one per column. Anything else is no rule (nil).
func ruleSpans(line string) []span {
	var out []span
	start := -1
	i := 0
	for _, r := range line {
		switch r {
		case '─':
			if start < 0 {
				start = i
			}
		case ' ':
			if start >= 0 {
				out = append(out, span{start, i - 1})
				start = -1
			}
		default:
			return nil
		}
		i++
	}
	if start >= 0 {
		out = append(out, span{start, i - 1})
	}
	return out
}

// cut returns the runes of line from..to (inclusive), as far as it goes.
func cut(runes []rune, from, to int) string {
	if from >= len(runes) {
		return ""
	}
	return string(runes[from:min(to+1, len(runes))])
}

// columnTexts splits a table line into its columns' texts: each from the
// column's start to the start of the next (the last takes the rest).
func columnTexts(line string, spans []span) []string {
	runes := []rune(line)
	out := make([]string, len(spans))
	for j, s := range spans {
		to := len(runes)
		if j+1 < len(spans) {
			to = spans[j+1].from - 1
		}
		out[j] = strings.TrimSpace(cut(runes, s.from, to))
	}
	return out
}

func tableHTML(header string, spans []span, rows []string) string {
	esc := template.HTMLEscapeString
	// A column is right-aligned when its texts are padded on the left
	// within the rule's width (as plylab pads numbers) and never on the
	// right.
	right := make([]bool, len(spans))
	for j, s := range spans {
		var padLeft, padRight bool
		for _, line := range append([]string{header}, rows...) {
			h := cut([]rune(line), s.from, s.to)
			if strings.TrimSpace(h) == "" || utf8.RuneCountInString(h) < s.to-s.from+1 {
				continue
			}
			padLeft = padLeft || strings.HasPrefix(h, " ")
			padRight = padRight || strings.HasSuffix(h, " ")
		}
		right[j] = padLeft && !padRight
	}
	var b strings.Builder
	b.WriteString(`<div class="table-scroll" tabindex="0"><table class="out-table"><thead><tr>`)
	for j, h := range columnTexts(header, spans) {
		fmt.Fprintf(&b, `<th%s>%s</th>`, numClass(right[j]), esc(h))
	}
	b.WriteString(`</tr></thead><tbody>`)
	for _, row := range rows {
		b.WriteString(`<tr>`)
		for j, c := range columnTexts(row, spans) {
			fmt.Fprintf(&b, `<td%s>%s</td>`, numClass(right[j]), esc(c))
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table></div>`)
	return b.String()
}

func numClass(right bool) string {
	if right {
		return ` class="num"`
	}
	return ""
}
