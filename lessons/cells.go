package lessons

import (
	"fmt"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"regexp"
	"sort"
	"strings"
)

// Parsing inside a lesson: the cells of a plylab block, their command
// lines and words, and the {{...}} references of the prose.
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

// ShellChars are characters a shell would give a meaning; no shell runs
// a cell, so a command line with one is refused rather than misread.
const ShellChars = ";&|<>`$\n\r"

// command parses one command line of a cell.
func (p *lessonParser) command(line int, text string) (*Command, error) {
	text = strings.TrimSpace(strings.TrimPrefix(text, "$ "))
	if i := strings.IndexAny(text, ShellChars); i >= 0 {
		return nil, p.errorf(line, "cells run plylab commands, not a shell: %q has no meaning here (no pipes, redirections, variables or command lists); write one plylab command a line", text[i:i+1])
	}
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
		why := ""
		switch strings.TrimLeft(name, "-") {
		case "color":
			why = " (the lesson runner sets --color)"
		case "help", "h":
			why = " (for a command's help, write the command first: compare --help)"
		}
		return nil, p.errorf(line, "a cell command starts with a plylab command such as compare, not the flag %s%s", name, why)
	}
	if p.rules != nil {
		if err := p.rules.Check(args); err != nil {
			return nil, &Error{File: p.file, Line: line, Msg: err.Error(), Err: err}
		}
	}
	return &Command{Line: line, Text: text, Args: args}, nil
}

// commentPattern finds HTML comments.
var commentPattern = regexp.MustCompile(`(?s)<!--.*?-->`)

// inlineCode finds inline code spans.
var inlineCode = regexp.MustCompile("(`+)[^`]*?(`+)")

// maskInlineCode blanks a text's inline code spans, offsets kept: a
// comment shown as code is no comment.
func maskInlineCode(s string) string {
	b := []byte(s)
	for _, m := range inlineCode.FindAllStringIndex(s, -1) {
		for i := m[0]; i < m[1]; i++ {
			if b[i] != '\n' {
				b[i] = ' '
			}
		}
	}
	return string(b)
}

// inSpans reports whether [from, to) lies inside one of spans.
func inSpans(spans [][]int, from, to int) bool {
	for _, s := range spans {
		if from >= s[0] && to <= s[1] {
			return true
		}
	}
	return false
}

// refPattern finds {{...}}; a reference may be wrapped over lines.
var refPattern = regexp.MustCompile(`(?s)\{\{(.*?)\}\}`)
var refCell = regexp.MustCompile(`^cell\s+(\d+)\s*:\s*(.*)$`)

// refs finds the {{...}} references of a prose block written after
// cellsBefore cells (see parseRef for their kinds).
func (p *lessonParser) refs(b *Block, cellsBefore int) ([]Ref, error) {
	if p.names == nil {
		p.names = map[string]int{}
	}
	var out []Ref
	var comments [][]int
	if p.doc {
		comments = commentPattern.FindAllStringIndex(maskInlineCode(b.Text), -1)
	}
	for _, m := range refPattern.FindAllStringSubmatchIndex(b.Text, -1) {
		if p.doc && !inSpans(comments, m[0], m[1]) {
			continue // a page's own {{...}}, in its text or code: not a reference
		}
		line := b.Line + strings.Count(b.Text[:m[0]], "\n")
		inner := strings.Join(strings.Fields(b.Text[m[2]:m[3]]), " ")
		r, err := p.parseRef(inner, line, cellsBefore, p.names)
		if err != nil {
			return nil, p.errorf(line, "%v", err)
		}
		r.Line, r.Start, r.End = line, m[0], m[1]
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
