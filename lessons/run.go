package lessons

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/lessons/sandbox"
)

// RunFunc runs one plylab command in-process and returns what it produced
// besides its text. cmd/plylab provides it.
type RunFunc func(inv Invocation) Outcome

// Invocation is one command for a RunFunc.
type Invocation struct {
	// Args are the command's words without the program name ("compare",
	// "--depth", "3").
	Args []string
	// Stdout and Stderr receive the command's text.
	Stdout, Stderr io.Writer
	// Files is the one folder the files the command writes (tree -o,
	// --plot) go to: a cell names them by plain names (sandbox.CheckName)
	// and nothing else may be written.
	Files sandbox.Folder
	// Live, when set, receives the command's view of its work so far
	// while it runs (compare's finished rows), each call replacing the
	// last; nil when nobody watches.
	Live func(text string)
	// Results receives the command's structured results, one at a time
	// as it hands them over: the rows of its tables, its summaries, the
	// files it wrote, the position it showed. Prose references and quiz
	// answers read them; a command's text is never parsed.
	Results func(Record)
	// Table receives each table the command prints as aligned text, as
	// its value: write writes its text to Stdout, and the session notes
	// where it went (CommandResult.Tables), so that a page draws the
	// table from its value.
	Table func(t *textfmt.Table, write func() error) error
}

// Outcome is the result of one command: its exit status, and the results
// a RunFunc returns at the end instead of handing them to
// Invocation.Results (a runner that has them only then: tests).
type Outcome struct {
	Code    int
	Records []Record
}

// Record is one structured result of a command: a row of a table it
// printed, a summary, a file it wrote or a position it showed. Its fields
// are the keys and values `--format json` writes, in order, each with the
// text the command printed for it.
type Record struct {
	Kind   string // "table", "file", "position", or the command's name
	Fields []Field
}

// Field is one value of a Record.
type Field struct {
	Key   string // the JSON key: "nodes", "best_move"
	Value any    // the JSON value: json.Number, string, bool, nil, []any, map[string]any
	Text  string // as printed: "1,080", "+200", "97.0%"; "" when not printed
}

// Get returns the field with the given key.
func (r Record) Get(key string) (Field, bool) {
	for _, f := range r.Fields {
		if f.Key == key {
			return f, true
		}
	}
	return Field{}, false
}

// String returns the field as the command printed it, or its JSON value
// (a whole number with thousands separators, as plylab prints numbers; a
// list as its items joined by ", ").
func (f Field) String() string {
	if f.Text != "" {
		return f.Text
	}
	switch v := f.Value.(type) {
	case nil:
		return ""
	case string:
		return v
	case json.Number:
		if n, err := v.Int64(); err == nil {
			return textfmt.Thousands(n)
		}
		return v.String()
	case []any:
		// A list ("best_moves": ["Rf1"]) reads as its items: "Rf1".
		items := make([]string, len(v))
		for i, x := range v {
			items[i] = Field{Value: x}.String()
		}
		return strings.Join(items, ", ")
	default:
		return fmt.Sprint(v)
	}
}

// Session runs the cells of one lesson in order and keeps their results,
// so prose after a cell can read its numbers.
type Session struct {
	Lesson *Lesson
	Run    RunFunc
	// Files receives the files that cells write (tree -o, --plot).
	Files sandbox.Folder

	results []*CellResult
	// names holds the values bound by {{NAME = ...}} so far.
	names map[string]value
}

// CellResult is what running one cell produced.
type CellResult struct {
	Cell     *Cell
	Commands []*CommandResult
	// Answer is a quiz cell's answer, read from the output.
	Answer  string
	Elapsed time.Duration
}

// CommandResult is the output of one command of a cell.
type CommandResult struct {
	Command *Command
	Stdout  string // ANSI escapes kept if the command ran with color
	Stderr  string
	Code    int
	// Records are the structured results the command handed over; prose
	// references and quiz answers read them.
	Records []Record
	Files   []File
	// FEN is the position a `positions show` command drew ("" otherwise);
	// Flip is true when it was drawn from Black's side.
	FEN  string
	Flip bool
	// Tables are the tables the command printed as text, each with the
	// part of Stdout its text takes, in order.
	Tables []TableSpan
	// board is the board's picture once BoardPicture drew it (a
	// result's page and its picture list share one drawing).
	board []byte
}

// TableSpan is a table a command printed: its value, and the bytes of
// Stdout, Start to End, that are its text.
type TableSpan struct {
	Start, End int
	Table      *textfmt.Table
}

// Output is stdout followed by stderr.
func (r *CommandResult) Output() string {
	if r.Stderr == "" {
		return r.Stdout
	}
	if r.Stdout != "" && !strings.HasSuffix(r.Stdout, "\n") {
		return r.Stdout + "\n" + r.Stderr
	}
	return r.Stdout + r.Stderr
}

// File is a file a command wrote into the cell's folder.
type File struct {
	Name string // as the cell named it: "tree.svg"
	Data []byte
}

// Ext is the file's lower-case extension without the dot: "svg".
func (f File) Ext() string {
	return strings.ToLower(strings.TrimPrefix(filepath.Ext(f.Name), "."))
}

// IsPicture reports whether the file is an SVG or PNG picture.
func (f File) IsPicture() bool { return f.Ext() == "svg" || f.Ext() == "png" }

// NewSession prepares to run l with run, its cells writing their files
// into files.
func NewSession(l *Lesson, run RunFunc, files sandbox.Folder) *Session {
	return &Session{Lesson: l, Run: run, Files: files}
}

// Results are the results of the cells run so far, in order.
func (s *Session) Results() []*CellResult { return s.results }

// Result returns the result of cell n (1-based), nil if it has not run.
func (s *Session) Result(n int) *CellResult {
	if n < 1 || n > len(s.results) {
		return nil
	}
	return s.results[n-1]
}

// RunCell runs the next cell. Cells run in order: c must be the cell after
// the last one run. A command that fails (non-zero exit) ends the cell with
// an *Error naming the command's line; its output is still in the result.
func (s *Session) RunCell(c *Cell) (*CellResult, error) {
	if c.N != len(s.results)+1 {
		return nil, fmt.Errorf("cell %d run out of order (next is %d)", c.N, len(s.results)+1)
	}
	res := &CellResult{Cell: c}
	s.results = append(s.results, res)
	start := time.Now()
	defer func() { res.Elapsed = time.Since(start) }()
	for _, cmd := range c.Commands {
		cr, err := s.runCommand(cmd)
		res.Commands = append(res.Commands, cr)
		if err != nil {
			return res, err
		}
	}
	if q := c.Quiz; q != nil {
		f, err := q.Answer.FindField(res.Commands[:1])
		if err != nil {
			return res, &Error{File: s.Lesson.File, Line: q.Line, Msg: fmt.Sprintf("cannot read the quiz answer %q: %v", q.Answer, err)}
		}
		// A quiz answer is a number to compare a guess with: when the text
		// is not one ("5/24"), the JSON value is (5).
		res.Answer = f.String()
		if n, ok := f.Value.(json.Number); ok {
			if _, isNum := ParseNumber(res.Answer); !isNum {
				res.Answer = Field{Value: n}.String()
			}
		}
	}
	return res, nil
}

func (s *Session) runCommand(cmd *Command) (*CommandResult, error) {
	cr := &CommandResult{Command: cmd}
	args := make([]string, len(cmd.Args))
	copy(args, cmd.Args)
	var stdout, stderr bytes.Buffer
	var mu sync.Mutex
	results := func(r Record) {
		mu.Lock()
		cr.Records = append(cr.Records, r)
		mu.Unlock()
	}
	table := func(t *textfmt.Table, write func() error) error {
		start := stdout.Len()
		err := write()
		shown := *t
		cr.Tables = append(cr.Tables, TableSpan{Start: start, End: stdout.Len(), Table: &shown})
		return err
	}
	out := s.Run(Invocation{Args: args, Stdout: &stdout, Stderr: &stderr, Files: s.Files, Results: results, Table: table})
	cr.Code = out.Code
	cr.Records = append(cr.Records, out.Records...)
	cr.Stdout, cr.Stderr = stdout.String(), stderr.String()
	for _, r := range cr.Records {
		switch r.Kind {
		case "file":
			name, _ := r.Get("name")
			data, err := s.Files.ReadFile(name.String())
			if err != nil {
				return cr, &Error{File: s.Lesson.File, Line: cmd.Line,
					Msg: fmt.Sprintf("'plylab %s' wrote %s, but it cannot be read: %v", cmd.Text, name.String(), err)}
			}
			cr.Files = append(cr.Files, File{Name: name.String(), Data: data})
		case "position":
			if fen, ok := r.Get("fen"); ok {
				cr.FEN = fen.String()
				flip, _ := r.Get("flip")
				cr.Flip = flip.Value == true
			}
		}
	}
	if cr.Code != 0 {
		msg := strings.TrimSpace(StripANSI(cr.Stderr))
		if msg == "" {
			msg = "no message"
		}
		return cr, &Error{File: s.Lesson.File, Line: cmd.Line,
			Msg: fmt.Sprintf("'plylab %s' failed (exit %d): %s", cmd.Text, cr.Code, oneLine(msg))}
	}
	return cr, nil
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// RefValue is a resolved {{...}} reference.
type RefValue struct {
	Ref   Ref
	Value string
}

// Prose returns the Markdown of a prose block with its {{...}} references
// replaced by the values they select or compute from the cells already
// run (an assertion by nothing, a citation by its text). A value that
// cannot be read and an assertion that does not hold are *Errors at the
// reference's line.
func (s *Session) Prose(b *Block) (string, []RefValue, error) {
	if len(b.Refs) == 0 {
		return b.Text, nil, nil
	}
	var out strings.Builder
	var vals []RefValue
	last := 0
	for _, r := range b.Refs {
		v, err := s.resolve(r)
		if err != nil {
			return "", vals, &Error{File: s.Lesson.File, Line: r.Line, Msg: err.Error()}
		}
		vals = append(vals, RefValue{Ref: r, Value: v})
		out.WriteString(b.Text[last:r.Start])
		switch r.Kind {
		case RefAssert, RefUnchecked:
		case RefCite:
			out.WriteString(r.Cite.Text)
		default:
			out.WriteString(v)
		}
		last = r.End
	}
	out.WriteString(b.Text[last:])
	return out.String(), vals, nil
}

// resolve returns the value of one reference, binding its name.
func (s *Session) resolve(r Ref) (string, error) {
	if s.names == nil {
		s.names = map[string]value{}
	}
	env := &evalEnv{s: s, cell: r.Cell, names: s.names}
	switch r.Kind {
	case RefUnchecked:
		return "", nil
	case RefCite:
		if r.Name != "" {
			x, _ := leadingNumber(r.Cite.Text)
			s.names[r.Name] = value{num: x, isNum: true, text: r.Cite.Text, decimals: -1}
		}
		return r.Cite.Text, nil
	case RefName:
		v, ok := s.names[r.Name]
		if !ok {
			return "", fmt.Errorf("{{%s}}: the reference that binds %s did not run", r.Name, r.Name)
		}
		return v.String(), nil
	case RefCompute, RefAssert:
		v, err := r.Expr.eval(env)
		if err != nil {
			return "", fmt.Errorf("{{%s}}: %v", r.Text, err)
		}
		if r.Kind == RefAssert {
			if !v.isBool {
				return "", fmt.Errorf("{{%s}} is not a comparison (it gives %s); write e.g. {{assert: a < b}}", r.Text, v)
			}
			if !v.b {
				return "", fmt.Errorf("the prose states {{%s}}, which no longer holds: %s", r.Text, explain(r, env))
			}
			if why := runEnds(r.Expr, env); why != "" {
				return "", fmt.Errorf("the prose states {{%s}}: %s", r.Text, why)
			}
			return "true", nil
		}
		if v.isBool {
			return "", fmt.Errorf("{{%s}} is a comparison: write it as {{assert: %s}}", r.Text, r.Expr.Text)
		}
		if r.Name != "" {
			s.names[r.Name] = v
		}
		return v.String(), nil
	}
	res := s.Result(r.Cell)
	if res == nil {
		return "", fmt.Errorf("{{%s}} reads cell %d, which has not run", r.Sel, r.Cell)
	}
	f, err := r.Sel.FindField(res.Commands)
	if err != nil {
		return "", fmt.Errorf("{{%s}}: %v (in the output of cell %d)", r.Sel, err, r.Cell)
	}
	if r.Name != "" {
		s.names[r.Name] = fieldValue(f)
	}
	return f.String(), nil
}

// explain lists the values an assertion read: "ab = 1,080, [nodes |
// depth=5] = 2,096".
func explain(r Ref, env *evalEnv) string {
	var parts []string
	seen := map[string]bool{}
	for _, n := range exprNames(r.Expr) {
		if v, ok := env.names[n]; ok && !seen[n] {
			seen[n] = true
			parts = append(parts, n+" = "+v.String())
		}
	}
	for _, sr := range r.Sels {
		if seen[sr.where()] {
			continue
		}
		seen[sr.where()] = true
		if v, err := sr.eval(env); err == nil {
			parts = append(parts, sr.where()+" = "+v.String())
		}
	}
	if len(parts) == 0 {
		return "it is false"
	}
	return strings.Join(parts, ", ")
}

// Result is a whole lesson run: every cell's result and every reference's
// value, in order.
type Result struct {
	Lesson  *Lesson
	Cells   []*CellResult
	Prose   map[*Block]string // prose with references resolved
	Refs    map[*Block][]RefValue
	Elapsed time.Duration
}

// RunAll runs every cell of the session's lesson and resolves the prose.
// It stops at the first failure.
func (s *Session) RunAll() (*Result, error) {
	start := time.Now()
	r := &Result{Lesson: s.Lesson, Prose: map[*Block]string{}, Refs: map[*Block][]RefValue{}}
	for _, b := range s.Lesson.Blocks {
		switch b.Kind {
		case CellBlock:
			_, err := s.RunCell(b.Cell)
			r.Cells = s.results
			if err != nil {
				return r, err
			}
		case Prose:
			text, vals, err := s.Prose(b)
			if err != nil {
				return r, err
			}
			r.Prose[b], r.Refs[b] = text, vals
		}
	}
	r.Cells = s.results
	r.Elapsed = time.Since(start)
	return r, nil
}
