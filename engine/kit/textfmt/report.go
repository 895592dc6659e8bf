package textfmt

// A run's output as data: the tables, lines of text and results a command
// prints after an experiment, in order, composed next to the result they
// come from and written by the CLI's output layer in the run's format.

// Part is one piece of a Report: a table, a text, or a result handed to a
// program reading the run (a lesson cell) without being printed. Exactly
// one of Table, Text and Kind is set; an empty Part prints nothing.
type Part struct {
	Table  *Table  // a table, written in the run's format unless Format is set
	Format string  // the format Table is written in whatever the run's ("" for the run's)
	Text   string  // text printed as is, in Style when colour is on
	Style  Style   // the style of Text
	Kind   string  // a result's kind ("bench", "search", "file")
	Fields []Field // the result's fields
}

// Report is what a run prints, in order.
type Report []Part

// TablePart is t written in the run's format.
func TablePart(t *Table) Part { return Part{Table: t} }

// TextPart is s printed as is.
func TextPart(s string) Part { return Part{Text: s} }

// ResultPart is a result of kind with fields, handed over, not printed.
func ResultPart(kind string, fields []Field) Part { return Part{Kind: kind, Fields: fields} }

// GapPart is the blank line between two tables in the formats read by
// people ("table" and "markdown"); nothing in the machine formats, which
// write one table after the other.
func GapPart(format string) Part {
	if format == "table" || format == "markdown" {
		return TextPart("\n")
	}
	return Part{}
}
