package datagen

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/plylab/plylab/engine/app/extengine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/nnue"
)

// Labels from a teacher.
//
// The scores in self-play records are the engine's own searches: a
// network trained on them learns what this engine's evaluation and search
// already know, a little better. A far stronger engine can label the same
// positions instead, and the network then learns its judgement: "knowledge
// distillation", a small model trained on a large one's outputs. Relabel
// asks an external engine for each position's score, either its static
// evaluation (Stockfish's "eval" command, thousands of positions a second)
// or a search to a fixed depth (any UCI engine's "score cp"), and writes
// the records again with that score; the game's result stays.

// LabelOptions configure Relabel.
type LabelOptions struct {
	Engine      string // the teacher's path, e.g. /usr/games/stockfish
	Depth       int    // search each position to Depth; 0: Stockfish's static evaluation ("eval")
	Concurrency int    // teacher processes at once (default 1)
	// Progress, if not nil, is called every 1000 positions with the
	// number done (from the goroutine that called Relabel).
	Progress func(done int)
}

// LabelSummary counts what Relabel did.
type LabelSummary struct {
	Labelled int           // records given the teacher's score
	Dropped  int           // records the teacher gave no score (a mate, a check)
	Elapsed  time.Duration // since Relabel started
}

// ErrNoScore is returned when the teacher answers without a score Relabel
// can read (not Stockfish, for the static evaluation).
var ErrNoScore = errors.New("the teacher engine gave no score; for its static evaluation it must be Stockfish (its eval command), or give a depth")

// ErrNotUCI is wrapped by the error for a teacher that does not complete
// the UCI handshake.
var ErrNotUCI = extengine.ErrNotUCI

// labelTimeout bounds one answer of the teacher.
const labelTimeout = 60 * time.Second

// maxTeacherScore drops positions the teacher scores beyond it (in
// centipawns): they are won or lost, and their exact score means little.
const maxTeacherScore = 10000

// Relabel returns records with each score replaced by the teacher's, in
// the order given; the records the teacher gave no score are dropped.
// Cancelling ctx stops it: the records labelled before are returned with
// ctx's error.
func Relabel(ctx context.Context, records []nnue.Record, opts LabelOptions) ([]nnue.Record, LabelSummary, error) {
	start := time.Now()
	if opts.Concurrency <= 0 {
		opts.Concurrency = 1
	}
	if opts.Depth < 0 || opts.Depth > 40 {
		return nil, LabelSummary{}, fmt.Errorf("depth %d: expected 0 (static evaluation) to 40", opts.Depth)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	scores := make([]int32, len(records))
	ok := make([]bool, len(records))
	done := make([]bool, len(records))
	var mu sync.Mutex
	var firstErr error
	var wg sync.WaitGroup
	next := make(chan int, 1024)
	go func() {
		defer close(next)
		for i := range records {
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	progress := make(chan struct{}, 1024)
	for range opts.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// fail keeps the first error and stops the other workers.
			fail := func(err error) {
				mu.Lock()
				if firstErr == nil {
					firstErr = err
				}
				mu.Unlock()
				cancel()
			}
			t, err := startTeacher(ctx, opts.Engine)
			if err != nil {
				fail(err)
				return
			}
			defer t.Close()
			for i := range next {
				s, got, err := t.score(ctx, &records[i], opts.Depth)
				if err != nil {
					fail(err)
					return
				}
				scores[i], ok[i], done[i] = int32(s), got, true
				select {
				case progress <- struct{}{}:
				default:
				}
			}
		}()
	}
	go func() { wg.Wait(); close(progress) }()
	n := 0
	for range progress {
		n++
		if opts.Progress != nil && n%1000 == 0 {
			opts.Progress(n)
		}
	}
	var out []nnue.Record
	var sum LabelSummary
	for i := range records {
		if !done[i] {
			break // labelled in order up to here: a stopped run keeps its prefix
		}
		if !ok[i] {
			sum.Dropped++
			continue
		}
		r := records[i]
		r.SetScore(int(scores[i]))
		out = append(out, r)
		sum.Labelled++
	}
	sum.Elapsed = time.Since(start)
	if firstErr == nil && ctx.Err() != nil {
		firstErr = context.Cause(ctx)
	}
	if firstErr == nil && sum.Labelled+sum.Dropped < len(records) {
		firstErr = context.Canceled
	}
	return out, sum, firstErr
}

// teacher is one running teacher engine.
type teacher struct{ p *extengine.UCI }

func startTeacher(ctx context.Context, path string) (*teacher, error) {
	p, err := extengine.StartUCI(ctx, extengine.UCIConfig{Path: path,
		Setup: []string{"setoption name Threads value 1", "setoption name Hash value 16"}, StartTimeout: 10 * time.Second})
	if err != nil {
		return nil, err
	}
	return &teacher{p: p}, nil
}

func (t *teacher) Close() { t.p.Close() }

// score asks for r's score in centipawns from White's point of view; ok
// is false when the teacher has none (a mate, a check, a score beyond
// maxTeacherScore).
func (t *teacher) score(ctx context.Context, r *nnue.Record, depth int) (white int, ok bool, err error) {
	b, err := r.Board()
	if err != nil {
		return 0, false, err
	}
	if err := t.p.Send("position fen " + b.FEN()); err != nil {
		return 0, false, err
	}
	if depth == 0 {
		if err := t.p.Send("eval"); err != nil {
			return 0, false, err
		}
		line, err := t.p.ReadUntilFunc(ctx, labelTimeout, func(l string) bool { return strings.HasPrefix(l, "Final evaluation") }, nil)
		if err != nil {
			return 0, false, fmt.Errorf("%w (%v)", ErrNoScore, err)
		}
		v, ok := ParseStaticEval(line)
		return v, ok && abs(v) <= maxTeacherScore, nil
	}
	for _, c := range []string{"ucinewgame", "go depth " + strconv.Itoa(depth)} {
		if err := t.p.Send(c); err != nil {
			return 0, false, err
		}
	}
	cp, mate, seen := 0, false, false
	if _, err := t.p.ReadUntil(ctx, labelTimeout, "bestmove", func(line string) {
		if v, m, ok := parseScore(line); ok {
			cp, mate, seen = v, m, true
		}
	}); err != nil {
		return 0, false, err
	}
	if !seen {
		return 0, false, ErrNoScore
	}
	if b.Side() == board.Black {
		cp = -cp
	}
	return cp, !mate && abs(cp) <= maxTeacherScore, nil
}

// ParseStaticEval reads Stockfish's "Final evaluation +0.25 (white side)"
// line, in pawns from White's point of view, as centipawns. A position in
// check ("none") has no evaluation.
func ParseStaticEval(line string) (int, bool) {
	f := strings.Fields(strings.TrimPrefix(line, "Final evaluation"))
	if len(f) == 0 {
		return 0, false
	}
	v, err := strconv.ParseFloat(f[0], 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false
	}
	return int(math.Round(v * 100)), true
}

// parseScore reads the score of an "info" line of the first principal
// variation: centipawns, or a mate; bounds are skipped.
func parseScore(line string) (cp int, mate, ok bool) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return 0, false, false
	}
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "multipv":
			if i+1 < len(f) && f[i+1] != "1" {
				return 0, false, false
			}
		case "string", "lowerbound", "upperbound":
			return 0, false, false
		case "score":
			if i+2 >= len(f) {
				return 0, false, false
			}
			n, err := strconv.Atoi(f[i+2])
			if err != nil {
				return 0, false, false
			}
			switch f[i+1] {
			case "cp":
				cp, ok = n, true
			case "mate":
				mate, ok = true, true
			}
			for _, g := range f[i+3:] {
				if g == "lowerbound" || g == "upperbound" {
					return 0, false, false
				}
			}
			return cp, mate, ok
		}
	}
	return 0, false, false
}
