package textfmt

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/width"
)

// The renderings of a Table: aligned text for people (WriteTableText),
// CSV, JSON and Markdown for programs and pages, and HTML (WriteTableHTML).
// Each is the one renderer of its format, wherever plylab shows a table:
// the CLI's output layer (cmd/internal/output), the lesson pages, the
// notebook server and the browser's engine.

// WriteTableText writes t as aligned columns under a rule line, the
// title, the headers, the rule and the notes styled by paint (bold, bold,
// dim, dim) and each cell by its Style.
func WriteTableText(w io.Writer, t *Table, paint Paint) error {
	var b strings.Builder
	if t.Title != "" {
		b.WriteString(paint(StyleBold, t.Title))
		b.WriteByte('\n')
	}
	widths := make([]int, len(t.Columns))
	for j, col := range t.Columns {
		widths[j] = DisplayWidth(col.Header)
	}
	for i := range t.Rows {
		for j, c := range t.RowCells(i) {
			widths[j] = max(widths[j], DisplayWidth(OneLine(c.Text)))
		}
	}
	line := func(texts []string, styles []Style) {
		var l strings.Builder
		for j, col := range t.Columns {
			if j > 0 {
				l.WriteString("  ")
			}
			text := texts[j]
			pad := widths[j] - DisplayWidth(text)
			painted := paint(styles[j], text)
			if col.Right {
				l.WriteString(strings.Repeat(" ", pad) + painted)
			} else {
				l.WriteString(painted + strings.Repeat(" ", pad))
			}
		}
		b.WriteString(strings.TrimRight(l.String(), " "))
		b.WriteByte('\n')
	}
	texts := make([]string, len(t.Columns))
	styles := make([]Style, len(t.Columns))
	for j, col := range t.Columns {
		texts[j], styles[j] = col.Header, StyleBold
	}
	line(texts, styles)
	rules := make([]string, len(t.Columns))
	for j := range t.Columns {
		rules[j] = strings.Repeat("─", widths[j])
	}
	b.WriteString(paint(StyleDim, strings.Join(rules, "  ")))
	b.WriteByte('\n')
	for i := range t.Rows {
		for j, c := range t.RowCells(i) {
			texts[j], styles[j] = OneLine(c.Text), c.Style
		}
		line(texts, styles)
	}
	if len(t.Notes) > 0 {
		b.WriteByte('\n')
		for _, n := range t.Notes {
			b.WriteString(paint(StyleDim, n))
			b.WriteByte('\n')
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteTableCSV writes t as CSV: a header of column keys, then one record per
// row with the cells' machine values (the title and notes are left out).
func WriteTableCSV(w io.Writer, t *Table) error {
	cw := csv.NewWriter(w)
	rec := make([]string, len(t.Columns))
	for j, col := range t.Columns {
		rec[j] = col.Key
	}
	if err := cw.Write(rec); err != nil {
		return err
	}
	for i := range t.Rows {
		for j, c := range t.RowCells(i) {
			rec[j] = csvValue(c)
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// csvValue is the plain machine value of a cell: numbers without
// separators, booleans as true/false, null as "".
func csvValue(c Cell) string {
	switch v := JSONValue(c.Value).(type) {
	case nil:
		return ""
	case string:
		return v
	case bool:
		return strconv.FormatBool(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case uint64:
		return strconv.FormatUint(v, 10)
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	default:
		return fmt.Sprint(v)
	}
}

// JSONField is one key and value of a JSONObject.
type JSONField struct {
	Key   string
	Value any
}

// JSONObject is a JSON object whose keys marshal in the order given.
type JSONObject []JSONField

// MarshalJSON writes the fields in order, without HTML escaping.
func (o JSONObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := MarshalJSON(f.Key)
		if err != nil {
			return nil, err
		}
		v, err := MarshalJSON(f.Value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// WriteTableJSON writes t as one JSON object: its title, its rows as objects
// keyed by column key (in column order), and its notes.
func WriteTableJSON(w io.Writer, t *Table) error {
	rows := make([]JSONObject, 0, len(t.Rows))
	for i := range t.Rows {
		obj := make(JSONObject, len(t.Columns))
		for j, c := range t.RowCells(i) {
			obj[j] = JSONField{Key: t.Columns[j].Key, Value: JSONValue(c.Value)}
		}
		rows = append(rows, obj)
	}
	notes := t.Notes
	if notes == nil {
		notes = []string{}
	}
	return WriteJSON(w, JSONObject{
		{Key: "title", Value: t.Title},
		{Key: "rows", Value: rows},
		{Key: "notes", Value: notes},
	})
}

// WriteTableMarkdown writes t as a GitHub-flavoured Markdown table, the title
// in bold above it and the notes as a list below.
func WriteTableMarkdown(w io.Writer, t *Table) error {
	var b strings.Builder
	if t.Title != "" {
		fmt.Fprintf(&b, "**%s**\n\n", mdEscape(t.Title))
	}
	widths := make([]int, len(t.Columns))
	headers := make([]string, len(t.Columns))
	for j, col := range t.Columns {
		headers[j] = mdEscape(col.Header)
		widths[j] = max(3, DisplayWidth(headers[j]))
		if col.Right {
			widths[j] = max(widths[j], 4)
		}
	}
	rows := make([][]string, len(t.Rows))
	for i := range t.Rows {
		rows[i] = make([]string, len(t.Columns))
		for j, c := range t.RowCells(i) {
			rows[i][j] = mdEscape(c.Text)
			widths[j] = max(widths[j], DisplayWidth(rows[i][j]))
		}
	}
	line := func(texts []string) {
		b.WriteString("|")
		for j, col := range t.Columns {
			if col.Right {
				b.WriteString(" " + PadLeft(texts[j], widths[j]) + " |")
			} else {
				b.WriteString(" " + PadRight(texts[j], widths[j]) + " |")
			}
		}
		b.WriteByte('\n')
	}
	line(headers)
	b.WriteString("|")
	for j, col := range t.Columns {
		if col.Right {
			b.WriteString(" " + strings.Repeat("-", widths[j]-1) + ": |")
		} else {
			b.WriteString(" " + strings.Repeat("-", widths[j]) + " |")
		}
	}
	b.WriteByte('\n')
	for _, r := range rows {
		line(r)
	}
	if len(t.Notes) > 0 {
		b.WriteByte('\n')
		for _, n := range t.Notes {
			b.WriteString("- " + mdEscape(n) + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func mdEscape(s string) string {
	s = OneLine(s)
	return strings.ReplaceAll(s, "|", `\|`)
}

// DisplayWidth is the number of terminal columns s takes (East Asian wide
// runes count 2, combining marks and ANSI escapes 0).
func DisplayWidth(s string) int {
	n := 0
	inEsc := false
	for _, r := range s {
		switch {
		case inEsc:
			if r >= '@' && r <= '~' && r != '[' {
				inEsc = false
			}
		case r == '\x1b':
			inEsc = true
		case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) || r == '\u200b':
		case r < ' ':
		default:
			switch width.LookupRune(r).Kind() {
			case width.EastAsianWide, width.EastAsianFullwidth:
				n += 2
			default:
				n++
			}
		}
	}
	return n
}

// PadRight pads s with spaces on the right to w display columns.
func PadRight(s string, w int) string {
	if d := w - DisplayWidth(s); d > 0 {
		return s + strings.Repeat(" ", d)
	}
	return s
}

// PadLeft pads s with spaces on the left to w display columns.
func PadLeft(s string, w int) string {
	if d := w - DisplayWidth(s); d > 0 {
		return strings.Repeat(" ", d) + s
	}
	return s
}

// WriteTableHTML writes t as an HTML table in a scrolling box that the
// keyboard can reach: the title as its caption, a header row, the cells'
// texts (numbers right-aligned, class "num"; a cell's Style as a class:
// good, bad, dim, bold, accent, warn), and the notes after the box. All
// text is escaped.
func WriteTableHTML(w io.Writer, t *Table) error {
	esc := html.EscapeString
	var b strings.Builder
	b.WriteString(`<div class="table-scroll" tabindex="0"><table class="out-table">`)
	if t.Title != "" {
		b.WriteString(`<caption>` + esc(OneLine(t.Title)) + `</caption>`)
	}
	b.WriteString(`<thead><tr>`)
	for _, col := range t.Columns {
		fmt.Fprintf(&b, `<th%s>%s</th>`, cellClass(col.Right, StyleNone), esc(col.Header))
	}
	b.WriteString(`</tr></thead><tbody>`)
	for i := range t.Rows {
		b.WriteString(`<tr>`)
		for j, c := range t.RowCells(i) {
			fmt.Fprintf(&b, `<td%s>%s</td>`, cellClass(t.Columns[j].Right, c.Style), esc(OneLine(c.Text)))
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table></div>`)
	if len(t.Notes) > 0 {
		b.WriteString(`<div class="out-notes">`)
		for _, n := range t.Notes {
			b.WriteString(`<p>` + esc(n) + `</p>`)
		}
		b.WriteString(`</div>`)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// cellClass is the class attribute of a cell: "num" when its column is
// right-aligned, and its style's name.
func cellClass(right bool, s Style) string {
	var names []string
	if right {
		names = append(names, "num")
	}
	if n := s.Name(); n != "" {
		names = append(names, n)
	}
	if len(names) == 0 {
		return ""
	}
	return ` class="` + strings.Join(names, " ") + `"`
}
