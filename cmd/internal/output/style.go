// Package output is plylab's command-line output layer: tables written as
// aligned text, CSV, JSON or Markdown; number, duration and rate formats for
// people; semantic styles and the colour decision (--color, NO_COLOR, the
// terminal); display width and padding; and the transient progress line on
// stderr. Commands build values of these types and never write escape
// sequences or number formats themselves.
package output

import (
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/engine/kit/textfmt/ansi"
)

// Style is textfmt.Style, a semantic text style carried by table cells.
// Colours are only emitted when a Painter has colour on; otherwise text is
// returned unchanged.
type Style = textfmt.Style

// The styles commands use, by meaning rather than by colour (see
// textfmt.StyleGood and its neighbours).
const (
	StyleNone   = textfmt.StyleNone
	StyleGood   = textfmt.StyleGood   // green: correct, found, faster
	StyleBad    = textfmt.StyleBad    // red: wrong, missed, slower
	StyleDim    = textfmt.StyleDim    // faint: secondary information
	StyleBold   = textfmt.StyleBold   // bold: headings
	StyleAccent = textfmt.StyleAccent // cyan: names, moves, things to look at
	StyleWarn   = textfmt.StyleWarn   // yellow: caveats
)

// Painter is how one run presents its tables: it colours text when On is
// true and returns it unchanged otherwise, with Columns set shows only
// those columns (the global --columns flag), and with Results set hands
// every row and result to a program running the command (a lesson cell).
// The zero value paints nothing, shows every column and hands nothing
// over. One run decides all three once (see ColorOn).
type Painter struct {
	On bool
	// Columns are the columns to show, by JSON key or header, in the order
	// given; nil shows all (see SelectColumns).
	Columns []string
	// Results, when set, receives the run's structured results (see
	// ResultSink).
	Results ResultSink
	// Tables, when set, receives every table printed as aligned text, as
	// its value, around the writing of its text (see TableSink).
	Tables TableSink
}

// TableSink receives a table a run prints as text: t is the table as
// shown (its columns chosen), write writes its text. The sink calls write
// and notes where in the output the text went, so that a page draws the
// table from its value (HTML) where the terminal shows its text.
type TableSink func(t *textfmt.Table, write func() error) error

// Paint returns text in style s when colour is on, else text unchanged.
func (p Painter) Paint(s Style, text string) string {
	return p.SGR(s.SGR(), text)
}

// SGR wraps text in an ANSI SGR sequence (e.g. "1;32" or "48;5;223") when
// colour is on, else returns text unchanged (see ansi.Paint).
func (p Painter) SGR(code, text string) string {
	return ansi.Paint(p.On, code, text)
}

// ColorModes lists the values of --color.
var ColorModes = []string{"auto", "always", "never"}

// ColorOn decides whether a run colours its output from the --color mode:
// "always" forces colour, "never" disables it, "auto" (or "") colours only
// when stdoutIsTerminal reports a terminal, NO_COLOR is unset or empty and
// TERM is not "dumb". getenv reads the environment. An unknown mode is a
// usage error (errors.Is(err, ErrUsage)).
func ColorOn(mode string, stdoutIsTerminal func() bool, getenv func(string) string) (bool, error) {
	switch mode {
	case "", "auto":
		return stdoutIsTerminal() && getenv("NO_COLOR") == "" && getenv("TERM") != "dumb", nil
	case "always":
		return true, nil
	case "never":
		return false, nil
	}
	return false, usageErrorf("unknown color mode %q; use --color auto, always or never", mode)
}

// DisplayWidth is the number of terminal columns s takes
// (textfmt.DisplayWidth).
func DisplayWidth(s string) int { return textfmt.DisplayWidth(s) }

// PadRight pads s with spaces on the right to w display columns.
func PadRight(s string, w int) string { return textfmt.PadRight(s, w) }

// OneLine folds a message onto a single line: surrounding space trimmed,
// and when it has line breaks, every run of white space made one space.
// It is textfmt.OneLine.
func OneLine(s string) string { return textfmt.OneLine(s) }
