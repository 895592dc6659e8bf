package play

import (
	"bufio"
	"context"
	"io"
)

// RunLines plays reading one command a line from in until quit, the end
// of the input or the end of ctx. echo writes each line after the prompt
// (over a pipe nothing else shows what was typed).
func (s *Session) RunLines(ctx context.Context, in io.Reader, echo bool) error {
	lines := make(chan string)
	done := make(chan struct{})
	defer close(done)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(in)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-done:
				return
			}
		}
	}()
	if err := s.Begin(ctx); err != nil {
		return err
	}
	for {
		s.printf("%s", s.Prompt())
		select {
		case <-ctx.Done():
			s.printf("\n")
			return ctx.Err()
		case line, ok := <-lines:
			if !ok {
				s.printf("\n")
				return nil
			}
			if echo {
				s.printf("%s\n", line)
			}
			quit, err := s.Handle(ctx, line)
			if err != nil || quit {
				return err
			}
		}
	}
}
