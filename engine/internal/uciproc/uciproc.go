// Package uciproc runs an external UCI engine as a child process: start it
// and complete the handshake, send commands, read its lines until one
// that is awaited, and stop it. The labellers of engine/tune and
// engine/datagen talk to Stockfish through it.
package uciproc

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"
)

// ErrNotUCI is the error for a program that does not complete the UCI
// handshake (uci, isready).
var ErrNotUCI = errors.New("does not answer as a UCI engine")

// ErrEnded is the error for an engine whose output ended.
var ErrEnded = errors.New("the engine ended")

// Proc is a running engine.
type Proc struct {
	path  string
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

// Start starts the engine at path, sends "uci", then each of setup (such
// as "setoption name Threads value 1"), then "isready", and waits up to
// timeout for "readyok". A program that does not answer is an error
// wrapping ErrNotUCI.
func Start(ctx context.Context, path string, setup []string, timeout time.Duration) (*Proc, error) {
	exe, err := exec.LookPath(path)
	if err != nil {
		return nil, fmt.Errorf("%q not found: %w", path, err)
	}
	p := &Proc{path: path, cmd: exec.Command(exe), lines: make(chan string, 256)}
	if p.in, err = p.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := p.cmd.Start(); err != nil {
		return nil, fmt.Errorf("cannot start %q: %w", path, err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	// A program that ends at once (no UCI engine) may close its input
	// before these lines are written; the write error is then left for
	// ReadUntil, which reports that the engine ended.
	for _, c := range append(append([]string{"uci"}, setup...), "isready") {
		if p.Send(c) != nil {
			break
		}
	}
	if _, err := p.ReadUntil(ctx, timeout, "readyok", nil); err != nil {
		p.Close()
		return nil, fmt.Errorf("%s %w: %w", path, ErrNotUCI, err)
	}
	return p, nil
}

// Send writes one command line.
func (p *Proc) Send(line string) error {
	_, err := io.WriteString(p.in, line+"\n")
	return err
}

// ReadUntil reads lines until one starts with want and returns it,
// passing every line before it to f (if not nil). It gives up after
// timeout, when ctx ends, or when the engine's output ends (ErrEnded).
func (p *Proc) ReadUntil(ctx context.Context, timeout time.Duration, want string, f func(string)) (string, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-timer.C:
			return "", fmt.Errorf("no %q within %v", want, timeout)
		case line, ok := <-p.lines:
			if !ok {
				return "", ErrEnded
			}
			if strings.HasPrefix(line, want) {
				return line, nil
			}
			if f != nil {
				f(line)
			}
		}
	}
}

// Close sends "quit" and waits a moment for the engine to end, then
// kills it.
func (p *Proc) Close() error {
	if p.in != nil {
		p.Send("quit")
		p.in.Close()
	}
	if p.cmd == nil || p.cmd.Process == nil {
		return nil
	}
	done := make(chan struct{})
	go func() { p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		p.cmd.Process.Kill()
		<-done
	}
	return nil
}
