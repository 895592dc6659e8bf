package output

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/plylab/plylab/engine/textfmt"
	"github.com/urfave/cli/v2"
)

// Column describes one table column. Key is the field name in JSON and the
// CSV header (snake_case); Header is what people see; Right aligns numbers.
type Column struct {
	Key    string
	Header string
	Right  bool
}

// Cell is one table value. Text is what people see (table, markdown);
// Value is the typed value for programs (JSON, CSV): int64, float64,
// string, bool or nil (JSON null, empty in CSV). Build cells with
// TextCell, IntCell, FloatCell, ... so the two agree.
type Cell struct {
	Text  string
	Value any
	Style Style
}

// Table is what commands print. Title goes above, Notes below.
type Table struct {
	Title   string
	Columns []Column
	Rows    [][]Cell
	Notes   []string
}

// TextCell is a string shown and exported as is.
func TextCell(s string) Cell { return Cell{Text: s, Value: s} }

// IntCell shows n with thousands separators and exports the number.
func IntCell(n int64) Cell { return Cell{Text: FormatInt(n), Value: n} }

// UintCell is IntCell for node counts held in uint64.
func UintCell(n uint64) Cell { return Cell{Text: FormatUint(n), Value: n} }

// FloatCell shows f with format (e.g. "%.2f") and exports the number.
func FloatCell(f float64, format string) Cell {
	return Cell{Text: fmt.Sprintf(format, f), Value: f}
}

// BoolCell shows yes/no and exports true/false.
func BoolCell(b bool) Cell {
	if b {
		return Cell{Text: "yes", Value: true}
	}
	return Cell{Text: "no", Value: false}
}

// NullCell shows text (e.g. "-") and exports null.
func NullCell(text string) Cell { return Cell{Text: text} }

// DurationCell shows d for people ("45.6 ms") and exports seconds as a
// float64; name its column key with an "_s" suffix (e.g. "time_s").
func DurationCell(d time.Duration) Cell {
	return Cell{Text: FormatDuration(d), Value: d.Seconds()}
}

// RateCell shows a per-second rate ("48.2 M/s") and exports the number.
func RateCell(perSecond float64) Cell {
	return Cell{Text: FormatRate(perSecond), Value: perSecond}
}

// Styled returns c with style s (for the table format; others ignore it).
func (c Cell) Styled(s Style) Cell { c.Style = s; return c }

// Formats lists the values of --format.
var Formats = []string{"table", "csv", "json", "markdown"}

// FormatFlag is the --format/-f flag shared by every command that prints a
// table. Read it with c.String("format") and pass it to WriteTable.
func FormatFlag() cli.Flag {
	return &cli.StringFlag{
		Name:    "format",
		Aliases: []string{"f"},
		Value:   "table",
		Usage:   "output `FORMAT`: table, csv, json or markdown",
		Action: func(_ *cli.Context, v string) error {
			return CheckFormat(v)
		},
	}
}

// CheckFormat returns a usage error (see ErrUsage) when f is not one of
// Formats.
func CheckFormat(f string) error {
	for _, ok := range Formats {
		if f == ok {
			return nil
		}
	}
	return usageErrorf("unknown format %q; use --format %s", f, strings.Join(Formats, ", "))
}

// WriteTable writes t to w in format: "table" (aligned, coloured by p),
// "csv", "json" or "markdown". An unknown format is a usage error. A
// ResultWriter also receives every row (see Result).
func WriteTable(w io.Writer, format string, t *Table, p Painter) error {
	if err := CheckFormat(format); err != nil {
		return err
	}
	tableResults(w, t)
	switch format {
	case "csv":
		return WriteCSV(w, t)
	case "json":
		return WriteJSON(w, t)
	case "markdown":
		return WriteMarkdown(w, t)
	}
	return WriteText(w, t, p)
}

// rowCells returns row i padded or cut to the number of columns.
func (t *Table) rowCells(i int) []Cell {
	row := t.Rows[i]
	if len(row) == len(t.Columns) {
		return row
	}
	out := make([]Cell, len(t.Columns))
	copy(out, row)
	return out
}

// WriteText writes t as aligned columns under a rule line, with the title
// in bold and the notes dimmed when p has colour on.
func WriteText(w io.Writer, t *Table, p Painter) error {
	var b strings.Builder
	if t.Title != "" {
		b.WriteString(p.Paint(StyleBold, t.Title))
		b.WriteByte('\n')
	}
	widths := make([]int, len(t.Columns))
	for j, col := range t.Columns {
		widths[j] = DisplayWidth(col.Header)
	}
	for i := range t.Rows {
		for j, c := range t.rowCells(i) {
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
			painted := p.Paint(styles[j], text)
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
	b.WriteString(p.Paint(StyleDim, strings.Join(rules, "  ")))
	b.WriteByte('\n')
	for i := range t.Rows {
		for j, c := range t.rowCells(i) {
			texts[j], styles[j] = OneLine(c.Text), c.Style
		}
		line(texts, styles)
	}
	if len(t.Notes) > 0 {
		b.WriteByte('\n')
		for _, n := range t.Notes {
			b.WriteString(p.Paint(StyleDim, n))
			b.WriteByte('\n')
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteCSV writes t as CSV: a header of column keys, then one record per
// row with the cells' machine values (the title and notes are left out).
func WriteCSV(w io.Writer, t *Table) error {
	cw := csv.NewWriter(w)
	rec := make([]string, len(t.Columns))
	for j, col := range t.Columns {
		rec[j] = col.Key
	}
	if err := cw.Write(rec); err != nil {
		return err
	}
	for i := range t.Rows {
		for j, c := range t.rowCells(i) {
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
	switch v := jsonValue(c.Value).(type) {
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

// jsonValue normalises a cell value: integer kinds become int64/uint64,
// float32 float64, non-finite floats null.
func jsonValue(v any) any {
	switch x := v.(type) {
	case int:
		return int64(x)
	case int32:
		return int64(x)
	case int16:
		return int64(x)
	case int8:
		return int64(x)
	case uint:
		return uint64(x)
	case uint32:
		return uint64(x)
	case uint16:
		return uint64(x)
	case uint8:
		return uint64(x)
	case float32:
		return jsonValue(float64(x))
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil
		}
		return x
	case time.Duration:
		return x.Seconds()
	}
	return v
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
		k, err := textfmt.MarshalJSON(f.Key)
		if err != nil {
			return nil, err
		}
		v, err := textfmt.MarshalJSON(f.Value)
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

// Field is one value of a table row as a program reads it: the column's
// JSON key, the value --format json writes, and the text printed for it.
type Field struct {
	Key   string
	Value any
	Text  string
}

// RowFields returns row i of t as fields in column order, the same keys
// and values WriteJSON writes for it.
func (t *Table) RowFields(i int) []Field {
	cells := t.rowCells(i)
	out := make([]Field, len(cells))
	for j, c := range cells {
		out[j] = Field{Key: t.Columns[j].Key, Value: jsonValue(c.Value), Text: c.Text}
	}
	return out
}

// WriteJSON writes t as one JSON object: its title, its rows as objects
// keyed by column key (in column order), and its notes.
func WriteJSON(w io.Writer, t *Table) error {
	rows := make([]JSONObject, 0, len(t.Rows))
	for i := range t.Rows {
		obj := make(JSONObject, len(t.Columns))
		for j, c := range t.rowCells(i) {
			obj[j] = JSONField{Key: t.Columns[j].Key, Value: jsonValue(c.Value)}
		}
		rows = append(rows, obj)
	}
	notes := t.Notes
	if notes == nil {
		notes = []string{}
	}
	return textfmt.WriteJSON(w, JSONObject{
		{Key: "title", Value: t.Title},
		{Key: "rows", Value: rows},
		{Key: "notes", Value: notes},
	})
}

// WriteMarkdown writes t as a GitHub-flavoured Markdown table, the title
// in bold above it and the notes as a list below.
func WriteMarkdown(w io.Writer, t *Table) error {
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
		for j, c := range t.rowCells(i) {
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
