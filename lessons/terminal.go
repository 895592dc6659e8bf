package lessons

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"
	"time"

	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/engine/kit/textfmt/ansi"
)

// Terminal presents a lesson in a terminal: prose rendered from Markdown
// (headings, emphasis, lists, wrapped to Width, colored when Color), then
// each cell's commands and real output.
type Terminal struct {
	Out   io.Writer
	In    io.Reader // read for --step pauses and quiz guesses
	Step  bool      // pause before each cell until Enter
	Color bool
	Width int // wrap prose to this many columns (0: 80)
	// KeepDir is where the session keeps pictures ("" when they go to a
	// temporary folder); it is mentioned after each picture.
	KeepDir string
	// ExportHint is the command that exports this lesson, suggested when
	// pictures were not kept.
	ExportHint string
	// Echo repeats each line read from In on Out: set it when In is not a
	// terminal (which would have echoed the typing), so that a scripted
	// session reads like one at the keyboard.
	Echo bool

	in    *bufio.Reader
	inEOF bool
}

// ErrQuit is returned by Present when the student typed q at a pause.
var ErrQuit = errors.New("lesson stopped")

func (t *Terminal) width() int {
	if t.Width <= 0 {
		return 80
	}
	return max(t.Width, 30)
}

func (t *Terminal) paint(code, s string) string { return ansi.Paint(t.Color, code, s) }

// renderMarkdown renders Markdown for the terminal (mdterm.go), wrapped to
// the width and indented by two spaces.
func (t *Terminal) renderMarkdown(md string) (string, error) {
	out := renderTerm(md, t.width()-3, t.Color)
	lines := strings.Split(strings.Trim(out, "\n"), "\n")
	for i, ln := range lines {
		if StripANSI(ln) != "" {
			ln = "  " + ln
		}
		lines[i] = ln
	}
	return strings.Join(lines, "\n") + "\n", nil
}

// readLine reads one line of input; ok is false at the end of the input.
func (t *Terminal) readLine() (string, bool) {
	if t.inEOF || t.In == nil {
		return "", false
	}
	if t.in == nil {
		t.in = bufio.NewReader(t.In)
	}
	line, err := t.in.ReadString('\n')
	if err != nil && line == "" {
		t.inEOF = true
		return "", false
	}
	line = strings.TrimSpace(line)
	if t.Echo {
		fmt.Fprintln(t.Out, line)
	}
	return line, true
}

// Present runs the session's lesson from the start and shows it. With Step
// it pauses before each cell; typing q there returns ErrQuit.
func (t *Terminal) Present(s *Session) error {
	_, err := t.present(s)
	return err
}

// present is Present, returning the lesson's run as RunAll would: its
// cells' results and its prose resolved (for Validate).
func (t *Terminal) present(s *Session) (*Result, error) {
	l := s.Lesson
	w := t.Out
	start := time.Now()
	r := &Result{Lesson: l, Prose: map[*Block]string{}, Refs: map[*Block][]RefValue{}}
	facts := fmt.Sprintf("About %d minutes · %d cells", l.Minutes, len(l.Cells))
	if l.Number > 0 {
		facts = fmt.Sprintf("Lesson %d · about %d minutes · %d cells", l.Number, l.Minutes, len(l.Cells))
	}
	head := fmt.Sprintf("# %s\n\n*%s*\n\n%s", l.Title, l.Summary, facts)
	if l.TitleInBody {
		head = fmt.Sprintf("# %s\n\n%s", l.Title, facts)
	}
	if line := paramsLine(l); line != "" {
		head += "\n\n" + line
	}
	if err := t.markdown(head); err != nil {
		return r, err
	}
	if t.Step {
		fmt.Fprintln(w, t.paint("2", "  Press Enter to run each cell; type q and Enter to stop."))
	}
	pictures := 0
	for _, b := range l.Blocks {
		switch b.Kind {
		case Prose:
			text, vals, err := s.Prose(b)
			if err != nil {
				return r, err
			}
			r.Prose[b], r.Refs[b] = text, vals
			if l.TitleInBody {
				text = dropTitle(text, l.Title) // the header showed it
			}
			if err := t.markdown(text); err != nil {
				return r, err
			}
		case Code:
			fence := "```"
			for strings.Contains(b.Text, fence) {
				fence += "`"
			}
			if err := t.markdown(fence + b.Info + "\n" + b.Text + "\n" + fence); err != nil {
				return r, err
			}
		case CellBlock:
			n, err := t.cell(s, b.Cell)
			pictures += n
			if err != nil {
				return r, err
			}
		}
	}
	fmt.Fprintln(w)
	end := fmt.Sprintf("End of %q: %d cells run.", l.Title, len(l.Cells))
	fmt.Fprintln(w, t.paint("1", end))
	if pictures > 0 && t.KeepDir == "" && t.ExportHint != "" {
		fmt.Fprintf(w, "The pictures were drawn in a temporary folder. To see them, keep them with --files DIR or export the lesson:\n  %s\n", t.ExportHint)
	}
	r.Cells, r.Elapsed = s.results, time.Since(start)
	return r, nil
}

func (t *Terminal) markdown(md string) error {
	out, err := t.renderMarkdown(md)
	if err != nil {
		return err
	}
	fmt.Fprint(t.Out, "\n"+out)
	return nil
}

// cell shows (and with Step, waits before) one cell, runs it and shows the
// output; it returns the number of pictures drawn.
func (t *Terminal) cell(s *Session, c *Cell) (int, error) {
	w := t.Out
	total := len(s.Lesson.Cells)
	fmt.Fprintln(w)
	label := fmt.Sprintf("── cell %d of %d ", c.N, total)
	if c.Quiz != nil {
		label = fmt.Sprintf("── quiz, cell %d of %d ", c.N, total)
	}
	fmt.Fprintln(w, t.paint("2", label+strings.Repeat("─", max(0, min(t.width(), 72)-len([]rune(label))))))
	var guess float64
	guessed := false
	if q := c.Quiz; q != nil {
		fmt.Fprintf(w, "%s %s\n", t.paint("1;33", "Predict:"), q.Question)
		if t.Step {
			for {
				fmt.Fprint(w, "Your guess (a number, or Enter to skip): ")
				line, ok := t.readLine()
				if !ok {
					fmt.Fprintln(w)
					break
				}
				if strings.EqualFold(line, "q") {
					return 0, ErrQuit
				}
				if line == "" {
					break
				}
				g, ok := ParseNumber(line)
				if ok {
					guess, guessed = g, true
					break
				}
				fmt.Fprintf(w, "%q is not a number; try again.\n", line)
			}
		}
	}
	multi := len(c.Commands) > 1
	for _, cmd := range c.Commands {
		if cmd.Comment != "" {
			for _, ln := range strings.Split(cmd.Comment, "\n") {
				fmt.Fprintln(w, t.paint("2", "# "+ln))
			}
		}
		fmt.Fprintln(w, t.paint("1;36", "$ plylab "+cmd.Text))
	}
	if t.Step && c.Quiz == nil {
		fmt.Fprint(w, t.paint("2", "[Enter: run, q: stop] "))
		line, ok := t.readLine()
		if !ok {
			fmt.Fprintln(w)
		}
		if strings.EqualFold(line, "q") {
			return 0, ErrQuit
		}
	}
	res, err := s.RunCell(c)
	pictures := 0
	if res != nil {
		for _, cr := range res.Commands {
			if multi {
				fmt.Fprintln(w, t.paint("2", "── $ plylab "+cr.Command.Text))
			}
			out := cr.Output()
			fmt.Fprint(w, out)
			if out != "" && !strings.HasSuffix(out, "\n") {
				fmt.Fprintln(w)
			}
			for _, f := range cr.Files {
				if f.IsPicture() {
					pictures++
				}
				if t.KeepDir != "" {
					fmt.Fprintln(w, t.paint("2", "picture: "+filepath.Join(t.KeepDir, f.Name)))
				}
			}
		}
	}
	if err != nil {
		return pictures, err
	}
	if q := c.Quiz; q != nil {
		fmt.Fprintf(w, "%s %s", t.paint("1;33", "Answer:"), res.Answer)
		if guessed {
			fmt.Fprintf(w, " — you guessed %s: %s", formatGuess(guess), t.verdict(guess, res.Answer))
		}
		fmt.Fprintln(w)
	}
	return pictures, nil
}

func formatGuess(g float64) string {
	if g == math.Trunc(g) && math.Abs(g) < 1e15 {
		return textfmt.Thousands(int64(g))
	}
	return fmt.Sprintf("%g", g)
}

// verdict says how close a guess was to the answer.
func (t *Terminal) verdict(guess float64, answer string) string {
	a, ok := ParseNumber(answer)
	if !ok {
		return "compare it with the answer"
	}
	return Closeness(guess, a, t.paint)
}

// Closeness describes how far guess is from actual, e.g. "exactly right",
// "12% too high", "3.4 times too low". paint may be nil.
func Closeness(guess, actual float64, paint func(code, s string) string) string {
	if paint == nil {
		paint = func(_, s string) string { return s }
	}
	if guess == actual {
		return paint("1;32", "exactly right!")
	}
	if actual == 0 || guess == 0 || (guess < 0) != (actual < 0) {
		return fmt.Sprintf("off by %s", formatGuess(math.Abs(guess-actual)))
	}
	dir := "too high"
	if math.Abs(guess) < math.Abs(actual) {
		dir = "too low"
	}
	rel := math.Abs(guess-actual) / math.Abs(actual)
	ratio := math.Max(guess/actual, actual/guess)
	switch {
	case rel <= 0.1:
		return paint("32", fmt.Sprintf("within %.0f%% — excellent", math.Max(1, math.Round(rel*100))))
	case ratio <= 2:
		return paint("33", fmt.Sprintf("%.0f%% %s", rel*100, dir))
	default:
		return paint("31", fmt.Sprintf("%.1f times %s", ratio, dir))
	}
}
