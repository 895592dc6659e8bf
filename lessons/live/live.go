// Package live runs a live notebook's cells: one plylab command line at
// a time, checked, run, and drawn as the lesson pages draw outputs. The
// notebook server (lessons/notebook) and plylab's WebAssembly build, which
// runs the same cells in a browser's Web Worker, share it, so a cell
// answers the same in both; it holds no network code.
//
// Besides running a command it binds a run to the lesson it belongs to
// (the values of the prose that read the cell, for a page to put in
// place), plans the re-runs a change of a lesson's parameters asks for,
// and turns a scratch notebook into a lesson file and back.
package live

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/sandbox"
)

// Error is the error object of a request that failed, or of a run that
// failed or stopped: a code a program can test ("shell", "disallowed",
// "exit_status", ...) and a one-line message for a person.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// Line is the line of a lesson file a parse error is at.
	Line int `json:"line,omitempty"`
	// RetryAfter, for "busy", is how many seconds to wait before trying
	// again (the HTTP answer's Retry-After too).
	RetryAfter int `json:"retry_after,omitempty"`
}

// Error is the message.
func (e *Error) Error() string { return e.Message }

// Result is what running a command produced.
type Result struct {
	Command  string `json:"command"`
	Session  string `json:"session"`
	Output   string `json:"output"` // stdout then stderr, ANSI-free
	Stdout   string `json:"stdout"`
	Stderr   string `json:"stderr"`
	ExitCode int    `json:"exit_code"`
	// ElapsedMS is the run time in milliseconds.
	ElapsedMS float64   `json:"elapsed_ms"`
	Truncated bool      `json:"truncated,omitempty"`
	SVGs      []Picture `json:"svgs"`
	Files     []FileRef `json:"files"`
	// HTML is the output as the lesson pages draw it (lessons.OutputHTML):
	// tables as HTML tables, pictures inline.
	HTML string `json:"html"`
	// Refs are the values of the lesson's prose that read this command's
	// output, when the run was bound to its lesson (Bind).
	Refs []BoundRef `json:"refs,omitempty"`
	// Answer is a bound quiz cell's answer.
	Answer string `json:"answer,omitempty"`
	// Error says why the command failed or stopped (a non-zero exit, a
	// limit, Stop); nil when it ran to the end.
	Error *Error `json:"error,omitempty"`
}

// Picture is an SVG a command drew: a file it wrote (URL) or the board of
// `positions show` (SVG inline).
type Picture struct {
	Name    string `json:"name"`
	Caption string `json:"caption,omitempty"`
	URL     string `json:"url,omitempty"`
	SVG     string `json:"svg,omitempty"`
}

// FileRef is a file a command wrote: served at URL, or carried in Data
// when there is no server (the browser keeps it in memory).
type FileRef struct {
	Name  string `json:"name"`
	URL   string `json:"url,omitempty"`
	Bytes int    `json:"bytes"`
	Data  []byte `json:"data,omitempty"`
}

// Event is one step of a streamed run: "started", "output" (a chunk of
// Stream, stdout or stderr), "live" (the command's view of its work so
// far), "progress" (ElapsedMS) and last "result".
type Event struct {
	Type      string  `json:"type"`
	ID        string  `json:"id,omitempty"`
	Session   string  `json:"session,omitempty"`
	Stream    string  `json:"stream,omitempty"`
	Text      string  `json:"text,omitempty"`
	ElapsedMS float64 `json:"elapsed_ms,omitempty"`
	Result    *Result `json:"result,omitempty"`
}

// ShellChars are characters a shell would give a meaning
// (lessons.ShellChars).
const ShellChars = lessons.ShellChars

// Prepare checks a command line and parses it into a one-command cell,
// under rules (the allow-list). "plylab" and a leading "$ " are optional.
func Prepare(line string, rules lessons.Rules) (*lessons.Cell, *Error) {
	line = strings.TrimSpace(line)
	line = strings.TrimSpace(strings.TrimPrefix(line, "$ "))
	if line == "" {
		return nil, &Error{Code: "bad_command", Message: "empty command; write a plylab command such as: plylab compare --position paper-mate2 --depth 3"}
	}
	if len(line) > 4096 {
		return nil, &Error{Code: "bad_command", Message: "the command is over 4096 characters"}
	}
	if i := strings.IndexAny(line, ShellChars); i >= 0 {
		c := line[i : i+1]
		if c == "\n" || c == "\r" {
			c = "a line break"
		} else {
			c = "'" + c + "'"
		}
		return nil, &Error{Code: "shell", Message: fmt.Sprintf("%s: cells run one plylab command, not a shell: %s has no meaning here (no pipes, redirections, variables or command lists); run one command per line", shorten(line), c)}
	}
	if strings.HasPrefix(line, "#") {
		return nil, &Error{Code: "bad_command", Message: "the command is only a comment; write a plylab command such as: plylab positions list"}
	}
	words := strings.Fields(line)
	if words[0] != "plylab" && strings.Contains(words[0], "/") || words[0] == "sh" || words[0] == "bash" {
		return nil, &Error{Code: "unknown_command", Message: fmt.Sprintf("%q is not a plylab command: cells run plylab commands only", words[0])}
	}
	src := "# cell\n\n```plylab\n" + line + "\n```\n"
	l, err := lessons.Parse("cell", []byte(src), rules)
	if err != nil {
		msg := err.Error()
		var le *lessons.Error
		if errors.As(err, &le) {
			msg = le.Msg
		}
		code := "bad_command"
		var se *sandbox.Error
		if errors.As(err, &se) {
			code = "disallowed"
			if se.Unknown {
				code = "unknown_command"
			}
		}
		return nil, &Error{Code: code, Message: msg}
	}
	if len(l.Cells) != 1 || len(l.Cells[0].Commands) != 1 {
		return nil, &Error{Code: "bad_command", Message: "write exactly one plylab command"}
	}
	return l.Cells[0], nil
}

func shorten(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

// Options say how Execute runs a prepared cell.
type Options struct {
	// Run runs the command (in-process, under the run's context).
	Run lessons.RunFunc
	// Files is the folder the command's files go to.
	Files sandbox.Folder
	// MaxOutput bounds the output kept of each stream, in bytes (0: no
	// bound); CutNote is the line added when it cut.
	MaxOutput int
	CutNote   string
	// Emit, when not nil, receives the output as it is written ("output"
	// events) and the command's view of its work so far ("live", at most
	// five a second).
	Emit func(Event)
	// FileURL gives the address of a file the command wrote; nil carries
	// the files' bytes in the result instead (FileRef.Data).
	FileURL func(name string) string
	// IDPrefix keeps the ids of the output's inline pictures apart from
	// the rest of the page.
	IDPrefix string
}

// capWriter keeps at most max bytes (0: all), noting that it cut, and
// passes what it keeps on to tee.
type capWriter struct {
	mu        *sync.Mutex
	buf       []byte
	max       int
	truncated bool
	tee       func(p []byte)
}

func (w *capWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := len(p)
	if room := w.max - len(w.buf); w.max > 0 && room < len(p) {
		p = p[:max(room, 0)]
		w.truncated = true
	}
	w.buf = append(w.buf, p...)
	if w.tee != nil && len(p) > 0 {
		w.tee(p)
	}
	return n, nil
}

// Execute runs a cell that Prepare made and draws its result. The
// result's Error is set only for a non-zero exit (ExitError); the caller
// knows whether its context was cancelled and why. command is the line
// as it was asked for. The second result is the command's own result (nil
// when it did not run), for Bind.
func Execute(command string, cell *lessons.Cell, o Options) (*Result, *lessons.CommandResult) {
	var mu sync.Mutex
	tee := func(stream string) func([]byte) {
		if o.Emit == nil {
			return nil
		}
		return func(p []byte) { o.Emit(Event{Type: "output", Stream: stream, Text: lessons.StripANSI(string(p))}) }
	}
	out := &capWriter{mu: &mu, max: o.MaxOutput, tee: tee("stdout")}
	errw := &capWriter{mu: &mu, max: o.MaxOutput, tee: tee("stderr")}
	var lastLive time.Time
	capture := func(inv lessons.Invocation) lessons.Outcome {
		inv.Stdout, inv.Stderr = io.MultiWriter(inv.Stdout, out), io.MultiWriter(inv.Stderr, errw)
		if o.Emit != nil {
			inv.Live = func(text string) {
				// At most five views a second: the page redraws each.
				if time.Since(lastLive) < 200*time.Millisecond || o.MaxOutput > 0 && len(text) > o.MaxOutput {
					return
				}
				lastLive = time.Now()
				o.Emit(Event{Type: "live", Text: lessons.StripANSI(text)})
			}
		}
		return o.Run(inv)
	}
	start := time.Now()
	sess := lessons.NewSession(&lessons.Lesson{File: "cell", Cells: []*lessons.Cell{cell}}, capture, o.Files)
	cres, _ := sess.RunCell(cell)
	elapsed := time.Since(start)

	res := &Result{Command: command, ElapsedMS: float64(elapsed.Microseconds()) / 1000, SVGs: []Picture{}, Files: []FileRef{}}
	var cr *lessons.CommandResult
	if cres != nil && len(cres.Commands) > 0 {
		cr = cres.Commands[0]
	}
	if cr != nil {
		res.ExitCode = cr.Code
		res.Stdout = lessons.StripANSI(cr.Stdout)
		res.Stderr = lessons.StripANSI(cr.Stderr)
	}
	mu.Lock()
	res.Truncated = out.truncated || errw.truncated
	mu.Unlock()
	if res.Truncated {
		if len(res.Stdout) > o.MaxOutput {
			res.Stdout = res.Stdout[:o.MaxOutput]
		}
		if len(res.Stderr) > o.MaxOutput {
			res.Stderr = res.Stderr[:o.MaxOutput]
		}
		res.Stderr += o.CutNote
	}
	res.Output = joinOutput(res.Stdout, res.Stderr)
	if cr != nil {
		// Every file the command reported writing into the folder (the
		// runner read each back from there).
		for _, f := range cr.Files {
			ref := FileRef{Name: f.Name, Bytes: len(f.Data)}
			if o.FileURL != nil {
				ref.URL = o.FileURL(f.Name)
			} else {
				ref.Data = f.Data
			}
			res.Files = append(res.Files, ref)
			if f.IsPicture() {
				res.SVGs = append(res.SVGs, Picture{Name: f.Name, Caption: f.Name, URL: ref.URL})
			}
		}
		if svg, err := lessons.BoardPicture(cr); err == nil && svg != nil {
			res.SVGs = append(res.SVGs, Picture{Name: "board.svg", Caption: cr.FEN, SVG: string(svg)})
		}
		if !res.Truncated {
			view := *cr
			view.Stdout, view.Stderr = res.Stdout, res.Stderr
			if html, err := lessons.OutputHTML(&view, o.IDPrefix); err == nil {
				res.HTML = string(html)
			}
		}
	}
	res.Error = ExitError(res)
	return res, cr
}

func joinOutput(stdout, stderr string) string {
	if stderr == "" {
		return stdout
	}
	if stdout != "" && !strings.HasSuffix(stdout, "\n") {
		return stdout + "\n" + stderr
	}
	return stdout + stderr
}

// ExitError is the error of a run that exited non-zero: its error line,
// or its exit status when it printed none; nil for a run that succeeded.
func ExitError(res *Result) *Error {
	if res.ExitCode == 0 {
		return nil
	}
	msg := strings.TrimSpace(res.Stderr)
	if msg == "" {
		msg = fmt.Sprintf("the command failed with exit status %d", res.ExitCode)
	}
	return &Error{Code: "exit_status", Message: strings.Join(strings.Fields(msg), " ")}
}

// SafeRun is run with a panic turned into an error line and exit status
// 70 (internal error); report, when not nil, receives the panic.
func SafeRun(run lessons.RunFunc, report func(inv lessons.Invocation, v any)) lessons.RunFunc {
	return func(inv lessons.Invocation) (out lessons.Outcome) {
		defer func() {
			if v := recover(); v != nil {
				if report != nil {
					report(inv, v)
				}
				fmt.Fprintf(inv.Stderr, "plylab: internal error: the command crashed (%v); please report this\n", v)
				out = lessons.Outcome{Code: 70}
			}
		}()
		return run(inv)
	}
}

// Stopped is the error of a run stopped with the Stop button.
func Stopped(more string, elapsedMS float64) *Error {
	return &Error{Code: "stopped", Message: "stopped " + RanFor(elapsedMS) + ": you pressed Stop" + more + "; the output above is what the command printed until then"}
}

// RanFor says how long a stopped command ran: "after 1.02 s", "after
// 350 ms".
func RanFor(elapsedMS float64) string {
	if elapsedMS < 1000 {
		return fmt.Sprintf("after %.0f ms", elapsedMS)
	}
	return fmt.Sprintf("after %.2f s", elapsedMS/1000)
}
