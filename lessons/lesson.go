package lessons

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/plylab/plylab/engine/kit/textfmt/ansi"
)

// Lesson is one parsed lesson file.
type Lesson struct {
	// File names the lesson in messages: "lessons/03-alphabeta.md" for a
	// built-in lesson, the path as given for a user's file.
	File string
	// Path is the file on disk ("" for a built-in lesson); pictures that
	// the prose links relative to the lesson are read next to it.
	Path string
	// Number is the lesson's number (from a "03-" file-name prefix), 0 if
	// it has none.
	Number int
	// Name is the file name without the number prefix and ".md":
	// "alphabeta".
	Name string
	// Slug is the file name without ".md": "03-alphabeta". Exports and
	// golden transcripts are named after it.
	Slug    string
	Title   string
	Summary string
	// Minutes is the estimated time to work through the lesson.
	Minutes int
	// TitleInBody is true when the title came from the lesson's first
	// "# heading" (renderers then do not repeat it).
	TitleInBody bool
	Blocks      []*Block
	Cells       []*Cell
	// Params are the parameters the lesson declares (params.go), in
	// order; its cells and prose hold the values of this parse.
	Params []*Param

	// Doc is true for a page of documentation (ParseDoc): the plylab
	// commands its shown code blocks run count as the commands its prose
	// describes.
	Doc bool

	values map[string]string // the parameters' values in this parse
	source []byte            // the file as read, to parse it again (WithParams)
	rules  Rules             // the rules it was parsed with
}

// BlockKind tells prose, plain code and runnable cells apart.
type BlockKind int

const (
	// Prose is Markdown text.
	Prose BlockKind = iota
	// Code is a fenced block that is shown, not run.
	Code
	// CellBlock is a runnable plylab cell.
	CellBlock
)

// Block is a piece of a lesson in reading order.
type Block struct {
	Kind BlockKind
	Line int    // line of the block's first line (the opening fence for code)
	Text string // Markdown (Prose) or the code without its fences (Code)
	Info string // a code block's info string, e.g. "go" or "console"
	Refs []Ref  // {{...}} references in prose
	Cell *Cell  // the cell (CellBlock)
	// Params are where prose shows parameters' values (params.go).
	Params []ParamUse
}

// Cell is a runnable block: one or more plylab commands, or a quiz.
type Cell struct {
	N        int // 1-based number among the lesson's cells
	Line     int // line of the opening fence
	Commands []*Command
	Quiz     *Quiz
	// Params names the parameters the cell's lines use (params.go).
	Params []string
}

// Command is one line of a cell.
type Command struct {
	Line    int      // line in the lesson file
	Comment string   // the "# ..." comment lines just above it, joined
	Text    string   // the command as written, without "plylab" and comment
	Args    []string // its words, without the leading "plylab"
}

// Quiz is the question of a quiz cell and where its answer is read.
type Quiz struct {
	Line     int
	Question string
	Answer   Selector
}

// Ref is a {{...}} reference in prose (see RefKind for its kinds).
type Ref struct {
	Line       int // line of the reference
	Start, End int // byte offsets of "{{...}}" in the block's Text
	// Cell is the cell whose output it reads (1-based): a RefSelect's
	// cell; for the other kinds the cell just before the prose, which a
	// [SELECTOR] without "cell N:" reads.
	Cell int
	Sel  Selector // RefSelect
	Kind RefKind
	Name string // the name it binds (RefSelect, RefCompute) or shows (RefName)
	Expr *Expr  // RefCompute, RefAssert
	Sels []selRef
	Cite *Cite  // RefCite
	Text string // between the braces, trimmed
}

// Error is a problem in a lesson file, located by file and line.
type Error struct {
	File string
	Line int
	Msg  string
	// Err is the error behind Msg, if any (a sandbox.Error for a command
	// the rules refuse).
	Err error
}

// Unwrap returns the error behind the message.
func (e *Error) Unwrap() error { return e.Err }

func (e *Error) Error() string {
	// The message may quote the lesson's text: keep it on one line.
	msg := oneLineMsg.Replace(e.Msg)
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, msg)
	}
	return fmt.Sprintf("%s: %s", e.File, msg)
}

var oneLineMsg = strings.NewReplacer("\r", `\r`, "\n", `\n`)

// Rules decide which command lines a lesson's cells may hold. Parse asks
// them about every command of every cell and reports a refusal at the
// command's line. sandbox.Cells, plylab's allow-list, is the rules of
// every lesson plylab runs; Commands are a plain list for tests.
type Rules interface {
	// Check returns why a cell may not run args (the words after
	// "plylab"), nil when it may.
	Check(args []string) error
}

// Commands are Rules that know only command names: each command with its
// subcommands (nil for none). A cell may run any of them but `lesson` and
// `help`, with any flags.
type Commands map[string][]string

// forbidden are commands a cell may not run under Commands.
var forbidden = map[string]string{
	"lesson": "a cell cannot run 'plylab lesson'",
	"help":   "a cell cannot run 'plylab help'; use COMMAND --help",
}

// Check refuses an unknown command, a group without its subcommand, and
// the forbidden commands.
func (cmds Commands) Check(args []string) error {
	name := args[0]
	if msg, bad := forbidden[name]; bad {
		return errors.New(msg)
	}
	subs, known := cmds[name]
	if !known {
		return fmt.Errorf("unknown command %q in a plylab cell%s", name, didYouMean(name, keys(cmds)))
	}
	if len(subs) > 0 {
		if len(args) < 2 || strings.HasPrefix(args[1], "-") {
			return fmt.Errorf("%q needs a subcommand in a plylab cell: %s", name, strings.Join(subs, ", "))
		}
		if !contains(subs, args[1]) {
			return fmt.Errorf("unknown command %q in a plylab cell%s", name+" "+args[1], didYouMean(args[1], subs))
		}
	}
	return nil
}

var fileNumber = regexp.MustCompile(`^(\d+)-(.+)$`)

// Parse reads a lesson. file names it in messages; rules, when not nil,
// decide which commands a cell may run (any other is an error at its
// line).
func Parse(file string, src []byte, rules Rules) (*Lesson, error) {
	l, err := parseLesson(file, src, rules, nil)
	if err != nil {
		return nil, err
	}
	if err := checkParams(l); err != nil {
		return nil, err
	}
	return l, nil
}

// DocCellPrefix opens a hidden cell of a page of documentation: a comment
// on a line of its own, "<!-- plylab: COMMAND -->", its commands one a
// line up to "-->". GitHub shows nothing of it.
const DocCellPrefix = "<!-- plylab:"

// ParseDoc reads a page of documentation (the README, a page of docs/) as
// a lesson whose cells and references are hidden from its readers: a
// cell is a comment DocCellPrefix ... "-->" on lines of its own, and only
// the {{...}} references inside HTML comments are read (the page shows a
// value written out, the comment binds it: see CheckDoc). Fenced plylab
// blocks are code to show, not cells.
func ParseDoc(file string, src []byte, rules Rules) (*Lesson, error) {
	p := &lessonParser{file: file, rules: rules, doc: true}
	l, err := p.parse(unescapeTablePipes(src))
	if err != nil {
		return nil, err
	}
	l.source, l.rules, l.Doc = src, rules, true
	base := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	l.Slug, l.Name = base, base
	return l, nil
}

// unescapeTablePipes reads the comments of a page's table rows as GitHub
// does: GFM splits a row into cells at every "|" not escaped, comments
// included, so a reference's "|" is written "\|" there. Each "\|" inside
// a comment of a table row becomes " |", which keeps every offset.
func unescapeTablePipes(src []byte) []byte {
	out := append([]byte(nil), src...)
	start := 0
	for start < len(out) {
		end := bytes.IndexByte(out[start:], '\n')
		if end < 0 {
			end = len(out) - start
		}
		line := out[start : start+end]
		if bytes.HasPrefix(bytes.TrimSpace(line), []byte("|")) {
			for _, c := range commentPattern.FindAllIndex(line, -1) {
				for i := c[0]; i+1 < c[1]; i++ {
					if line[i] == '\\' && line[i+1] == '|' {
						line[i] = ' '
					}
				}
			}
		}
		start += end + 1
	}
	return out
}

// parseLesson is Parse with values for the lesson's parameters (nil: the
// defaults), without checking their other values.
//
// A lesson file may come from anyone, so what a terminal would obey
// rather than print (escape sequences that clear the screen, set a
// window title or write the clipboard; other controls) is removed from
// its text first: nothing of it reaches a terminal, a page or a cell.
func parseLesson(file string, src []byte, rules Rules, values map[string]string) (*Lesson, error) {
	src = []byte(ansi.StripControls(string(src)))
	p := &lessonParser{file: file, rules: rules, values: values}
	l, err := p.parse(src)
	if err != nil {
		return nil, err
	}
	l.source, l.rules = src, rules
	base := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	l.Slug, l.Name = base, base
	if m := fileNumber.FindStringSubmatch(base); m != nil {
		l.Number, _ = strconv.Atoi(m[1])
		l.Name = m[2]
	}
	return l, nil
}

type lessonParser struct {
	file  string
	rules Rules
	// doc parses a page of documentation (ParseDoc): cells are hidden in
	// comments, references live only in comments, and fenced plylab
	// blocks are shown code.
	doc bool
	// names are the names bound by references so far, with their lines.
	names map[string]int
	// Parameters (params.go): declared, their values, where they were
	// put, which were used.
	params []*Param
	values map[string]string
	uses   map[int][]paramUse
	used   map[string]bool
}

func (p *lessonParser) errorf(line int, format string, args ...any) error {
	return &Error{File: p.file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// fence reports whether line opens or closes a fenced code block: up to
// three spaces, then three or more backticks or tildes.
func fence(line string) (char byte, n int, info string, ok bool) {
	indent := len(line) - len(strings.TrimLeft(line, " "))
	if indent > 3 {
		return 0, 0, "", false
	}
	rest := line[indent:]
	if len(rest) < 3 || (rest[0] != '`' && rest[0] != '~') {
		return 0, 0, "", false
	}
	char = rest[0]
	for n < len(rest) && rest[n] == char {
		n++
	}
	if n < 3 {
		return 0, 0, "", false
	}
	info = strings.TrimSpace(rest[n:])
	if char == '`' && strings.Contains(info, "`") {
		return 0, 0, "", false // an inline code span, not a fence
	}
	return char, n, info, true
}

func (p *lessonParser) parse(src []byte) (*Lesson, error) {
	src = bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
	lines := strings.Split(string(src), "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	l := &Lesson{File: p.file}
	i := 0
	meta := map[string]string{}
	metaLine := map[string]int{}
	if len(lines) > 0 && strings.TrimSpace(lines[0]) == "---" {
		closed := false
		for i = 1; i < len(lines); i++ {
			t := strings.TrimSpace(lines[i])
			if t == "---" {
				closed = true
				i++
				break
			}
			if t == "" || strings.HasPrefix(t, "#") {
				continue
			}
			k, v, ok := strings.Cut(t, ":")
			if !ok {
				return nil, p.errorf(i+1, "front matter line %q is not 'key: value'", t)
			}
			k = strings.ToLower(strings.TrimSpace(k))
			if name, ok := paramKey(k); ok {
				if err := p.declare(name, v, i+1); err != nil {
					return nil, err
				}
				continue
			}
			switch k {
			case "title", "summary", "minutes":
			default:
				return nil, p.errorf(i+1, "unknown front matter key %q; use title, summary, minutes and param NAME", k)
			}
			meta[k] = unquote(strings.TrimSpace(v))
			metaLine[k] = i + 1
		}
		if !closed {
			return nil, p.errorf(1, "unterminated front matter: the '---' on line 1 has no closing '---'")
		}
	}
	l.Title, l.Summary = meta["title"], meta["summary"]
	if m, ok := meta["minutes"]; ok {
		n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(m), " min"))
		if err != nil || n < 1 || n > 600 {
			return nil, p.errorf(metaLine["minutes"], "minutes must be a whole number of minutes, got %q", m)
		}
		l.Minutes = n
	}

	if err := p.substitute(lines, i); err != nil {
		return nil, err
	}
	var prose []string
	proseStart := i + 1
	flushProse := func() error {
		text := strings.Join(prose, "\n")
		if strings.TrimSpace(text) != "" {
			b := &Block{Kind: Prose, Line: proseStart, Text: text}
			refs, err := p.refs(b, len(l.Cells))
			if err != nil {
				return err
			}
			b.Refs = refs
			l.Blocks = append(l.Blocks, b)
		}
		prose = nil
		return nil
	}
	for i < len(lines) {
		line := lines[i]
		if p.doc {
			if cmd, ok := strings.CutPrefix(strings.TrimSpace(line), DocCellPrefix); ok {
				if err := flushProse(); err != nil {
					return nil, err
				}
				start := i + 1
				var body []string
				for {
					text, end, closed := strings.Cut(cmd, "-->")
					body = append(body, text)
					if closed {
						if strings.TrimSpace(end) != "" {
							return nil, p.errorf(i+1, "a hidden cell's comment must end its line: %q follows -->", strings.TrimSpace(end))
						}
						break
					}
					i++
					if i == len(lines) {
						return nil, p.errorf(start, "unterminated hidden cell: the <!-- opened here is never closed")
					}
					cmd = lines[i]
				}
				i++
				cell, err := p.cell(start-1, nil, body)
				if err != nil {
					return nil, err
				}
				cell.Line = start
				cell.N = len(l.Cells) + 1
				l.Cells = append(l.Cells, cell)
				l.Blocks = append(l.Blocks, &Block{Kind: CellBlock, Line: start, Info: "plylab hidden", Cell: cell})
				continue
			}
		}
		char, n, info, ok := fence(line)
		if !ok {
			if prose == nil {
				proseStart = i + 1
			}
			prose = append(prose, line)
			i++
			continue
		}
		if err := flushProse(); err != nil {
			return nil, err
		}
		start := i + 1 // 1-based line of the opening fence
		var body []string
		closed := false
		for i++; i < len(lines); i++ {
			c, m, rest, ok := fence(lines[i])
			if ok && c == char && m >= n && rest == "" {
				closed = true
				i++
				break
			}
			body = append(body, lines[i])
		}
		if !closed {
			return nil, p.errorf(start, "unterminated code block: the %s opened here is never closed", strings.Repeat(string(char), n))
		}
		words := strings.Fields(info)
		if len(words) == 0 || words[0] != "plylab" || p.doc {
			l.Blocks = append(l.Blocks, &Block{Kind: Code, Line: start, Text: strings.Join(body, "\n"), Info: info})
			continue
		}
		cell, err := p.cell(start, words[1:], body)
		if err != nil {
			return nil, err
		}
		cell.N = len(l.Cells) + 1
		l.Cells = append(l.Cells, cell)
		l.Blocks = append(l.Blocks, &Block{Kind: CellBlock, Line: start, Info: info, Cell: cell})
	}
	if err := flushProse(); err != nil {
		return nil, err
	}
	p.bindParams(l, len(lines))

	if l.Title == "" {
		for _, b := range l.Blocks {
			if b.Kind != Prose {
				continue
			}
			for _, ln := range strings.Split(b.Text, "\n") {
				if t, ok := strings.CutPrefix(ln, "# "); ok {
					l.Title, l.TitleInBody = strings.TrimSpace(t), true
					break
				}
			}
			if l.Title != "" {
				break
			}
		}
	}
	if l.Title == "" {
		return nil, p.errorf(1, "the lesson has no title: add front matter 'title: ...' or a '# Title' heading")
	}
	if l.Summary == "" {
		l.Summary = firstParagraph(l.Blocks)
	}
	if l.Minutes == 0 {
		l.Minutes = estimateMinutes(l)
	}
	return l, nil
}

// unquote removes matching quotes around a front-matter value.
func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' && s[len(s)-1] == '"' || s[0] == '\'' && s[len(s)-1] == '\'') {
		return s[1 : len(s)-1]
	}
	return s
}

// firstParagraph is the first prose paragraph that is not a heading,
// folded onto one line.
func firstParagraph(blocks []*Block) string {
	for _, b := range blocks {
		if b.Kind != Prose {
			continue
		}
		var para []string
		for _, ln := range strings.Split(b.Text, "\n") {
			t := strings.TrimSpace(ln)
			if t == "" || strings.HasPrefix(t, "#") {
				if len(para) > 0 {
					return strings.Join(para, " ")
				}
				continue
			}
			para = append(para, t)
		}
		if len(para) > 0 {
			return strings.Join(para, " ")
		}
	}
	return ""
}

// estimateMinutes guesses the reading time (200 words a minute) plus a
// minute per cell.
func estimateMinutes(l *Lesson) int {
	words := 0
	for _, b := range l.Blocks {
		if b.Kind == Prose {
			words += len(strings.Fields(b.Text))
		}
	}
	return max(1, (words+199)/200+len(l.Cells))
}
