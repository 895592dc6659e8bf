package output

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/plylab/plylab/engine/kit/textfmt/ansi"
)

// Progress is a transient status line on stderr, drawn only when stderr is
// a terminal (pipes and logs stay clean). It has two shapes: a free status
// line (NewProgress, Update) and a bar of finished units with elapsed time
// and an estimate of the time left (NewBar, Step). Done clears the line.
// Its methods are safe for concurrent use.
type Progress struct {
	w  io.Writer
	on bool

	mu      sync.Mutex
	last    time.Time // last Update draw, for throttling
	written bool      // something is on the line
	closed  bool      // Done has cleared the line: draw no more

	// The bar (NewBar only).
	unit   string
	total  int
	start  time.Time
	done   int
	status string
	quit   chan struct{}
	once   sync.Once
}

// NewProgress returns a status line on w, drawn only when on (pass whether
// w is a terminal).
func NewProgress(w io.Writer, on bool) *Progress {
	return &Progress{w: w, on: on}
}

// Update redraws the status line with the formatted text, at most ten
// times a second.
func (p *Progress) Update(format string, args ...any) {
	if !p.on {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed || time.Since(p.last) < 100*time.Millisecond {
		return
	}
	p.last = time.Now()
	p.drawLocked(fmt.Sprintf(format, args...))
}

// Status is Update with text as is: the Progress callback of the lab's
// runs (func(status string)).
func (p *Progress) Status(text string) { p.Update("%s", text) }

// NewBar returns a progress bar on w for total units named unit (e.g.
// "games"), drawn only when on: "[######..] 3/8 games  status  0:42  ~1:10
// left". It is drawn at once, after each Step and every second until Done.
func NewBar(w io.Writer, on bool, total int, unit string) *Progress {
	p := &Progress{w: w, on: on, unit: unit, total: total, start: time.Now(), quit: make(chan struct{})}
	if !on {
		return p
	}
	p.drawBar()
	go func() {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				p.drawBar()
			case <-p.quit:
				return
			}
		}
	}()
	return p
}

// Step sets the bar's finished units and its status text and redraws it.
func (p *Progress) Step(done int, status string) {
	if !p.on {
		return
	}
	p.mu.Lock()
	p.done = done
	p.status = status
	p.mu.Unlock()
	p.drawBar()
}

func (p *Progress) drawBar() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	const width = 24
	filled := 0
	if p.total > 0 {
		filled = width * p.done / p.total
	}
	elapsed := time.Since(p.start)
	eta := ""
	if p.done > 0 && p.done < p.total {
		left := time.Duration(float64(elapsed) / float64(p.done) * float64(p.total-p.done))
		eta = "  ~" + FormatClock(left) + " left"
	}
	p.drawLocked(fmt.Sprintf("[%s%s] %d/%d %s  %s  %s%s", strings.Repeat("#", filled), strings.Repeat(".", width-filled),
		p.done, p.total, p.unit, p.status, FormatClock(elapsed), eta))
}

// drawLocked replaces the line with text; p.mu is held.
func (p *Progress) drawLocked(text string) {
	fmt.Fprint(p.w, "\r"+ansi.EraseLine+text)
	p.written = true
}

// Done stops the bar's clock and clears the line. Later calls do nothing.
func (p *Progress) Done() {
	p.once.Do(func() {
		if p.quit != nil {
			close(p.quit)
		}
	})
	if !p.on {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.written && !p.closed {
		fmt.Fprint(p.w, "\r"+ansi.EraseLine)
	}
	p.closed = true
}
