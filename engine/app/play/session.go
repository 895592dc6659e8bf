package play

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"sync"
	"time"

	"github.com/notnil/chess"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/book"
	"github.com/plylab/plylab/engine/app/game"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/param"
)

// Config is everything a game needs, read from the command line.
type Config struct {
	Human    board.Color    // the person's side
	Options  engine.Options // the engine's algorithm and switches
	Limits   engine.Limits  // the engine's search limit
	Level    string         // for the banner and PGN, e.g. "club: depth 4, pst evaluation"
	Book     *book.Book     // the engine's opening book, or nil
	Rand     *rand.Rand     // picks book moves (required with a book)
	StartFEN string         // the first position
	Load     *Loaded        // a saved game to continue (its StartFEN replaces StartFEN), or nil
	Player   string         // the person's name in PGN ("Player" when empty)
	Now      func() time.Time
	// BoardText draws a position (White at the bottom unless flip); nil
	// draws no boards.
	BoardText func(pos *chess.Position, flip bool) string
	// Count and Duration write node counts and times for people (the
	// command line passes its output layer's formats); nil: plain decimal
	// and Go's notation.
	Count    func(uint64) string
	Duration func(time.Duration) string
}

// Session is one game: the record, the engine and the display settings.
// Its methods write to its output; in the terminal UI they run on a
// worker goroutine while the screen reads snapshots (View).
type Session struct {
	cfg      Config
	out      io.Writer
	g        *game.Game
	searcher *engine.Searcher // kept between moves (its TT helps); nil for plain algorithms

	flip     bool // draw the board with Black at the bottom
	thinking bool // print every iteration while the engine searches
	boards   bool // print the board after moves
	score    int  // the engine's last score, from its side
	hasScore bool

	notify func() // called after output (the terminal UI redraws)

	mu   sync.Mutex
	view View
}

// View is a snapshot of the game for a screen.
type View struct {
	Pos     *chess.Position
	Pieces  [64]board.Piece
	Human   board.Color
	Side    board.Color // to move
	Last    board.Move  // the last move, or board.NoMove
	Flip    bool        // Black at the bottom
	Over    bool
	Prompt  string
	CanMove bool // the person is to move and the game goes on
}

// New starts a session writing to out: the start position, or the loaded
// game replayed.
func New(cfg Config, out io.Writer) (*Session, error) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Count == nil {
		cfg.Count = func(n uint64) string { return strconv.FormatUint(n, 10) }
	}
	if cfg.Duration == nil {
		cfg.Duration = time.Duration.String
	}
	if cfg.Load != nil {
		cfg.StartFEN = cfg.Load.StartFEN
	}
	s := &Session{cfg: cfg, out: out, boards: cfg.BoardText != nil, flip: cfg.Human == board.Black}
	if !cfg.Options.IsPlain() {
		s.searcher = engine.NewSearcher(cfg.Options)
	}
	g, err := game.New(cfg.StartFEN)
	if err != nil {
		return nil, fmt.Errorf("invalid start position %q: %v", cfg.StartFEN, err)
	}
	s.g = g
	if cfg.Load != nil {
		for i, u := range cfg.Load.Moves {
			if _, _, err := g.PlayText(u); err != nil {
				return nil, param.Errorf("{Load} %s: move %d (%s) is not legal: %v", cfg.Load.From, i+1, u, err)
			}
		}
	}
	s.setView()
	return s, nil
}

// Game is the game record (read it between commands, not during one).
func (s *Session) Game() *game.Game { return s.g }

// SetOutput sends what the session writes to w; boards says whether it
// prints the board after moves.
func (s *Session) SetOutput(w io.Writer, boards bool) {
	s.out, s.boards = w, boards && s.cfg.BoardText != nil
}

// SetNotify sets f to be called after every change of the view and every
// output (nil: none).
func (s *Session) SetNotify(f func()) { s.notify = f }

// Level is the engine's strength as the banner says it.
func (s *Session) Level() string { return s.cfg.Level }

// Human is the person's side.
func (s *Session) Human() board.Color { return s.cfg.Human }

func (s *Session) setView() {
	b := s.g.Board()
	v := View{
		Pos:   s.g.Position(),
		Human: s.cfg.Human,
		Side:  b.Side(),
		Last:  s.g.LastMove(),
		Flip:  s.flip,
		Over:  s.g.Over(),
	}
	for sq := board.Square(0); sq < 64; sq++ {
		v.Pieces[sq] = b.PieceAt(sq)
	}
	v.Prompt = s.Prompt()
	v.CanMove = !v.Over && v.Side == v.Human
	s.mu.Lock()
	s.view = v
	s.mu.Unlock()
	if s.notify != nil {
		s.notify()
	}
}

// Snapshot is the current view; it is safe to call while a command runs.
func (s *Session) Snapshot() View {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.view
}

func (s *Session) printf(format string, args ...any) {
	fmt.Fprintf(s.out, format, args...)
	if s.notify != nil {
		s.notify()
	}
}

// SideName is "White" or "Black".
func SideName(c board.Color) string {
	if c == board.White {
		return "White"
	}
	return "Black"
}

// moveNumber is "12." before a White move and "12..." before a Black one.
func (s *Session) moveNumber() string {
	b := s.g.Board()
	if b.Side() == board.White {
		return fmt.Sprintf("%d.", b.FullmoveNumber())
	}
	return fmt.Sprintf("%d...", b.FullmoveNumber())
}

// Prompt is "12. White> ", "12... Black (check)> " or "game over> ".
func (s *Session) Prompt() string {
	if s.g.Over() {
		return "game over> "
	}
	check := ""
	if s.g.Board().InCheck() {
		check = " (check)"
	}
	return fmt.Sprintf("%s %s%s> ", s.moveNumber(), SideName(s.g.Side()), check)
}

func (s *Session) printBoard() {
	if s.boards {
		s.printf("\n%s\n", s.cfg.BoardText(s.g.Position(), s.flip))
	}
}

// Begin prints the banner and lets the engine move if it is to move.
func (s *Session) Begin(ctx context.Context) error {
	s.printf("plylab play: you are %s, plylab plays %s (%s).\n", SideName(s.cfg.Human), SideName(s.cfg.Human.Other()), s.cfg.Level)
	if s.cfg.Load != nil {
		s.printf("Loaded %d moves from %s.\n", s.g.Len(), s.cfg.Load.From)
	}
	s.printf("Type a move (e4, Nf3, e2e4) or 'help'.\n")
	if s.g.Over() || s.g.Side() == s.cfg.Human {
		s.printBoard()
		s.afterMove()
		return nil
	}
	return s.engineTurn(ctx)
}
