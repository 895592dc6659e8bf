package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"github.com/fatih/color"
	"io"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/urfave/cli/v2"
	"golang.org/x/text/width"
)

// ---------------------------------------------------------------------------
// Styles

// style is a semantic text style. Colors are only emitted when the run has
// color on (see appEnv.colorOn); otherwise text is returned unchanged.
type style uint8

const (
	styleNone   style = iota
	styleGood         // green: correct, found, faster
	styleBad          // red: wrong, missed, slower
	styleDim          // faint: secondary information
	styleBold         // bold: headings
	styleAccent       // cyan: names, moves, things to look at
	styleWarn         // yellow: caveats
)

func (s style) sgr() string {
	switch s {
	case styleGood:
		return "32"
	case styleBad:
		return "31"
	case styleDim:
		return "2"
	case styleBold:
		return "1"
	case styleAccent:
		return "36"
	case styleWarn:
		return "33"
	}
	return ""
}

// paint returns text in style s when color is on, else text unchanged.
func (e *appEnv) paint(s style, text string) string {
	return e.sgr(s.sgr(), text)
}

// sgr wraps text in an ANSI SGR sequence (e.g. "1;32" or "48;5;223") when
// color is on, else returns text unchanged.
func (e *appEnv) sgr(code, text string) string {
	if !e.color || code == "" || text == "" {
		return text
	}
	// fatih/color builds the escape sequence. Its package-level NoColor
	// switch is global state, so each call makes its own Color value and
	// forces it on: whether to color was decided per run, above.
	var attrs []color.Attribute
	for _, part := range strings.Split(code, ";") {
		n, err := strconv.Atoi(part)
		if err != nil {
			return text
		}
		attrs = append(attrs, color.Attribute(n))
	}
	c := color.New(attrs...)
	c.EnableColor()
	return c.Sprint(text)
}

// displayWidth is the number of terminal columns s takes (East Asian wide
// runes count 2, combining marks and ANSI escapes 0).
func displayWidth(s string) int {
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

func padRight(s string, w int) string {
	if d := w - displayWidth(s); d > 0 {
		return s + strings.Repeat(" ", d)
	}
	return s
}

func padLeft(s string, w int) string {
	if d := w - displayWidth(s); d > 0 {
		return strings.Repeat(" ", d) + s
	}
	return s
}

// ---------------------------------------------------------------------------
// Tables

// column describes one table column. Key is the field name in JSON and the
// CSV header (snake_case); Header is what people see; Right aligns numbers.
type column struct {
	Key    string
	Header string
	Right  bool
}

// cell is one table value. Text is what people see (table, markdown);
// Value is the typed value for programs (JSON, CSV): int64, float64,
// string, bool or nil (JSON null, empty in CSV). Build cells with
// textCell, intCell, floatCell, ... so the two agree.
type cell struct {
	Text  string
	Value any
	Style style
}

// table is what commands print. Title goes above, Notes below.
type table struct {
	Title   string
	Columns []column
	Rows    [][]cell
	Notes   []string
}

// textCell is a string shown and exported as is.
func textCell(s string) cell { return cell{Text: s, Value: s} }

// intCell shows n with thousands separators and exports the number.
func intCell(n int64) cell { return cell{Text: fmtInt(n), Value: n} }

// uintCell is intCell for node counts held in uint64.
func uintCell(n uint64) cell { return cell{Text: fmtUint(n), Value: n} }

// floatCell shows f with format (e.g. "%.2f") and exports the number.
func floatCell(f float64, format string) cell {
	return cell{Text: fmt.Sprintf(format, f), Value: f}
}

// boolCell shows yes/no and exports true/false.
func boolCell(b bool) cell {
	if b {
		return cell{Text: "yes", Value: true}
	}
	return cell{Text: "no", Value: false}
}

// nullCell shows text (e.g. "-") and exports null.
func nullCell(text string) cell { return cell{Text: text} }

// durationCell shows d for people ("45.6 ms") and exports seconds as a
// float64; name its column key with an "_s" suffix (e.g. "time_s").
func durationCell(d time.Duration) cell {
	return cell{Text: fmtDuration(d), Value: d.Seconds()}
}

// rateCell shows a per-second rate ("48.2 M/s") and exports the number.
func rateCell(perSecond float64) cell {
	return cell{Text: fmtRate(perSecond), Value: perSecond}
}

// styled returns c with style s (for the table format; others ignore it).
func (c cell) styled(s style) cell { c.Style = s; return c }

// formats lists the values of --format.
var formats = []string{"table", "csv", "json", "markdown"}

// formatFlag is the --format/-f flag shared by every command that prints a
// table. Read it with c.String("format") and pass it to writeTable.
func formatFlag() cli.Flag {
	return &cli.StringFlag{
		Name:    "format",
		Aliases: []string{"f"},
		Value:   "table",
		Usage:   "output `FORMAT`: table, csv, json or markdown",
		Action: func(_ *cli.Context, v string) error {
			return checkFormat(v)
		},
	}
}

func checkFormat(f string) error {
	for _, ok := range formats {
		if f == ok {
			return nil
		}
	}
	return usagef("unknown format %q; use --format %s", f, strings.Join(formats, ", "))
}

// writeTable writes t to w in format: "table" (aligned, colored when color
// is on), "csv", "json" or "markdown". An unknown format is a usage error.
func (e *appEnv) writeTable(w io.Writer, format string, t *table) error {
	if err := checkFormat(format); err != nil {
		return err
	}
	switch format {
	case "csv":
		return writeCSV(w, t)
	case "json":
		return writeJSON(w, t)
	case "markdown":
		return writeMarkdown(w, t)
	}
	return e.writeText(w, t)
}

// rowCells returns row i padded or cut to the number of columns.
func (t *table) rowCells(i int) []cell {
	row := t.Rows[i]
	if len(row) == len(t.Columns) {
		return row
	}
	out := make([]cell, len(t.Columns))
	copy(out, row)
	return out
}

func (e *appEnv) writeText(w io.Writer, t *table) error {
	var b strings.Builder
	if t.Title != "" {
		b.WriteString(e.paint(styleBold, t.Title))
		b.WriteByte('\n')
	}
	widths := make([]int, len(t.Columns))
	for j, col := range t.Columns {
		widths[j] = displayWidth(col.Header)
	}
	for i := range t.Rows {
		for j, c := range t.rowCells(i) {
			widths[j] = max(widths[j], displayWidth(oneLine(c.Text)))
		}
	}
	line := func(texts []string, styles []style) {
		var l strings.Builder
		for j, col := range t.Columns {
			if j > 0 {
				l.WriteString("  ")
			}
			text := texts[j]
			pad := widths[j] - displayWidth(text)
			painted := e.paint(styles[j], text)
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
	styles := make([]style, len(t.Columns))
	for j, col := range t.Columns {
		texts[j], styles[j] = col.Header, styleBold
	}
	line(texts, styles)
	rules := make([]string, len(t.Columns))
	for j := range t.Columns {
		rules[j] = strings.Repeat("─", widths[j])
	}
	b.WriteString(e.paint(styleDim, strings.Join(rules, "  ")))
	b.WriteByte('\n')
	for i := range t.Rows {
		for j, c := range t.rowCells(i) {
			texts[j], styles[j] = oneLine(c.Text), c.Style
		}
		line(texts, styles)
	}
	if len(t.Notes) > 0 {
		b.WriteByte('\n')
		for _, n := range t.Notes {
			b.WriteString(e.paint(styleDim, n))
			b.WriteByte('\n')
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeCSV(w io.Writer, t *table) error {
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
func csvValue(c cell) string {
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

// jsonField and jsonObject marshal an object with keys in a fixed order.
type jsonField struct {
	Key   string
	Value any
}

type jsonObject []jsonField

func (o jsonObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := marshalJSON(f.Key)
		if err != nil {
			return nil, err
		}
		v, err := marshalJSON(f.Value)
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

// marshalJSON is json.Marshal without HTML escaping.
func marshalJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// writeJSONValue writes v as indented JSON (2 spaces) followed by a newline.
func writeJSONValue(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func writeJSON(w io.Writer, t *table) error {
	rows := make([]jsonObject, 0, len(t.Rows))
	for i := range t.Rows {
		obj := make(jsonObject, len(t.Columns))
		for j, c := range t.rowCells(i) {
			obj[j] = jsonField{Key: t.Columns[j].Key, Value: jsonValue(c.Value)}
		}
		rows = append(rows, obj)
	}
	notes := t.Notes
	if notes == nil {
		notes = []string{}
	}
	return writeJSONValue(w, jsonObject{
		{"title", t.Title},
		{"rows", rows},
		{"notes", notes},
	})
}

func writeMarkdown(w io.Writer, t *table) error {
	var b strings.Builder
	if t.Title != "" {
		fmt.Fprintf(&b, "**%s**\n\n", mdEscape(t.Title))
	}
	widths := make([]int, len(t.Columns))
	headers := make([]string, len(t.Columns))
	for j, col := range t.Columns {
		headers[j] = mdEscape(col.Header)
		widths[j] = max(3, displayWidth(headers[j]))
		if col.Right {
			widths[j] = max(widths[j], 4)
		}
	}
	rows := make([][]string, len(t.Rows))
	for i := range t.Rows {
		rows[i] = make([]string, len(t.Columns))
		for j, c := range t.rowCells(i) {
			rows[i][j] = mdEscape(c.Text)
			widths[j] = max(widths[j], displayWidth(rows[i][j]))
		}
	}
	line := func(texts []string) {
		b.WriteString("|")
		for j, col := range t.Columns {
			if col.Right {
				b.WriteString(" " + padLeft(texts[j], widths[j]) + " |")
			} else {
				b.WriteString(" " + padRight(texts[j], widths[j]) + " |")
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
	s = oneLine(s)
	return strings.ReplaceAll(s, "|", `\|`)
}

// ---------------------------------------------------------------------------
// Numbers

// fmtInt formats n with thousands separators: 4865609 → "4,865,609".
func fmtInt(n int64) string {
	if n < 0 {
		if n == math.MinInt64 {
			return "-9,223,372,036,854,775,808"
		}
		return "-" + fmtUint(uint64(-n))
	}
	return fmtUint(uint64(n))
}

// fmtUint is fmtInt for uint64.
func fmtUint(n uint64) string {
	s := strconv.FormatUint(n, 10)
	if len(s) <= 3 {
		return s
	}
	var b strings.Builder
	lead := len(s) % 3
	if lead > 0 {
		b.WriteString(s[:lead])
	}
	for i := lead; i < len(s); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s[i : i+3])
	}
	return b.String()
}

// sig3 formats a value in [0, 1000) with three significant digits.
func sig3(v float64) string {
	switch {
	case v >= 99.95:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case v >= 9.995:
		return strconv.FormatFloat(v, 'f', 1, 64)
	default:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
}

// fmtDuration formats d for people with three significant digits:
// "1.23 s", "45.6 ms", "812 µs", "950 ns"; a minute or more as
// "2 min 05 s", an hour or more as "1 h 02 min".
func fmtDuration(d time.Duration) string {
	neg := ""
	if d < 0 {
		neg, d = "-", -d
	}
	var s string
	switch {
	case d >= time.Hour:
		d = d.Round(time.Minute)
		s = fmt.Sprintf("%d h %02d min", d/time.Hour, (d%time.Hour)/time.Minute)
	case d >= time.Minute:
		d = d.Round(time.Second)
		s = fmt.Sprintf("%d min %02d s", d/time.Minute, (d%time.Minute)/time.Second)
	case d < time.Microsecond:
		s = strconv.FormatInt(int64(d), 10) + " ns"
	default:
		s = scaled(float64(d), []unitStep{{1, "ns"}, {1e3, "µs"}, {1e6, "ms"}, {1e9, "s"}})
	}
	return neg + s
}

// fmtRate formats a per-second rate: "48.2 M/s", "950 k/s", "12.0 /s".
func fmtRate(perSecond float64) string {
	if math.IsNaN(perSecond) || math.IsInf(perSecond, 0) {
		return "-"
	}
	neg := ""
	if perSecond < 0 {
		neg, perSecond = "-", -perSecond
	}
	return neg + scaled(perSecond, []unitStep{{1, "/s"}, {1e3, "k/s"}, {1e6, "M/s"}, {1e9, "G/s"}, {1e12, "T/s"}})
}

type unitStep struct {
	scale float64
	unit  string
}

// scaled picks the largest unit whose scaled value is at least 1 and
// prints three significant digits, moving up a unit when rounding would
// print "1000".
func scaled(v float64, steps []unitStep) string {
	i := 0
	for i+1 < len(steps) && v >= steps[i+1].scale {
		i++
	}
	x := v / steps[i].scale
	if x >= 999.5 && i+1 < len(steps) {
		i++
		x = v / steps[i].scale
	}
	if v == 0 {
		return "0 " + steps[0].unit
	}
	return sig3(x) + " " + steps[i].unit
}
