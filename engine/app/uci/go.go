package uci

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
)

// goParams are the parameters of one "go" command.
type goParams struct {
	time, inc     [2]time.Duration // by board.Color: wtime/btime, winc/binc
	haveTime      [2]bool
	movesToGo     int
	depth         int
	nodes         uint64
	mate          int
	moveTime      time.Duration
	haveMoveTime  bool
	infinite      bool
	ponder        bool
	searchMoves   []string // the moves after "searchmoves", as given
	searchMovesIn bool     // "searchmoves" was given (perhaps with no move after it)
}

// parseGo reads the parameters of "go". Unknown words are reported in
// warnings and skipped, as the protocol asks; a number that does not parse
// is an error: the caller then searches to depth 1 (guessing the limit
// could mean an endless search; no answer at all would hang the GUI,
// which waits for a bestmove after every go).
func parseGo(args []string) (p goParams, warnings []string, err error) {
	for i := 0; i < len(args); i++ {
		key := args[i]
		num := func() (int64, error) {
			if i+1 >= len(args) {
				return 0, fmt.Errorf("go: %s needs a number", key)
			}
			i++
			n, err := strconv.ParseInt(args[i], 10, 64)
			if err != nil {
				return 0, fmt.Errorf("go: %s needs a number, got %q", key, args[i])
			}
			return n, nil
		}
		var n int64
		switch key {
		case "infinite":
			p.infinite = true
			continue
		case "ponder":
			p.ponder = true
			continue
		case "searchmoves":
			// The moves run to the next keyword; they are checked against
			// the position when the search starts (rootMoves).
			p.searchMovesIn = true
			for i+1 < len(args) && !goKeywords[args[i+1]] {
				i++
				p.searchMoves = append(p.searchMoves, args[i])
			}
			continue
		case "wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate", "movetime":
			if n, err = num(); err != nil {
				return p, warnings, err
			}
		default:
			warnings = append(warnings, fmt.Sprintf("go: ignoring unknown parameter %q", key))
			continue
		}
		ms := time.Duration(n) * time.Millisecond
		switch key {
		case "wtime":
			p.time[board.White], p.haveTime[board.White] = ms, true
		case "btime":
			p.time[board.Black], p.haveTime[board.Black] = ms, true
		case "winc":
			p.inc[board.White] = ms
		case "binc":
			p.inc[board.Black] = ms
		case "movestogo":
			p.movesToGo = int(max(n, 0))
		case "depth":
			if n < 1 {
				return p, warnings, fmt.Errorf("go: depth must be at least 1, got %d", n)
			}
			p.depth = int(min(n, engine.MaxDepth))
		case "nodes":
			if n < 1 {
				return p, warnings, fmt.Errorf("go: nodes must be at least 1, got %d", n)
			}
			p.nodes = uint64(n)
		case "mate":
			if n < 1 {
				return p, warnings, fmt.Errorf("go: mate must be at least 1, got %d", n)
			}
			p.mate = int(min(n, engine.MaxDepth))
		case "movetime":
			p.moveTime, p.haveMoveTime = max(ms, 0), true
		}
	}
	return p, warnings, nil
}

var goKeywords = map[string]bool{
	"wtime": true, "btime": true, "winc": true, "binc": true, "movestogo": true, "depth": true,
	"nodes": true, "mate": true, "movetime": true, "infinite": true, "ponder": true, "searchmoves": true,
}

// limits turns the go parameters into search limits for the side to move
// on b. endless reports a search that does not end by itself in reasonable
// time (infinite, pondering, or no limit at all).
func (p goParams) limits(b *board.Board, overhead time.Duration) (l engine.Limits, endless bool) {
	capDepth := func(d int) {
		if l.Depth == 0 || d < l.Depth {
			l.Depth = d
		}
	}
	if p.depth > 0 {
		capDepth(p.depth)
	}
	if p.mate > 0 {
		// A mate in n moves is 2n−1 plies deep; check extensions let the
		// search see it at that depth.
		capDepth(min(2*p.mate-1, engine.MaxDepth))
	}
	l.Nodes = p.nodes
	side := b.Side()
	if p.haveTime[side] && !p.infinite {
		l.SoftTime, l.MoveTime = TimeLimits(p.time[side], p.inc[side], p.movesToGo, overhead)
		if p.time[side] < lowTime {
			capDepth(lowTimeDepth)
		}
		var ml board.MoveList
		if b.GenerateMoves(&ml); ml.N == 1 {
			// A forced move: finish depth 1 (for a score to show) and play it.
			l.SoftTime = time.Nanosecond
		}
	}
	if p.haveMoveTime && !p.infinite {
		// "Search exactly x ms": the overhead is part of the x.
		mt := max(p.moveTime-overhead, time.Millisecond)
		if l.MoveTime == 0 || mt < l.MoveTime {
			l.MoveTime = mt
		}
	}
	endless = p.infinite || p.ponder || (l.Depth == 0 && l.Nodes == 0 && l.MoveTime == 0)
	return l, endless
}

// job is one search started by "go". Its goroutine searches, then waits
// until it may report (at once for a normal search; after "stop" or
// "ponderhit" for "go infinite" and "go ponder", which must not send
// bestmove before), writes bestmove and closes done.
type job struct {
	cancel    context.CancelFunc
	releaseCh chan struct{}
	once      sync.Once
	done      chan struct{}
	endless   bool

	ponderHit chan struct{} // "go ponder": closed at the ponderhit; nil for other searches
	hitOnce   sync.Once
}

// release allows the job to send its bestmove when its search is done.
func (j *job) release() { j.once.Do(func() { close(j.releaseCh) }) }

// ponderhit turns a pondering search into a normal one: its clock starts
// now (engine.Limits.PonderHit), and it reports its move when done.
func (j *job) ponderhit() {
	j.hitOnce.Do(func() { close(j.ponderHit) })
	j.release()
}

// stop ends the search now and lets it report its best move so far.
func (j *job) stop() {
	j.cancel()
	j.release()
}

// goCmd handles "go": it parses the limits, consults the book, and starts
// the search in its own goroutine, so the reader keeps reading.
func (s *session) goCmd(args []string) {
	start := time.Now() // the clock runs from the command, not from the search
	p, warnings, err := parseGo(args)
	for _, w := range warnings {
		s.infof("%s", w)
	}
	if err != nil {
		// A GUI waits for the bestmove of every go: answer even a go that
		// cannot be read, with the quickest search that finds a legal move.
		s.infof("%v; searching to depth 1 instead", err)
		p = goParams{depth: 1}
	}
	// A GUI sends stop before a new go; if it did not, the old search is
	// stopped here and reports its move first.
	s.stopSearch()
	s.prepare()

	b := s.board.Copy() // the search's own board: "position" may come while it runs
	limits, endless := p.limits(b, s.set.overhead)
	limits.MultiPV = s.set.multiPV
	if p.searchMovesIn {
		limits.RootMoves = s.rootMoves(b, p.searchMoves)
	}
	hold := p.infinite || p.ponder
	var ponderHit chan struct{}
	if p.ponder {
		// Pondering: no clock until the ponderhit, which starts it.
		ponderHit = make(chan struct{})
		limits.PonderHit = ponderHit
	}

	// The book is for play: not while pondering or analysing, and not
	// when the GUI restricts the moves (the book's move may not be one).
	if s.book != nil && !hold && len(limits.RootMoves) == 0 {
		if m, ok := s.book.Pick(b, s.rng); ok && b.IsLegal(m) {
			s.infof("book move %s", m)
			s.out.printf("bestmove %s", m)
			return
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	j := &job{cancel: cancel, releaseCh: make(chan struct{}), done: make(chan struct{}), endless: endless, ponderHit: ponderHit}
	if !hold {
		j.release()
	}
	s.job = j
	searcher, out := s.searcher, s.out
	go func() {
		defer close(j.done)
		defer cancel()
		res := search(ctx, searcher, b, limits, start, out)
		<-j.releaseCh
		out.printf("%s", bestMoveLine(res, searcher.PonderMove(b, res)))
	}()
}

// search runs the engine and reports each iteration on an info line. A
// position without legal moves is reported at once (score mate 0 for
// checkmate, cp 0 for stalemate), as other engines do.
func search(ctx context.Context, sr *engine.Searcher, b *board.Board, l engine.Limits, start time.Time, out *output) engine.Result {
	if !b.HasLegalMove() {
		if b.InCheck() {
			out.printf("info depth 0 score mate 0")
		} else {
			out.printf("info depth 0 score cp 0")
		}
		return engine.Result{}
	}
	// Time already spent since "go" (a new hash table, a book lookup)
	// counts against the limits.
	spent := time.Since(start)
	if l.MoveTime > 0 {
		l.MoveTime = max(l.MoveTime-spent, time.Millisecond)
	}
	if l.SoftTime > 0 {
		l.SoftTime = max(l.SoftTime-spent, time.Nanosecond)
	}
	return sr.Search(ctx, b, l, nil, func(it engine.Iteration) {
		out.lines(infoLines(it, sr.Hashfull()))
	})
}

// rootMoves reads the moves of "go searchmoves" on b, each once. A move
// that is not legal there is named on an info string line and left out;
// when none is left the search takes every move, and says so (a GUI
// waits for a bestmove, and any legal move answers better than none).
func (s *session) rootMoves(b *board.Board, names []string) []board.Move {
	var moves []board.Move
	var bad []string
	for _, name := range names {
		m, err := b.ParseMove(name)
		if err != nil {
			bad = append(bad, name)
			continue
		}
		if !slices.Contains(moves, m) {
			moves = append(moves, m)
		}
	}
	if len(bad) > 0 {
		s.infof("go: searchmoves: ignoring %s: not legal in this position", strings.Join(bad, ", "))
	}
	if len(moves) == 0 {
		s.infof("go: searchmoves names no legal move; searching all moves")
	}
	return moves
}

// infoLines formats one completed iteration, a line per principal
// variation (several under MultiPV, best first):
//
//	info depth 6 seldepth 14 multipv 1 score cp 31 nodes 50213 nps 1210000 hashfull 3 time 41 pv e2e4 e7e5 g1f3
//	info depth 6 seldepth 14 multipv 2 score cp 24 nodes 50213 nps 1210000 hashfull 3 time 41 pv d2d4 d7d5 c2c4
func infoLines(it engine.Iteration, hashfull int) []string {
	lines := it.PVLines()
	out := make([]string, len(lines))
	for k, l := range lines {
		out[k] = infoLine(it, k+1, l, hashfull)
	}
	return out
}

// infoLine formats line k (from 1) of iteration it.
func infoLine(it engine.Iteration, k int, line engine.Line, hashfull int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d seldepth %d multipv %d score %s", it.Depth, it.SelDepth, k, scoreString(line.Score))
	switch line.Bound {
	case engine.Lower:
		b.WriteString(" lowerbound")
	case engine.Upper:
		b.WriteString(" upperbound")
	}
	nps := uint64(0)
	if it.Elapsed > 0 {
		nps = uint64(float64(it.Nodes) / it.Elapsed.Seconds())
	}
	fmt.Fprintf(&b, " nodes %d nps %d hashfull %d time %d", it.Nodes, nps, hashfull, it.Elapsed.Milliseconds())
	if len(line.PV) > 0 {
		b.WriteString(" pv")
		for _, m := range line.PV {
			b.WriteString(" " + m.String())
		}
	}
	return b.String()
}

// scoreString is a score in UCI terms: "cp 31", or "mate 3" / "mate -2"
// (moves, not plies; negative when the engine is being mated).
func scoreString(score int) string {
	if engine.IsMate(score) {
		return fmt.Sprintf("mate %d", engine.MateIn(score))
	}
	return fmt.Sprintf("cp %d", score)
}

// bestMoveLine is "bestmove <move> [ponder <reply>]", or "bestmove 0000"
// when there is no legal move. The ponder move is the expected reply
// (Searcher.PonderMove: the second move of the principal variation, or
// the table's move after the best one), left out when there is none.
func bestMoveLine(res engine.Result, ponder board.Move) string {
	if res.BestMove == board.NoMove {
		return "bestmove 0000"
	}
	line := "bestmove " + res.BestMove.String()
	if ponder != board.NoMove {
		line += " ponder " + ponder.String()
	}
	return line
}
