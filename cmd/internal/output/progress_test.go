package output

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestProgressOffWritesNothing(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	p := NewProgress(&b, false)
	p.Update("step %d", 1)
	p.Done()
	bar := NewBar(&b, false, 4, "games")
	bar.Step(2, "status")
	bar.Done()
	if b.Len() != 0 {
		t.Errorf("wrote %q with progress off", b.String())
	}
}

func TestProgressLine(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	p := NewProgress(&b, true)
	p.Update("perft depth %d: %d/%d", 5, 3, 20)
	p.Update("perft depth %d: %d/%d", 5, 4, 20) // within 100 ms: not drawn
	p.Done()
	p.Done()
	if got, want := b.String(), "\r\x1b[Kperft depth 5: 3/20\r\x1b[K"; got != want {
		t.Errorf("progress wrote %q, want %q", got, want)
	}
}

func TestProgressDoneWithoutUpdate(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	p := NewProgress(&b, true)
	p.Done()
	if b.Len() != 0 {
		t.Errorf("Done with nothing drawn wrote %q", b.String())
	}
}

func TestBar(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	bar := NewBar(&b, true, 4, "games")
	bar.Step(2, "+1 =1 -0")
	bar.Done()
	bar.Done()
	bar.Step(3, "late") // after Done: not drawn
	lines := strings.Split(b.String(), "\r\x1b[K")
	// "", the first draw, the step and the final clear (""); the ticker
	// may add draws of the step's line in between on a slow machine.
	if len(lines) < 4 || lines[0] != "" || lines[len(lines)-1] != "" {
		t.Fatalf("bar wrote %q", b.String())
	}
	if want := "[........................] 0/4 games    "; !strings.HasPrefix(lines[1], want) {
		t.Errorf("first draw %q, want prefix %q", lines[1], want)
	}
	if want := "[############............] 2/4 games  +1 =1 -0  "; !strings.HasPrefix(lines[2], want) || !strings.HasSuffix(lines[2], " left") {
		t.Errorf("step draw %q, want prefix %q and an estimate of the time left", lines[2], want)
	}
}

func TestFormatClock(t *testing.T) {
	t.Parallel()
	for d, want := range map[time.Duration]string{
		0:                      "0:00",
		7 * time.Second:        "0:07",
		754 * time.Second:      "12:34",
		3723 * time.Second:     "1:02:03",
		59*time.Second + 600e6: "1:00",
	} {
		if got := FormatClock(d); got != want {
			t.Errorf("FormatClock(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestColorOn(t *testing.T) {
	t.Parallel()
	env := func(kv map[string]string) func(string) string { return func(k string) string { return kv[k] } }
	yes := func() bool { return true }
	no := func() bool { return false }
	for _, tt := range []struct {
		name, mode string
		term       func() bool
		env        map[string]string
		want       bool
	}{
		{"auto on a terminal", "auto", yes, nil, true},
		{"empty mode is auto", "", yes, nil, true},
		{"auto to a pipe", "auto", no, nil, false},
		{"auto with NO_COLOR", "auto", yes, map[string]string{"NO_COLOR": "1"}, false},
		{"auto with TERM=dumb", "auto", yes, map[string]string{"TERM": "dumb"}, false},
		{"always to a pipe", "always", no, map[string]string{"NO_COLOR": "1"}, true},
		{"never on a terminal", "never", yes, nil, false},
	} {
		got, err := ColorOn(tt.mode, tt.term, env(tt.env))
		if err != nil || got != tt.want {
			t.Errorf("%s: ColorOn = %v, %v; want %v", tt.name, got, err, tt.want)
		}
	}
	if _, err := ColorOn("purple", yes, env(nil)); err == nil || err.Error() != `unknown color mode "purple"; use --color auto, always or never` {
		t.Errorf("ColorOn(purple) error = %v", err)
	}
}

func TestPainter(t *testing.T) {
	t.Parallel()
	if got := (Painter{}).Paint(StyleBad, "FAIL"); got != "FAIL" {
		t.Errorf("colour off: %q", got)
	}
	if got := (Painter{On: true}).Paint(StyleBad, "FAIL"); got != "\x1b[31mFAIL\x1b[0m" {
		t.Errorf("colour on: %q", got)
	}
	if got := (Painter{On: true}).SGR("1;32", "ok"); got != "\x1b[1;32mok\x1b[22;0m" {
		t.Errorf("SGR: %q", got)
	}
	if got := (Painter{On: true}).Paint(StyleNone, "x"); got != "x" {
		t.Errorf("StyleNone: %q", got)
	}
}
