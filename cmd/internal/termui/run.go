package termui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/plylab/plylab/engine/app/play"
	"github.com/plylab/plylab/engine/kit/textfmt/ansi"
	"golang.org/x/term"
)

// Start plays s on stdin and stdout: with the arrow-key board (Run) when
// both are terminal files (outTerminal says whether stdout counts as a
// terminal, as the caller's output layer decides), else line by line
// (RunLines), echoing the input when stdin is not a terminal.
func Start(ctx context.Context, s *play.Session, stdin io.Reader, stdout io.Writer, outTerminal bool, th Theme) error {
	in, inOK := stdin.(*os.File)
	out, outOK := stdout.(*os.File)
	inTTY := inOK && term.IsTerminal(int(in.Fd()))
	if inTTY && outOK && outTerminal {
		return Run(ctx, s, in, out, th)
	}
	// Over a pipe the input is not echoed by a terminal: echo it, so the
	// transcript reads like a session. On a terminal in line mode it is.
	return s.RunLines(ctx, stdin, !inTTY)
}

// Run plays s on a terminal in raw mode: the board is redrawn with a
// cursor after every key, messages scroll under it, and commands run on
// a worker goroutine so the screen stays live (and Ctrl-C works) while
// the engine thinks. The terminal is restored on every way out; the last
// messages are left on the normal screen. Where in cannot be put in raw
// mode it plays line by line.
func Run(ctx context.Context, s *play.Session, in, out *os.File, th Theme) error {
	fd := int(in.Fd())
	old, err := term.MakeRaw(fd)
	if err != nil {
		return s.RunLines(ctx, in, false)
	}
	log := &ScreenLog{}
	s.SetOutput(log, false)
	// Alternate screen: the shell's screen comes back unchanged on exit.
	fmt.Fprint(out, ansi.AltScreenOn)
	defer func() {
		fmt.Fprint(out, ansi.AltScreenOff)
		term.Restore(fd, old)
		for _, l := range log.Tail(6) {
			fmt.Fprintln(out, l)
		}
	}()

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	redraw := make(chan struct{}, 1)
	s.SetNotify(func() {
		select {
		case redraw <- struct{}{}:
		default:
		}
	})
	keys := make(chan Key, 64)
	go func() {
		defer close(keys)
		buf := make([]byte, 256)
		for {
			n, err := in.Read(buf)
			for _, k := range ParseKeys(buf[:n]) {
				keys <- k
			}
			if err != nil {
				return
			}
		}
	}()

	type jobResult struct {
		quit bool
		err  error
	}
	done := make(chan jobResult, 1)
	busy := false
	run := func(f func() (bool, error)) {
		busy = true
		go func() {
			q, err := f()
			done <- jobResult{q, err}
		}()
	}
	stop := func() error {
		cancel()
		if busy {
			<-done
		}
		return nil
	}
	st := NewCursor(s.Human())
	title := Title(s)
	run(func() (bool, error) { return false, s.Begin(ctx) })
	for {
		width, height := 80, 24
		if w, h, err := term.GetSize(int(out.Fd())); err == nil {
			width, height = w, h
		}
		fmt.Fprint(out, Screen(th, Frame{Title: title, View: s.Snapshot(), Cursor: st, Busy: busy, Log: log, Width: width, Height: height}))
		select {
		case <-ctx.Done():
			if busy {
				<-done
			}
			return ctx.Err()
		case <-redraw:
		case r := <-done:
			busy = false
			if r.err != nil || r.quit {
				return r.err
			}
		case k, ok := <-keys:
			if !ok {
				return stop()
			}
			v := s.Snapshot()
			if busy {
				v.CanMove = false
			}
			var act Action
			st, act = st.HandleKey(k, v)
			switch {
			case act.Quit:
				return stop()
			case act.Command != "" && busy:
				st.Note = "wait: plylab is thinking"
				st.Input = act.Command
			case act.Command != "":
				cmd := act.Command
				fmt.Fprintf(log, "> %s\n", cmd)
				run(func() (bool, error) {
					q, err := s.Handle(ctx, cmd)
					if errors.Is(err, context.Canceled) {
						return true, nil
					}
					return q, err
				})
			}
		}
	}
}
