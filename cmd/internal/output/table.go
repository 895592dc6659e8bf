package output

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/urfave/cli/v2"
)

// The table data model lives in engine/kit/textfmt, so that results can build
// their own tables below the CLI; these aliases keep the output layer's
// names. See textfmt.Table.
type (
	// Column is textfmt.Column: one table column.
	Column = textfmt.Column
	// Cell is textfmt.Cell: one table value, text and typed value.
	Cell = textfmt.Cell
	// Table is textfmt.Table: what commands print.
	Table = textfmt.Table
	// Field is textfmt.Field: one value of a row as a program reads it.
	Field = textfmt.Field
)

// The cell constructors of textfmt, under the output layer's names.
var (
	// TextCell is textfmt.TextCell: a string shown and exported as is.
	TextCell = textfmt.TextCell
	// IntCell is textfmt.IntCell: a number with thousands separators.
	IntCell = textfmt.IntCell
	// UintCell is textfmt.UintCell: IntCell for uint64.
	UintCell = textfmt.UintCell
	// FloatCell is textfmt.FloatCell: a float shown with a format.
	FloatCell = textfmt.FloatCell
	// BoolCell is textfmt.BoolCell: yes/no, exported true/false.
	BoolCell = textfmt.BoolCell
	// NullCell is textfmt.NullCell: text shown, null exported.
	NullCell = textfmt.NullCell
	// DurationCell is textfmt.DurationCell: a time, exported in seconds.
	DurationCell = textfmt.DurationCell
	// RateCell is textfmt.RateCell: a per-second rate.
	RateCell = textfmt.RateCell
)

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
// "csv", "json" or "markdown". An unknown format is a usage error. p's
// result sink, if any, receives every row (see ResultSink).
func WriteTable(w io.Writer, format string, t *Table, p Painter) error {
	if err := CheckFormat(format); err != nil {
		return err
	}
	p.tableResults(t) // every column: a lesson reads what the view leaves out
	if len(p.Columns) > 0 {
		var err error
		if t, err = SelectColumns(t, p.Columns); err != nil {
			return err
		}
	}
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

// SelectColumns returns t with only the columns named (by JSON key or by
// header, in any case), in the order named: what --columns shows. A name
// that is no column of t is a usage error listing the columns.
func SelectColumns(t *Table, names []string) (*Table, error) {
	idx := make([]int, 0, len(names))
	for _, n := range names {
		n = strings.TrimSpace(n)
		found := -1
		for j, c := range t.Columns {
			if strings.EqualFold(c.Key, n) || strings.EqualFold(c.Header, n) {
				found = j
				break
			}
		}
		if found < 0 {
			keys := make([]string, len(t.Columns))
			for j, c := range t.Columns {
				keys[j] = c.Key
			}
			return nil, usageErrorf("--columns: this table has no column %q; its columns are %s", n, strings.Join(keys, ","))
		}
		idx = append(idx, found)
	}
	out := &Table{Title: t.Title, Notes: t.Notes, Columns: make([]Column, len(idx)), Rows: make([][]Cell, len(t.Rows))}
	for k, j := range idx {
		out.Columns[k] = t.Columns[j]
	}
	for i := range t.Rows {
		cells := t.RowCells(i)
		row := make([]Cell, len(idx))
		for k, j := range idx {
			row[k] = cells[j]
		}
		out.Rows[i] = row
	}
	return out, nil
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
		for j, c := range t.RowCells(i) {
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

// jsonValue normalises a cell value (see textfmt.JSONValue).
func jsonValue(v any) any { return textfmt.JSONValue(v) }

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

// WriteJSON writes t as one JSON object: its title, its rows as objects
// keyed by column key (in column order), and its notes.
func WriteJSON(w io.Writer, t *Table) error {
	rows := make([]JSONObject, 0, len(t.Rows))
	for i := range t.Rows {
		obj := make(JSONObject, len(t.Columns))
		for j, c := range t.RowCells(i) {
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
