package output

import (
	"io"
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
	if p.Tables != nil {
		return p.Tables(t, func() error { return WriteText(w, t, p) })
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

// WriteText writes t as aligned columns under a rule line, coloured by p
// (textfmt.WriteTableText).
func WriteText(w io.Writer, t *Table, p Painter) error { return textfmt.WriteTableText(w, t, p.Paint) }

// WriteCSV writes t as CSV (textfmt.WriteTableCSV).
func WriteCSV(w io.Writer, t *Table) error { return textfmt.WriteTableCSV(w, t) }

// WriteJSON writes t as one JSON object (textfmt.WriteTableJSON).
func WriteJSON(w io.Writer, t *Table) error { return textfmt.WriteTableJSON(w, t) }

// WriteMarkdown writes t as a Markdown table (textfmt.WriteTableMarkdown).
func WriteMarkdown(w io.Writer, t *Table) error { return textfmt.WriteTableMarkdown(w, t) }

// JSONField is textfmt.JSONField: one key and value of a JSONObject.
type JSONField = textfmt.JSONField

// JSONObject is textfmt.JSONObject: a JSON object whose keys marshal in
// the order given.
type JSONObject = textfmt.JSONObject
