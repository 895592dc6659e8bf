package lessons

import (
	"bytes"
	"fmt"
	"github.com/plylab/plylab/engine/textfmt"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
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
}

// Cell is a runnable block: one or more plylab commands, or a quiz.
type Cell struct {
	N        int // 1-based number among the lesson's cells
	Line     int // line of the opening fence
	Commands []*Command
	Quiz     *Quiz
}

// Command is one line of a cell.
type Command struct {
	Line    int      // line in the lesson file
	Comment string   // the "# ..." comment lines just above it, joined
	Text    string   // the command as written, without "plylab" and comment
	Args    []string // its words, without the leading "plylab"
	// Outputs are the file names the command writes (-o, --output, --plot).
	Outputs []string
	// outputArgs says where in Args each output name stands, so the runner
	// can redirect it into its folder without parsing the flags again.
	outputArgs []outputArg
}

// outputArg is the position of an output file name in a command's Args:
// Args[Index] is Prefix (e.g. "--plot=", or "" for a separate word)
// followed by the name.
type outputArg struct {
	Index  int
	Prefix string
}

// Quiz is the question of a quiz cell and where its answer is read.
type Quiz struct {
	Line     int
	Question string
	Answer   Selector
}

// Ref is a {{SELECTOR}} or {{cell N: SELECTOR}} reference in prose.
type Ref struct {
	Line       int // line of the reference
	Start, End int // byte offsets of "{{...}}" in the block's Text
	Cell       int // the cell whose output it reads (1-based)
	Sel        Selector
}

// Error is a problem in a lesson file, located by file and line.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	// The message may quote the lesson's text: keep it on one line.
	msg := oneLineMsg.Replace(e.Msg)
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, msg)
	}
	return fmt.Sprintf("%s: %s", e.File, msg)
}

var oneLineMsg = strings.NewReplacer("\r", `\r`, "\n", `\n`)

// Commands describes the plylab commands a cell may run: each command name
// with its subcommands (nil for none). Parse checks cells against it.
type Commands map[string][]string

// forbidden are commands a cell may not run.
var forbidden = map[string]string{
	"lesson": "a cell cannot run 'plylab lesson'",
	"help":   "a cell cannot run 'plylab help'; use COMMAND --help",
}

var fileNumber = regexp.MustCompile(`^(\d+)-(.+)$`)

// Parse reads a lesson. file names it in messages; cmds, when not nil,
// lists the commands a cell may run (an unknown one is an error).
func Parse(file string, src []byte, cmds Commands) (*Lesson, error) {
	p := &lessonParser{file: file, cmds: cmds}
	l, err := p.parse(src)
	if err != nil {
		return nil, err
	}
	base := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	l.Slug, l.Name = base, base
	if m := fileNumber.FindStringSubmatch(base); m != nil {
		l.Number, _ = strconv.Atoi(m[1])
		l.Name = m[2]
	}
	return l, nil
}

type lessonParser struct {
	file string
	cmds Commands
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
			switch k {
			case "title", "summary", "minutes":
			default:
				return nil, p.errorf(i+1, "unknown front matter key %q; use title, summary and minutes", k)
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
		if len(words) == 0 || words[0] != "plylab" {
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

// cell parses the body of a ```plylab block.
func (p *lessonParser) cell(line int, mods []string, body []string) (*Cell, error) {
	c := &Cell{Line: line}
	quiz := false
	for _, m := range mods {
		if m != "quiz" {
			return nil, p.errorf(line, "unknown cell kind %q after plylab; write ```plylab or ```plylab quiz", m)
		}
		quiz = true
	}
	var comments []string
	var q *Quiz
	for j := 0; j < len(body); j++ {
		ln := line + 1 + j
		t := strings.TrimSpace(body[j])
		if t == "" {
			comments = nil
			continue
		}
		if strings.HasPrefix(t, "#") {
			comments = append(comments, strings.TrimSpace(strings.TrimPrefix(t, "#")))
			continue
		}
		if key, val, ok := quizKey(t); ok {
			if !quiz {
				return nil, p.errorf(ln, "%q lines belong in a quiz cell: write ```plylab quiz", key+":")
			}
			if q == nil {
				q = &Quiz{Line: ln}
			}
			switch key {
			case "predict":
				if q.Question != "" {
					return nil, p.errorf(ln, "the quiz has two predict: lines")
				}
				if val == "" {
					return nil, p.errorf(ln, "predict: needs a question")
				}
				q.Question = val
			case "answer":
				if q.Answer.Text != "" {
					return nil, p.errorf(ln, "the quiz has two answer: lines")
				}
				sel, err := ParseSelector(val)
				if err != nil {
					return nil, p.errorf(ln, "bad answer: %v", err)
				}
				q.Answer = sel
			}
			continue
		}
		// A trailing backslash continues the command on the next line.
		text := t
		for strings.HasSuffix(text, `\`) && j+1 < len(body) {
			j++
			text = strings.TrimSuffix(text, `\`) + " " + strings.TrimSpace(body[j])
		}
		cmd, err := p.command(ln, text)
		if err != nil {
			return nil, err
		}
		cmd.Comment = strings.Join(comments, "\n")
		comments = nil
		c.Commands = append(c.Commands, cmd)
	}
	if len(c.Commands) == 0 {
		return nil, p.errorf(line, "empty plylab cell: write one plylab command a line")
	}
	if quiz {
		switch {
		case q == nil || q.Question == "":
			return nil, p.errorf(line, "a quiz cell needs a 'predict: QUESTION' line")
		case q.Answer.Text == "":
			return nil, p.errorf(line, "a quiz cell needs an 'answer: SELECTOR' line, e.g. 'answer: nodes | depth=4'")
		case len(c.Commands) != 1:
			return nil, p.errorf(c.Commands[1].Line, "a quiz cell runs exactly one command")
		}
		c.Quiz = q
	}
	return c, nil
}

func quizKey(t string) (key, val string, ok bool) {
	k, v, found := strings.Cut(t, ":")
	if !found {
		return "", "", false
	}
	k = strings.ToLower(strings.TrimSpace(k))
	if k != "predict" && k != "answer" {
		return "", "", false
	}
	return k, strings.TrimSpace(v), true
}

// outputFlags are the flags whose value is a file a command writes.
var outputFlags = map[string]bool{"o": true, "output": true, "plot": true}

// command parses one command line of a cell.
func (p *lessonParser) command(line int, text string) (*Command, error) {
	text = strings.TrimSpace(strings.TrimPrefix(text, "$ "))
	args, err := splitWords(text)
	if err != nil {
		return nil, p.errorf(line, "%v", err)
	}
	if len(args) > 0 && args[0] == "plylab" {
		args = args[1:]
		text = strings.TrimSpace(strings.TrimPrefix(text, "plylab"))
	}
	if len(args) == 0 {
		return nil, p.errorf(line, "empty command in a plylab cell")
	}
	name := args[0]
	if strings.HasPrefix(name, "-") {
		return nil, p.errorf(line, "a cell command starts with a plylab command such as compare, not the flag %s (the lesson runner sets --color)", name)
	}
	if msg, bad := forbidden[name]; bad {
		return nil, p.errorf(line, "%s", msg)
	}
	if p.cmds != nil {
		subs, known := p.cmds[name]
		if !known {
			return nil, p.errorf(line, "unknown command %q in a plylab cell%s", name, didYouMean(name, keys(p.cmds)))
		}
		if len(subs) > 0 {
			if len(args) < 2 || strings.HasPrefix(args[1], "-") {
				return nil, p.errorf(line, "%q needs a subcommand in a plylab cell: %s", name, strings.Join(subs, ", "))
			}
			if !contains(subs, args[1]) {
				return nil, p.errorf(line, "unknown command %q in a plylab cell%s", name+" "+args[1], didYouMean(args[1], subs))
			}
		}
	}
	cmd := &Command{Line: line, Text: text, Args: args}
	for k := 1; k < len(args); k++ {
		a := args[k]
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "-") {
			continue
		}
		flag, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !outputFlags[flag] {
			continue
		}
		at := outputArg{Index: k, Prefix: a[:len(a)-len(val)]}
		if !hasVal {
			if k+1 >= len(args) {
				return nil, p.errorf(line, "flag %s needs a file name", a)
			}
			k++
			val = args[k]
			at = outputArg{Index: k}
		}
		if val == "" || val == "-" || strings.ContainsAny(val, `/\`) || val == "." || val == ".." || strings.HasPrefix(val, ".") {
			return nil, p.errorf(line, "%s writes %q: in a lesson, write to a plain file name such as tree.svg (the runner picks the folder)", a, val)
		}
		cmd.Outputs = append(cmd.Outputs, val)
		cmd.outputArgs = append(cmd.outputArgs, at)
	}
	return cmd, nil
}

var refPattern = regexp.MustCompile(`\{\{(.*?)\}\}`)
var refCell = regexp.MustCompile(`^cell\s+(\d+)\s*:\s*(.*)$`)

// refs finds the {{...}} references of a prose block written after
// cellsBefore cells.
func (p *lessonParser) refs(b *Block, cellsBefore int) ([]Ref, error) {
	var out []Ref
	for _, m := range refPattern.FindAllStringSubmatchIndex(b.Text, -1) {
		line := b.Line + strings.Count(b.Text[:m[0]], "\n")
		inner := strings.TrimSpace(b.Text[m[2]:m[3]])
		r := Ref{Line: line, Start: m[0], End: m[1], Cell: cellsBefore}
		if cm := refCell.FindStringSubmatch(inner); cm != nil {
			r.Cell, _ = strconv.Atoi(cm[1])
			inner = cm[2]
			if r.Cell < 1 || r.Cell > cellsBefore {
				return nil, p.errorf(line, "{{cell %d: ...}} refers to a cell that has not run yet here (cells 1-%d have)", r.Cell, cellsBefore)
			}
		}
		if r.Cell == 0 {
			return nil, p.errorf(line, "{{%s}} comes before the first cell: there is no output to read yet", inner)
		}
		sel, err := ParseSelector(inner)
		if err != nil {
			return nil, p.errorf(line, "bad reference {{%s}}: %v", inner, err)
		}
		r.Sel = sel
		out = append(out, r)
	}
	return out, nil
}

// splitWords splits a command line into words like a POSIX shell: spaces
// separate words, single and double quotes group them, a backslash escapes
// the next character (inside double quotes only before " \ $ and `), and an
// unquoted # starting a word begins a comment.
func splitWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '#' && !inWord:
			return words, nil
		case c == '\\':
			inWord = true
			if i+1 < len(s) {
				i++
				cur.WriteByte(s[i])
			}
		case c == '\'':
			inWord = true
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unterminated ' quote in %q", s)
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			inWord = true
			closed := false
			for i++; i < len(s); i++ {
				if s[i] == '"' {
					closed = true
					break
				}
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(s[i])
			}
			if !closed {
				return nil, fmt.Errorf("unterminated \" quote in %q", s)
			}
		default:
			inWord = true
			cur.WriteByte(c)
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// quoteWord quotes w for display when a shell would need it.
func quoteWord(w string) string {
	if w == "" {
		return `""`
	}
	if !strings.ContainsFunc(w, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(`"'\$#&|;<>()*?[]{}!`+"`", r)
	}) {
		return w
	}
	if !strings.Contains(w, "'") {
		return "'" + w + "'"
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, `$`, `\$`, "`", "\\`").Replace(w) + `"`
}

func keys(m Commands) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// didYouMean returns "; did you mean "x"?" for a close candidate, or a
// pointer to the command list.
func didYouMean(name string, candidates []string) string {
	var allowed []string
	for _, c := range candidates {
		if _, bad := forbidden[c]; !bad {
			allowed = append(allowed, c)
		}
	}
	if best := textfmt.Suggest(name, allowed); best != "" {
		return fmt.Sprintf("; did you mean %q?", best)
	}
	return "; run 'plylab --help' to list the commands"
}
