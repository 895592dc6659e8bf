package tune

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/plylab/plylab/engine/app/extengine"
	"github.com/plylab/plylab/engine/board"
)

// Labels from a deeper search.
//
// A game's result is a noisy label for the positions in it: a position
// that was winning at move 20 is labelled a loss when a blunder at move 60
// lost the game, and a game of weak play is full of such blunders. Texel's
// method copes with noise by averaging over very many games. A deeper
// search is another label: what a strong engine, searching each position,
// expects the result to be. It is far less noisy, so far fewer positions
// give the same fit. The labeller asks an external UCI engine that reports
// its expected result (win, draw and loss per mille: the "wdl" of
// Stockfish's UCI_ShowWDL) for each quiet position at a fixed depth, and
// the training label becomes a blend: (1 − w) × game result + w × the
// engine's expected score. The search is deterministic: one thread, a new
// game (cleared hash) before every position, a fixed depth.

// Labeller gives a position an expected result for White from a search:
// 1 a certain win, 0.5 a draw, 0 a certain loss.
type Labeller interface {
	Label(ctx context.Context, b *board.Board) (float64, error)
}

// ErrNoWDL is the error for a label engine whose search reports no
// win-draw-loss estimate.
var ErrNoWDL = errors.New("the label engine reports no win/draw/loss estimate (wdl); use an engine with UCI_ShowWDL, such as Stockfish 12 or later")

// ErrNotUCI is wrapped by the error for a label engine that does not
// complete the UCI handshake (uci, isready).
var ErrNotUCI = extengine.ErrNotUCI

// labelTimeout bounds each search of the label engine: a fixed-depth
// search that has not ended by then has hung.
const labelTimeout = 60 * time.Second

// labelStartTimeout bounds the engine's handshake (uci, isready).
const labelStartTimeout = 10 * time.Second

// UCILabeller labels positions with an external UCI engine searching to a
// fixed depth. Labels it computed or read are kept in a cache file (FEN,
// tab, label), so a second run on the same games searches nothing.
type UCILabeller struct {
	Depth int
	proc  *extengine.UCI
	cache map[string]float64
	save  *os.File
	// path is the engine as given; started says whether start ran (its
	// error, if any, is startErr).
	path     string
	started  bool
	startErr error
	// Searched is how many positions the engine searched; Cached how many
	// labels came from the cache.
	Searched, Cached int
}

// StartUCILabeller prepares the engine at path (one thread, a small hash,
// win-draw-loss reports on) for searches to depth, with labels cached in
// cachePath ("" for no cache). The engine itself starts at the first
// position the cache does not hold, so a run whose labels are all cached
// never starts it (and cannot be slowed or stopped by its start-up).
func StartUCILabeller(ctx context.Context, path string, depth int, cachePath string) (*UCILabeller, error) {
	if depth < 1 || depth > 40 {
		return nil, fmt.Errorf("label depth %d is out of range; give 1 to 40", depth)
	}
	if _, err := exec.LookPath(path); err != nil {
		return nil, fmt.Errorf("%q not found: %w", path, err)
	}
	l := &UCILabeller{Depth: depth, cache: map[string]float64{}, path: path}
	if cachePath != "" {
		if err := l.readCache(cachePath); err != nil {
			return nil, err
		}
		var err error
		if l.save, err = os.OpenFile(cachePath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644); err != nil {
			return nil, fmt.Errorf("cannot write the label cache: %w", err)
		}
	}
	return l, nil
}

// start starts the engine and completes the UCI handshake.
func (l *UCILabeller) start(ctx context.Context) error {
	var err error
	l.proc, err = extengine.StartUCI(ctx, extengine.UCIConfig{Path: l.path, Setup: []string{"setoption name Threads value 1",
		"setoption name Hash value 4", "setoption name UCI_ShowWDL value true"}, StartTimeout: labelStartTimeout})
	return err
}

// readCache loads the labels of an existing cache file.
func (l *UCILabeller) readCache(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("cannot read the label cache: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		fen, val, ok := strings.Cut(sc.Text(), "\t")
		v, err := strconv.ParseFloat(val, 64)
		if !ok || err != nil || v < 0 || v > 1 {
			return fmt.Errorf("label cache %s, line %d: want FEN, a tab and a label from 0 to 1", path, n)
		}
		l.cache[fen] = v
	}
	return sc.Err()
}

// Label searches b to the labeller's depth and returns White's expected
// score from the engine's last win-draw-loss report.
func (l *UCILabeller) Label(ctx context.Context, b *board.Board) (float64, error) {
	fen := b.FEN()
	if v, ok := l.cache[fen]; ok {
		l.Cached++
		return v, nil
	}
	if !l.started {
		l.started = true
		l.startErr = l.start(ctx)
	}
	if l.startErr != nil {
		return 0, l.startErr
	}
	for _, c := range []string{"ucinewgame", "position fen " + fen, "go depth " + strconv.Itoa(l.Depth)} {
		if err := l.proc.Send(c); err != nil {
			return 0, err
		}
	}
	wdl, seen := [3]int{}, false
	_, err := l.proc.ReadUntil(ctx, labelTimeout, "bestmove", func(line string) {
		if w, ok := parseWDL(line); ok {
			wdl, seen = w, true
		}
	})
	if err != nil {
		return 0, err
	}
	if !seen {
		return 0, ErrNoWDL
	}
	v := ExpectedScore(wdl, b.Side())
	l.Searched++
	l.cache[fen] = v
	if l.save != nil {
		if _, err := fmt.Fprintf(l.save, "%s\t%.4f\n", fen, v); err != nil {
			return 0, err
		}
	}
	return v, nil
}

// ExpectedScore turns a win-draw-loss report (per mille, from the side
// to move's view) into White's expected score, rounded to 4 decimals as
// the cache stores it.
func ExpectedScore(wdl [3]int, side board.Color) float64 {
	total := wdl[0] + wdl[1] + wdl[2]
	if total <= 0 {
		return 0.5
	}
	v := (float64(wdl[0]) + float64(wdl[1])/2) / float64(total)
	if side == board.Black {
		v = 1 - v
	}
	return math.Round(v*1e4) / 1e4
}

// parseWDL reads "wdl W D L" from a UCI info line of the first principal
// variation (lines of other variations and bound scores are skipped).
func parseWDL(line string) ([3]int, bool) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return [3]int{}, false
	}
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "multipv":
			if i+1 < len(f) && f[i+1] != "1" {
				return [3]int{}, false
			}
		case "lowerbound", "upperbound", "string":
			return [3]int{}, false
		case "pv":
			return [3]int{}, false
		case "wdl":
			if i+3 >= len(f) {
				return [3]int{}, false
			}
			var w [3]int
			for j := range w {
				n, err := strconv.Atoi(f[i+1+j])
				if err != nil || n < 0 {
					return [3]int{}, false
				}
				w[j] = n
			}
			return w, true
		}
	}
	return [3]int{}, false
}

// Close ends the engine and closes the cache.
func (l *UCILabeller) Close() error {
	if l.proc != nil {
		l.proc.Close()
	}
	if l.save != nil {
		return l.save.Close()
	}
	return nil
}
