package lessons

import (
	"fmt"
	"regexp"
	"strings"
)

// Masks for machine-dependent figures. Node counts, moves and scores stay
// exact; times and speeds become <time> and <rate>.
var (
	maskLongTime = regexp.MustCompile(`\b\d+ h \d+ min\b|\b\d+ min \d+ s\b`)
	maskTime     = regexp.MustCompile(`\b\d+(?:\.\d+)? ?(?:ns|µs|us|ms|s)\b`)
	maskRate     = regexp.MustCompile(`\b\d+(?:\.\d+)? ?[kMGT]?/s\b`)
	maskNPS      = regexp.MustCompile(`\b\d[\d,]*(?:\.\d+)? nps\b`)
)

// Mask replaces times ("1.23 s", "45.6 ms", "812 µs", "2 min 05 s"), rates
// ("3.44 M/s", "950 k/s") and "N nps" with placeholders, so a transcript
// compares equal on any machine.
func Mask(s string) string {
	s = StripANSI(s)
	s = maskLongTime.ReplaceAllString(s, "<time>")
	s = maskRate.ReplaceAllString(s, "<rate>")
	s = maskNPS.ReplaceAllString(s, "<rate> nps")
	s = maskTime.ReplaceAllString(s, "<time>")
	return s
}

// Transcript is the checkable record of a lesson run: each cell's commands
// and masked output, the files it wrote, quiz answers and the values the
// prose quotes. Line numbers are left out so that editing prose does not
// change it.
func (r *Result) Transcript() string {
	var b strings.Builder
	l := r.Lesson
	fmt.Fprintf(&b, "lesson %s: %s\n", l.Slug, l.Title)
	for _, blk := range l.Blocks {
		switch blk.Kind {
		case CellBlock:
			c := blk.Cell
			if c.N > len(r.Cells) {
				continue
			}
			res := r.Cells[c.N-1]
			kind := "cell"
			if c.Quiz != nil {
				kind = "quiz"
			}
			fmt.Fprintf(&b, "\n== %s %d\n", kind, c.N)
			for _, cr := range res.Commands {
				fmt.Fprintf(&b, "$ plylab %s\n", cr.Command.Text)
				out := Mask(cr.Output())
				b.WriteString(out)
				if out != "" && !strings.HasSuffix(out, "\n") {
					b.WriteByte('\n')
				}
				for _, f := range cr.Files {
					fmt.Fprintf(&b, "-> file %s\n", f.Name)
				}
				if cr.FEN != "" {
					fmt.Fprintf(&b, "-> board %s\n", cr.FEN)
				}
			}
			if c.Quiz != nil {
				fmt.Fprintf(&b, "-> answer %s = %s\n", c.Quiz.Answer, res.Answer)
			}
		case Prose:
			var vals []RefValue
			for _, v := range r.Refs[blk] {
				if v.Ref.Kind != RefCite && v.Ref.Kind != RefUnchecked { // a quotation or a note is the lesson's text, not a result
					vals = append(vals, v)
				}
			}
			if len(vals) == 0 {
				continue
			}
			fmt.Fprintf(&b, "\n== prose after cell %d\n", vals[0].Ref.Cell)
			for _, v := range vals {
				fmt.Fprintf(&b, "{{%s}} = %s\n", v.Ref, Mask(v.Value))
			}
		}
	}
	return b.String()
}

// normalize makes a masked line comparable: runs of spaces and of ─
// (whose lengths follow column widths, which follow the masked values)
// shrink to one.
var (
	normSpaces = regexp.MustCompile(`[ \t]+`)
	normRule   = regexp.MustCompile(`─+`)
)

func normalize(line string) string {
	line = normRule.ReplaceAllString(line, "─")
	line = normSpaces.ReplaceAllString(line, " ")
	return strings.TrimSpace(line)
}

// Difference is the first place where a transcript differs from its
// golden copy.
type Difference struct {
	Section string // "cell 3", "quiz 4", "prose after cell 2", or "lesson"
	Cell    int    // the cell's number (0 if none)
	Line    int    // the cell's line in the lesson file (0 if unknown)
	Got     []string
	Want    []string
	At      int // index of the first differing line in Got/Want
}

// Summary is a few lines: where, and the first differing line.
func (d *Difference) Summary(file string) string {
	var b strings.Builder
	where := file
	if d.Line > 0 {
		where = fmt.Sprintf("%s:%d", file, d.Line)
	}
	fmt.Fprintf(&b, "%s: %s differs from the golden transcript\n", where, d.Section)
	lo := max(0, d.At-2)
	show := func(label string, lines []string) {
		for i := lo; i <= d.At+1 && i < len(lines); i++ {
			mark := "  "
			if i == d.At {
				mark = label
			}
			fmt.Fprintf(&b, "  %s %s\n", mark, lines[i])
		}
		if d.At >= len(lines) {
			fmt.Fprintf(&b, "  %s (nothing)\n", label)
		}
	}
	show("-", d.Want)
	show("+", d.Got)
	return strings.TrimRight(b.String(), "\n")
}

type section struct {
	title string
	lines []string
}

func sections(s string) []section {
	var out []section
	cur := section{title: "lesson"}
	for _, ln := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		if t, ok := strings.CutPrefix(ln, "== "); ok {
			out = append(out, cur)
			cur = section{title: t}
			continue
		}
		cur.lines = append(cur.lines, ln)
	}
	return append(out, cur)
}

// CompareTranscripts compares a transcript with its golden copy, ignoring
// how wide masked columns are. It returns nil when they agree; l locates
// the differing cell.
func CompareTranscripts(l *Lesson, got, want string) *Difference {
	gs, ws := sections(Mask(got)), sections(Mask(want))
	for i := 0; i < max(len(gs), len(ws)); i++ {
		var g, w section
		if i < len(gs) {
			g = gs[i]
		}
		if i < len(ws) {
			w = ws[i]
		}
		d := compareSection(g, w)
		if d == nil {
			continue
		}
		d.Section = g.title
		if d.Section == "" {
			d.Section = w.title + " (missing)"
		}
		var n int
		var kind string
		if _, err := fmt.Sscanf(d.Section, "%s %d", &kind, &n); err == nil && (kind == "cell" || kind == "quiz") && n >= 1 && n <= len(l.Cells) {
			d.Cell, d.Line = n, l.Cells[n-1].Line
		} else if strings.HasPrefix(d.Section, "prose after cell ") {
			fmt.Sscanf(strings.TrimPrefix(d.Section, "prose after cell "), "%d", &n)
			if n >= 1 && n <= len(l.Cells) {
				d.Line = l.Cells[n-1].Line
			}
		}
		return d
	}
	return nil
}

func compareSection(g, w section) *Difference {
	if g.title != w.title {
		return &Difference{Got: append([]string{"== " + g.title}, g.lines...), Want: append([]string{"== " + w.title}, w.lines...)}
	}
	trim := func(ls []string) []string {
		for len(ls) > 0 && strings.TrimSpace(ls[len(ls)-1]) == "" {
			ls = ls[:len(ls)-1]
		}
		return ls
	}
	gl, wl := trim(g.lines), trim(w.lines)
	for i := 0; i < max(len(gl), len(wl)); i++ {
		if i >= len(gl) || i >= len(wl) || normalize(gl[i]) != normalize(wl[i]) {
			return &Difference{Got: gl, Want: wl, At: i}
		}
	}
	return nil
}
