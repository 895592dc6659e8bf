package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
)

// Book is an opening book: given a position, it picks one of its moves
// (at random among the book's moves, weighted as the book says), or
// reports false when the position is not in the book. plylab's engine/app/book
// package provides one; the interface keeps this package independent of it.
type Book interface {
	Pick(b *board.Board, rng *rand.Rand) (board.Move, bool)
}

// BookOpener adapts a function that opens a concrete book type (such as
// engine/app/book's Open) to Config.OpenBook. On error the opener returns a
// nil Book, not a nil pointer inside a non-nil interface.
func BookOpener[B Book](open func(path string) (B, error)) func(path string) (Book, error) {
	return func(path string) (Book, error) {
		bk, err := open(path)
		if err != nil {
			return nil, err
		}
		return bk, nil
	}
}

// Config identifies the engine and sets the starting values of its
// options. The zero value works: every empty field takes the default
// shown beside it.
type Config struct {
	Name    string // "id name" is Name and Version: default "plylab"
	Version string // e.g. "0.1.0"; may be empty
	Author  string // "id author"; default "the plylab authors"

	HashMB       int           // Hash option: transposition table size (default 64 MB)
	MoveOverhead time.Duration // Move Overhead option (default 30 ms; negative means 0)
	OwnBook      bool          // OwnBook option (default false: the GUI's book, if any, is used)
	BookFile     string        // BookFile option (default /usr/share/games/gnuchess/book.bin)

	// OpenBook opens the opening book at path, for OwnBook. When nil the
	// engine has no book support and says so if OwnBook is switched on.
	OpenBook func(path string) (Book, error)
	// Seed seeds the random choice among book moves; 0 means a random seed.
	Seed uint64
}

func (c Config) withDefaults() Config {
	if c.Name == "" {
		c.Name = defaultEngName
	}
	if c.Author == "" {
		c.Author = "the plylab authors"
	}
	if c.HashMB == 0 {
		c.HashMB = defaultHashMB
	}
	c.HashMB = min(max(c.HashMB, minHashMB), maxHashMB)
	if c.MoveOverhead == 0 {
		c.MoveOverhead = defaultOverMS * time.Millisecond
	}
	c.MoveOverhead = min(max(c.MoveOverhead, 0), maxOverheadMS*time.Millisecond)
	if c.BookFile == "" {
		c.BookFile = defaultBook
	}
	return c
}

// settings are the current values of the options.
type settings struct {
	opts     engine.Options // techniques and evaluation of the full engine
	hashMB   int
	overhead time.Duration
	ownBook  bool
	bookFile string
	multiPV  int  // lines per iteration (MultiPV option)
	ponder   bool // the GUI may send "go ponder" (Ponder option; changes nothing in the search)
}

// session is one UCI conversation. Only the goroutine running Run touches
// its fields; a running search owns its own board copy and searcher and
// talks back only through out, so the reader never waits for it.
type session struct {
	cfg Config
	out *output
	set settings

	board *board.Board // the position from the last "position" command

	searcher      *engine.Searcher
	searcherStale bool // options changed: make a new searcher before the next search
	clearPending  bool // ucinewgame: clear the searcher's tables before the next search

	book      Book
	bookStale bool // OwnBook or BookFile changed: (re)open the book
	rng       *rand.Rand

	job *job // the search running or waiting to report, or nil
}

// output serializes the engine's output: the reader goroutine (readyok,
// info string) and the search goroutine (info, bestmove) both write, and
// each line must reach the GUI whole. The first write error is kept: the
// GUI has gone, and Run ends.
type output struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

// printf writes one line (format without the newline) in a single Write.
func (o *output) printf(format string, args ...any) {
	line := fmt.Sprintf(format, args...) + "\n"
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return
	}
	if _, err := io.WriteString(o.w, line); err != nil {
		o.err = err
	}
}

// lines writes several lines at once (the answer to "uci").
func (o *output) lines(ls []string) { o.printf("%s", strings.Join(ls, "\n")) }

func (o *output) failed() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}

// infof reports something to the GUI (and the person reading the log) on
// an "info string" line: bad input, the book not found. GUIs show it and
// carry on, and so does the engine.
func (s *session) infof(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	s.out.printf("info string %s", strings.Join(strings.Fields(msg), " "))
}

// Run plays the UCI protocol: it reads commands from in, one per line, and
// writes the engine's answers to out, until "quit", the end of in, or the
// cancellation of ctx. At the end of in a search with a depth, node or
// time limit is allowed to finish (so a file of commands can be piped in);
// an infinite search is stopped. Run returns nil after quit or the end of
// the input, ctx's error when ctx was cancelled, and the error of a failed
// write to out (the GUI is gone). Bad commands never end it: they are
// answered with "info string" and ignored.
func Run(ctx context.Context, in io.Reader, out io.Writer, cfg Config) error {
	s := newSession(cfg, out)

	// The reader goroutine keeps reading while a search runs, so "stop"
	// and "isready" are seen at once. It stops at the end of the input;
	// if Run returns first (quit, ctx) it is left blocked on in, which the
	// caller owns (a process exits anyway; tests close their pipe).
	lines := make(chan string)
	readErr := make(chan error, 1)
	quit := make(chan struct{})
	defer close(quit)
	go func() {
		sc := bufio.NewScanner(in)
		// A "position" command of a long game is long: allow 1 MB lines.
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-quit:
				return
			}
		}
		readErr <- sc.Err()
	}()

	for {
		select {
		case <-ctx.Done():
			s.stopSearch()
			return ctx.Err()
		case err := <-readErr:
			// End of input: let a finite search finish, stop an endless one.
			if j := s.job; j != nil {
				if j.endless {
					j.stop()
				}
				select {
				case <-j.done:
				case <-ctx.Done():
					j.stop()
					<-j.done
				}
			}
			if err == nil {
				err = s.out.failed()
			}
			return err
		case line := <-lines:
			if !s.handle(line) {
				s.stopSearch()
				return s.out.failed()
			}
			if err := s.out.failed(); err != nil {
				s.stopSearch()
				return err
			}
		}
	}
}

// newSession makes a session with the options at their defaults.
func newSession(cfg Config, out io.Writer) *session {
	cfg = cfg.withDefaults()
	s := &session{
		cfg:   cfg,
		out:   &output{w: out},
		board: board.New(),
		set: settings{
			opts:     engine.EngineOptions(),
			hashMB:   cfg.HashMB,
			overhead: cfg.MoveOverhead,
			ownBook:  cfg.OwnBook,
			bookFile: cfg.BookFile,
			multiPV:  1,
		},
		searcherStale: true,
		bookStale:     true,
	}
	seed := cfg.Seed
	if seed == 0 {
		seed = rand.Uint64()
	}
	s.rng = rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	return s
}

// handle runs one command line and reports whether the session goes on.
func (s *session) handle(line string) bool {
	s.reap()
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true // blank lines are allowed between commands
	}
	cmd, args := fields[0], fields[1:]
	switch cmd {
	case "uci":
		s.uci()
	case "isready":
		// Answered at once, even during a search (the GUI uses it as a
		// ping). When idle, first do the slow setup a GUI expects isready
		// to wait for: allocating the hash table, opening the book.
		if s.job == nil {
			s.prepare()
		}
		s.out.printf("readyok")
	case "ucinewgame":
		s.clearPending = true
	case "position":
		if err := s.position(args); err != nil {
			s.infof("%v", err)
		}
	case "go":
		s.goCmd(args)
	case "stop":
		if s.job != nil {
			s.job.stop()
		}
	case "ponderhit":
		// The opponent played the move we pondered on: the pondering
		// search goes on as a normal one, its clock starting now. Ignored
		// when no search ponders, as the protocol asks of a command that
		// should not come.
		if s.job != nil && s.job.ponderHit != nil {
			s.job.ponderhit()
		}
	case "setoption":
		if err := s.setOption(args); err != nil {
			s.infof("%v", err)
		}
	case "debug", "register":
		// debug on|off: plylab has nothing extra to say. register: no
		// registration needed. Both are accepted silently.
	case "quit":
		return false
	default:
		s.infof("unknown command %q; known: uci, isready, ucinewgame, position, go, stop, ponderhit, setoption, debug, quit", cmd)
	}
	return true
}

// uci answers "uci": identity, options, uciok.
func (s *session) uci() {
	name := s.cfg.Name
	if s.cfg.Version != "" {
		name += " " + s.cfg.Version
	}
	ls := []string{"id name " + name, "id author " + s.cfg.Author}
	for _, o := range s.options() {
		ls = append(ls, o.line())
	}
	ls = append(ls, "uciok")
	s.out.lines(ls)
}

// position handles "position startpos|fen <FEN> [moves m1 m2 ...]". The
// moves are played on the board, so the board knows the game's history and
// the search sees repetitions. An illegal move stops the replay: the board
// is left after the last legal move and the error says which one failed.
// An invalid FEN leaves the previous position in place.
func (s *session) position(args []string) error {
	if len(args) == 0 {
		return errors.New("position: expected \"position startpos\" or \"position fen <FEN>\", optionally followed by \"moves ...\"")
	}
	var b *board.Board
	var rest []string
	switch args[0] {
	case "startpos":
		b, rest = board.New(), args[1:]
	case "fen":
		i := 1
		for i < len(args) && args[i] != "moves" {
			i++
		}
		fen := strings.Join(args[1:i], " ")
		var err error
		if b, err = board.FromFEN(fen); err != nil {
			return fmt.Errorf("position: invalid FEN %q: %v; position unchanged", fen, err)
		}
		rest = args[i:]
	default:
		return fmt.Errorf("position: expected startpos or fen, got %q; position unchanged", args[0])
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			return fmt.Errorf("position: expected \"moves\", got %q; position unchanged", rest[0])
		}
		for i, mv := range rest[1:] {
			m, err := b.ParseMove(mv)
			if err != nil {
				s.board = b
				return fmt.Errorf("position: move %d, %q, is not legal in %s; position set up to the move before it", i+1, mv, b.FEN())
			}
			b.Make(m)
		}
	}
	s.board = b
	return nil
}

// prepare brings the searcher and the book up to date with the options.
// It is called when no search runs (isready, go).
func (s *session) prepare() {
	if s.searcherStale || s.searcher == nil {
		opts := s.set.opts
		opts.TTSizeMB = s.set.hashMB
		s.searcher = nil // let the old table be collected before the new one is made
		s.searcher = engine.NewSearcher(opts)
		s.searcherStale, s.clearPending = false, false
	}
	if s.clearPending {
		s.searcher.Clear()
		s.clearPending = false
	}
	if s.bookStale {
		s.bookStale = false
		s.book = nil
		if !s.set.ownBook {
			return
		}
		if s.cfg.OpenBook == nil {
			s.infof("OwnBook: this build has no opening book support; playing without a book")
			return
		}
		bk, err := s.cfg.OpenBook(s.set.bookFile)
		if err != nil {
			s.infof("OwnBook: cannot open book %q: %v; playing without a book", s.set.bookFile, err)
			return
		}
		s.book = bk
	}
}

// reap forgets a search that has finished and reported its move.
func (s *session) reap() {
	if s.job == nil {
		return
	}
	select {
	case <-s.job.done:
		s.job = nil
	default:
	}
}

// stopSearch stops the running search, if any, and waits until it has
// reported its move.
func (s *session) stopSearch() {
	if s.job != nil {
		s.job.stop()
		<-s.job.done
		s.job = nil
	}
}
