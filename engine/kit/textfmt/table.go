package textfmt

import (
	"fmt"
	"math"
	"time"
)

// A Table is plylab's data model of a printed result: columns with stable
// keys, rows of cells that carry both the text people see and the typed
// value programs read. Results build their own tables where they are
// defined (engine/app/lab, lessons, trace); the CLI's output layer
// (cmd/internal/output) renders them as aligned text, CSV, JSON or
// Markdown, so a table's content and its rendering are kept apart.

// Style is a semantic text style of a cell, by meaning rather than by
// colour. Renderers that colour (the CLI's table format) map it to ANSI
// SGR parameters; the others ignore it.
type Style uint8

// The styles tables use, by meaning rather than by colour.
const (
	StyleNone   Style = iota
	StyleGood         // green: correct, found, faster
	StyleBad          // red: wrong, missed, slower
	StyleDim          // faint: secondary information
	StyleBold         // bold: headings
	StyleAccent       // cyan: names, moves, things to look at
	StyleWarn         // yellow: caveats
)

// SGR returns the ANSI SGR parameters of s ("32", "1", ...), or "" for
// StyleNone.
func (s Style) SGR() string {
	switch s {
	case StyleGood:
		return "32"
	case StyleBad:
		return "31"
	case StyleDim:
		return "2"
	case StyleBold:
		return "1"
	case StyleAccent:
		return "36"
	case StyleWarn:
		return "33"
	}
	return ""
}

// Name is the style's name as a page's class: "good", "bad", "dim",
// "bold", "accent", "warn", or "" for StyleNone.
func (s Style) Name() string {
	switch s {
	case StyleGood:
		return "good"
	case StyleBad:
		return "bad"
	case StyleDim:
		return "dim"
	case StyleBold:
		return "bold"
	case StyleAccent:
		return "accent"
	case StyleWarn:
		return "warn"
	}
	return ""
}

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
func IntCell(n int64) Cell { return Cell{Text: Thousands(n), Value: n} }

// UintCell is IntCell for node counts held in uint64.
func UintCell(n uint64) Cell { return Cell{Text: Thousands(n), Value: n} }

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
	return Cell{Text: Duration(d), Value: d.Seconds()}
}

// RateCell shows a per-second rate ("48.2 M/s") and exports the number.
func RateCell(perSecond float64) Cell {
	return Cell{Text: Rate(perSecond), Value: perSecond}
}

// RateOfCell is the rate of n in the measured time d (RateOf): RateCell
// of n/d, or, below the clock's resolution, its lower bound "> 170 k/s"
// exported as null.
func RateOfCell(n float64, d time.Duration) Cell {
	v, text, ok := RateOf(n, d)
	if !ok {
		return Cell{Text: text}
	}
	return Cell{Text: text, Value: v}
}

// Styled returns c with style s (for the table format; others ignore it).
func (c Cell) Styled(s Style) Cell { c.Style = s; return c }

// RowCells returns row i padded with empty cells, or cut, to the number of
// columns, so renderers can index every column of every row.
func (t *Table) RowCells(i int) []Cell {
	row := t.Rows[i]
	if len(row) == len(t.Columns) {
		return row
	}
	out := make([]Cell, len(t.Columns))
	copy(out, row)
	return out
}

// RowTexts returns what row i shows: the texts of its cells, padded or
// cut to the columns as RowCells does.
func (t *Table) RowTexts(i int) []string {
	cells := t.RowCells(i)
	out := make([]string, len(cells))
	for j, c := range cells {
		out[j] = c.Text
	}
	return out
}

// Texts returns what every row shows (RowTexts of each row, in order).
func (t *Table) Texts() [][]string {
	out := make([][]string, len(t.Rows))
	for i := range t.Rows {
		out[i] = t.RowTexts(i)
	}
	return out
}

// Field is one value of a table row as a program reads it: the column's
// JSON key, the value --format json writes, and the text printed for it.
type Field struct {
	Key   string
	Value any
	Text  string
}

// RowFields returns row i of t as fields in column order, the same keys
// and values --format json writes for it (see JSONValue).
func (t *Table) RowFields(i int) []Field {
	cells := t.RowCells(i)
	out := make([]Field, len(cells))
	for j, c := range cells {
		out[j] = Field{Key: t.Columns[j].Key, Value: JSONValue(c.Value), Text: c.Text}
	}
	return out
}

// JSONValue normalises a cell value for programs: integer kinds become
// int64 or uint64, float32 float64, a time.Duration its seconds, and
// non-finite floats nil (JSON null).
func JSONValue(v any) any {
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
		return JSONValue(float64(x))
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
