package match

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/plylab/plylab/engine/board"
)

// Player is one side of a match: plylab's engine, a random mover or an
// external UCI engine. A worker owns its players and calls them from one
// goroutine: NewGame before each game, Move for each of its moves, Close
// at the end.
type Player interface {
	// Name is the player's name in reports and PGN files.
	Name() string
	// NewGame prepares a new game (fresh search tables, a new seed).
	NewGame(ctx context.Context, g GameStart) error
	// Move returns the player's move in pos (in UCI notation, e.g. "e2e4",
	// "e7e8q") within the limits of turn. When ctx ends (Ctrl-C, or the
	// player's time is up by far) it should return promptly.
	Move(ctx context.Context, pos Position, turn Turn) (Reply, error)
	// Close releases the player (stops an engine process).
	Close() error
}

// GameStart describes a game about to begin, for Player.NewGame.
type GameStart struct {
	Round int         // 1-based game number in the match
	Seed  uint64      // per-game seed (random players use it)
	Color board.Color // the color this player has
}

// Position is the game so far: the start position and the moves played
// from it, and the same on plylab's board.
type Position struct {
	StartFEN string   // the game's first position
	Moves    []string // the moves since, in UCI notation
	// Board is the current position with its history (for repetitions).
	// It is the player's own copy: it may search it.
	Board *board.Board
}

// Turn is what a player needs to know about its time for one move.
type Turn struct {
	Side  board.Color // the side to move
	Limit Limit       // the mover's limit
	// Clocks: time left and increment per move of each side (indexed by
	// board.White, board.Black); zero for a side that plays without a
	// clock.
	Remaining [2]time.Duration
	Increment [2]time.Duration
	// MovesToGo is the number of the mover's moves left until its clock is
	// refilled ("40 moves in 60 s"), 0 in sudden death.
	MovesToGo int
}

// Reply is a player's move and what its search said about it.
type Reply struct {
	Move     string // UCI notation
	HasScore bool   // Score, Mate and Depth below are known
	Score    int    // centipawns from the mover's point of view
	Mate     int    // mate in n moves (negative: being mated); 0 if none
	Depth    int
	Nodes    uint64
}

// Comment is the PGN comment for the move: score in pawns from the
// mover's point of view and depth, as cutechess-cli writes them
// ("+0.35/8", "+M3/12", "-M2/9"), or "" when unknown.
func (r Reply) Comment() string {
	if !r.HasScore {
		return ""
	}
	var s string
	switch {
	case r.Mate > 0:
		s = fmt.Sprintf("+M%d", r.Mate)
	case r.Mate < 0:
		s = fmt.Sprintf("-M%d", -r.Mate)
	default:
		s = fmt.Sprintf("%+.2f", float64(r.Score)/100)
	}
	return fmt.Sprintf("%s/%d", s, r.Depth)
}

// Limit is how much a player may think: any combination of a depth, a node
// count, a fixed time per move and a clock. Zero fields are no limit.
type Limit struct {
	Depth    int
	Nodes    uint64
	MoveTime time.Duration
	Clock    *Clock
}

// IsZero reports whether l sets no limit at all.
func (l Limit) IsZero() bool {
	return l.Depth == 0 && l.Nodes == 0 && l.MoveTime == 0 && l.Clock == nil
}

// Timed reports whether l limits time (a clock or a time per move), so a
// player can lose on time.
func (l Limit) Timed() bool { return l.MoveTime > 0 || l.Clock != nil }

// String describes l: "depth 4", "100ms/move", "10+0.1", "depth 4, 5s/move".
func (l Limit) String() string {
	var parts []string
	if l.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth %d", l.Depth))
	}
	if l.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("%d nodes", l.Nodes))
	}
	if l.MoveTime > 0 {
		parts = append(parts, l.MoveTime.String()+"/move")
	}
	if l.Clock != nil {
		parts = append(parts, l.Clock.String())
	}
	if len(parts) == 0 {
		return "no limit"
	}
	return strings.Join(parts, ", ")
}

// PGN is the limit in the syntax of PGN's TimeControl tag: a clock is
// "60+0.1" or "40/60" (seconds); a fixed time per move, a depth or a node
// count have no standard form and give "-" (the Event tag says more).
func (l Limit) PGN() string {
	if l.Clock != nil {
		return l.Clock.String()
	}
	return "-"
}

// Clock is a chess clock: Base to start with, Inc added after each move,
// and, if Moves > 0, Base added again every Moves moves.
type Clock struct {
	Base  time.Duration
	Inc   time.Duration
	Moves int
}

// String is the cutechess-style spec: "10+0.1", "40/60", "40/60+1", "60".
func (c Clock) String() string {
	s := seconds(c.Base)
	if c.Moves > 0 {
		s = strconv.Itoa(c.Moves) + "/" + s
	}
	if c.Inc > 0 {
		s += "+" + seconds(c.Inc)
	}
	return s
}

func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// ParseClock reads a time control "[MOVES/]BASE[+INC]" with BASE and INC
// in seconds (decimals allowed; BASE may also be written M:SS), as
// cutechess-cli's tc option: "10+0.1" is 10 s plus 0.1 s a move, "40/60"
// is 60 s for every 40 moves, "1:30+1" is 90 s plus 1 s a move.
func ParseClock(s string) (Clock, error) {
	bad := func(why string) (Clock, error) {
		return Clock{}, fmt.Errorf("bad time control %q: %s; write BASE+INC in seconds, e.g. 10+0.1, 60, 1:30+1 or 40/60", s, why)
	}
	var c Clock
	rest := strings.TrimSpace(s)
	if m, r, ok := strings.Cut(rest, "/"); ok {
		n, err := strconv.Atoi(strings.TrimSpace(m))
		if err != nil || n < 1 {
			return bad("the moves before / must be a positive whole number")
		}
		c.Moves, rest = n, r
	}
	base, inc, hasInc := strings.Cut(rest, "+")
	var err error
	if c.Base, err = parseSeconds(base); err != nil {
		return bad("the base time " + err.Error())
	}
	if c.Base <= 0 {
		return bad("the base time must be positive")
	}
	if hasInc {
		if c.Inc, err = parseSeconds(inc); err != nil {
			return bad("the increment " + err.Error())
		}
	}
	return c, nil
}

// parseSeconds reads "10", "0.1" or "1:30" (minutes:seconds).
func parseSeconds(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "+") || strings.HasPrefix(s, "-") {
		return 0, fmt.Errorf("%q is not a number of seconds", s)
	}
	mins := 0.0
	if m, sec, ok := strings.Cut(s, ":"); ok {
		v, err := strconv.ParseFloat(m, 64)
		if err != nil || v < 0 || math.IsInf(v, 0) {
			return 0, fmt.Errorf("%q is not a number of minutes", m)
		}
		mins, s = v, sec
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, fmt.Errorf("%q is not a number of seconds", s)
	}
	total := mins*60 + v
	if total > 1e6 {
		return 0, fmt.Errorf("%q is too long", s)
	}
	return time.Duration(math.Round(total * float64(time.Second))), nil
}
