package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/notnil/chess"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/book"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/pgn"
	"github.com/urfave/cli/v2"
	"golang.org/x/term"
)

// play: a game against plylab's engine in the terminal. The game logic
// (playSession) reads one command line at a time and writes text, so it
// runs the same over a pipe (tests feed it lines) and on a terminal, where
// a thin layer adds an arrow-key board (runTerminal, whose key handling is
// the pure function cursorState.handleKey).

// playLevel is a named strength: a search limit and an evaluation.
type playLevel struct {
	name     string
	depth    int
	moveTime time.Duration
	eval     eval.Kind
}

// playLevels go from weakest to strongest. Fixed-depth levels play the
// same moves on every machine; timed levels get stronger on faster ones.
var playLevels = []playLevel{
	{name: "beginner", depth: 2, eval: eval.Material},
	{name: "casual", depth: 3, eval: eval.PST},
	{name: "club", depth: 4, eval: eval.PST},
	{name: "strong", moveTime: time.Second, eval: eval.PeSTO},
	{name: "max", moveTime: 5 * time.Second, eval: eval.PeSTO},
}

func (l playLevel) String() string {
	if l.depth > 0 {
		return fmt.Sprintf("%s: depth %d, %s evaluation", l.name, l.depth, l.eval)
	}
	return fmt.Sprintf("%s: %s a move, %s evaluation", l.name, output.FormatDuration(l.moveTime), l.eval)
}

func levelNames() []string {
	var out []string
	for _, l := range playLevels {
		out = append(out, l.name)
	}
	return out
}

func playCommand(env *appEnv) *cli.Command {
	flags := append(positionFlags(false),
		&cli.StringFlag{Name: "color", Aliases: []string{"c"}, Value: "white", Usage: "play `SIDE`: white, black or random (auto, always or never set the terminal colors instead)"},
		&cli.StringFlag{Name: "level", Aliases: []string{"l"}, Value: "club", Usage: "engine strength `NAME`: " + strings.Join(levelNames(), ", ")},
		&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Usage: "search `N` plies deep (overrides the level)"},
		&cli.StringFlag{Name: "movetime", Usage: "think `TIME` per move, e.g. 500ms or 2s; a bare number is milliseconds, as in UCI (overrides the level)"},
		&cli.StringFlag{Name: "load", Usage: "continue the game saved in PGN `FILE`"},
		&cli.StringFlag{Name: "book", Aliases: []string{"b"}, Usage: "let the engine play its opening moves from Polyglot book `FILE`"},
		&cli.Uint64Flag{Name: "seed", Usage: "random `SEED` for --color random and book moves (0: a new game each time)"},
	)
	for _, f := range algoFlags("engine", false) {
		// The level picks the evaluation unless --eval is given.
		if sf, ok := f.(*cli.StringFlag); ok && sf.Name == "eval" {
			sf.Usage = "evaluation `KIND`: material, pst or pesto (default: the level's)"
		}
		flags = append(flags, f)
	}
	var levels strings.Builder
	for _, l := range playLevels {
		fmt.Fprintf(&levels, "   %s\n", l)
	}
	return &cli.Command{
		Name:  "play",
		Usage: "play a game against the engine in the terminal",
		Description: `Play chess against plylab's engine. Type moves in SAN (e4, Nf3, O-O,
exd5, e8=Q) or UCI (e2e4); on a terminal you can also move the cursor
over the board with the arrow keys, press Enter to pick up a piece and
Enter again to put it down.

Commands: undo (take back your last move), hint, show thinking on|off
(depth, score, nodes and line while the engine searches), flip, board,
save FILE (PGN), fen, moves (the legal moves), resign, draw (claim by
threefold repetition or the fifty-move rule, or offer one), help, quit.

Levels:
` + levels.String() + `
Over a pipe (stdin not a terminal) play reads one command a line and
prints the board as text, so games can be scripted. The --color flag of
this command picks your side; to force colored boards write
'plylab --color always play' or 'play --color always' (then you play White).

Examples:
   plylab play                                   you play White at level club
   plylab play --color black --level strong
   plylab play --level beginner --book /usr/share/games/gnuchess/book.bin
   plylab play --depth 6 --algo engine-without-null
   plylab play --position kiwipete
   plylab play --load game.pgn                   continue a saved game
   printf 'e4\nNf3\nquit\n' | plylab play --depth 3`,
		Flags: flags,
		Action: func(c *cli.Context) error {
			cfg, err := env.playConfigFrom(c)
			if err != nil {
				return err
			}
			return env.play(c.Context, cfg)
		},
	}
}

// playConfig is everything a game needs, read from the flags.
type playConfig struct {
	human    board.Color
	opts     engine.Options
	limits   engine.Limits
	level    string // for the banner, e.g. "club: depth 4, pst evaluation"
	book     *book.Book
	rng      *rand.Rand
	startFEN string
	load     []string // UCI moves to replay (from --load)
	loadFrom string
	tags     []*chess.TagPair // tags of the loaded game
	now      func() time.Time
}

func (e *appEnv) playConfigFrom(c *cli.Context) (playConfig, error) {
	cfg := playConfig{now: time.Now}
	if err := rejectArgs(c, "plylab play --color black --level strong"); err != nil {
		return cfg, err
	}
	seed := c.Uint64("seed")
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	cfg.rng = rand.New(rand.NewPCG(seed, 0x706c796c6162)) // "plylab"

	switch v := strings.ToLower(strings.TrimSpace(c.String("color"))); v {
	case "white", "w":
		cfg.human = board.White
	case "black", "b":
		cfg.human = board.Black
	case "random", "r":
		cfg.human = board.Color(cfg.rng.IntN(2))
	case "auto", "always", "never":
		// After 'play' this flag hides the global --color: honour its values.
		if err := e.resolveColor(v); err != nil {
			return cfg, err
		}
		cfg.human = board.White
	default:
		return cfg, usagef("unknown --color %q; use white, black or random (or auto, always, never for the terminal colors)", c.String("color"))
	}

	var level playLevel
	found := false
	for _, l := range playLevels {
		if strings.EqualFold(l.name, c.String("level")) {
			level, found = l, true
		}
	}
	if !found {
		return cfg, usagef("unknown --level %q; use %s", c.String("level"), strings.Join(levelNames(), ", "))
	}
	cfg.level = level.String()
	cfg.limits = engine.Limits{Depth: level.depth, MoveTime: level.moveTime, SoftTime: level.moveTime / 2}
	if c.IsSet("depth") || c.IsSet("movetime") {
		cfg.limits = engine.Limits{}
		var parts []string
		if c.IsSet("depth") {
			d := c.Int("depth")
			if d < 1 || d > engine.MaxDepth {
				return cfg, usagef("--depth must be between 1 and %d, got %d; try --depth 4", engine.MaxDepth, d)
			}
			cfg.limits.Depth = d
			parts = append(parts, fmt.Sprintf("depth %d", d))
		}
		if c.IsSet("movetime") {
			mt, err := durationFlag(c, "movetime")
			if err != nil {
				return cfg, err
			}
			// Past half the time a new iteration would rarely finish: move.
			cfg.limits.MoveTime, cfg.limits.SoftTime = mt, mt/2
			parts = append(parts, output.FormatDuration(mt)+" a move")
		}
		cfg.level = strings.Join(parts, ", ")
	}

	algos, err := parseAlgos(c)
	if err != nil {
		return cfg, err
	}
	if len(algos) != 1 {
		return cfg, usagef("play takes one --algo, got %d; e.g. --algo engine-without-null", len(algos))
	}
	cfg.opts = algos[0]
	if !c.IsSet("eval") {
		cfg.opts.Eval = level.eval
	}
	if c.IsSet("depth") || c.IsSet("movetime") || c.IsSet("eval") {
		cfg.level += fmt.Sprintf(", %s evaluation", cfg.opts.Eval)
	}
	if cfg.opts.Name != "engine" {
		cfg.level += ", algorithm " + cfg.opts.Name
	}
	if cfg.opts.IsPlain() && cfg.limits.Depth == 0 {
		return cfg, usagef("--algo %s searches to a fixed depth only; add --depth N (e.g. --depth 4) or use --level beginner, casual or club", cfg.opts.Name)
	}

	if path := c.String("load"); path != "" {
		if c.IsSet("fen") || c.IsSet("position") {
			return cfg, usagef("use --load or --fen/--position, not both: a saved game has its own start position")
		}
		if err := loadGame(&cfg, path); err != nil {
			return cfg, err
		}
	} else {
		list, err := resolvePositions(c, false, "start")
		if err != nil {
			return cfg, err
		}
		cfg.startFEN = list[0].FEN
	}
	if path := c.String("book"); path != "" {
		bk, _, err := openBook(path, "")
		if err != nil {
			return cfg, err
		}
		cfg.book = bk
	}
	return cfg, nil
}

// loadGame reads the first game of a PGN file into cfg.
func loadGame(cfg *playConfig, path string) error {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return usagef("--load: file %q does not exist; check the path (save games with the 'save FILE' command)", path)
	} else if err != nil {
		return fmt.Errorf("--load: cannot read %s: %w", path, pathErrCause(err))
	}
	defer f.Close()
	return readGame(cfg, f, path)
}

// readGame reads the first game of PGN text into cfg; path names the file
// in errors.
func readGame(cfg *playConfig, r io.Reader, path string) error {
	sc := pgn.NewScanner(r)
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return fmt.Errorf("--load: %s is not a readable PGN game: %v", path, err)
		}
		return fmt.Errorf("--load: no game found in %s; a PGN game starts with tag lines such as [Event \"...\"]", path)
	}
	g := sc.Next()
	cfg.startFEN = g.Positions()[0].String()
	if _, err := board.FromFEN(cfg.startFEN); err != nil {
		return fmt.Errorf("--load: %s starts from a position plylab cannot play: %v", path, err)
	}
	for _, m := range g.Moves() {
		cfg.load = append(cfg.load, m.String())
	}
	cfg.tags = g.TagPairs()
	cfg.loadFrom = path
	return nil
}

// play runs a game: on a terminal (stdin and stdout) with the arrow-key
// board, otherwise line by line.
func (e *appEnv) play(ctx context.Context, cfg playConfig) error {
	in, inOK := e.Stdin.(*os.File)
	out, outOK := e.Stdout.(*os.File)
	tty := inOK && outOK && term.IsTerminal(int(in.Fd())) && e.isTerminal(e.Stdout)
	s, err := newPlaySession(e, ctx, cfg, e.Stdout)
	if err != nil {
		return err
	}
	if tty {
		return s.runTerminal(in, out)
	}
	// Over a pipe the input is not echoed by a terminal: echo it, so the
	// transcript reads like a session. On a terminal in line mode it is.
	inTTY := inOK && term.IsTerminal(int(in.Fd()))
	return s.runLines(e.Stdin, !inTTY)
}

// ---------------------------------------------------------------------------
// The game

// playSession is one game: both boards in step, the engine and the
// display settings. Its methods write to out; in the terminal UI they run
// on a worker goroutine while the screen reads snapshots (see view).
type playSession struct {
	env *appEnv
	ctx context.Context
	cfg playConfig
	out io.Writer

	b        *board.Board // the engine's board, with the game's history (repetitions)
	game     *chess.Game  // the same game in notnil/chess: outcome rules, SAN, PGN
	moves    []board.Move
	searcher *engine.Searcher // kept between moves (its TT helps); nil for plain algorithms

	flip     bool // draw the board with Black at the bottom
	thinking bool // print every iteration while the engine searches
	boards   bool // print the board after moves (line mode)
	score    int  // the engine's last score, from its side
	hasScore bool

	notify func() // called after output in the terminal UI (nil otherwise)

	mu   sync.Mutex
	view playView // what the terminal UI draws, updated by setView
}

// playView is a snapshot of the game for the terminal UI.
type playView struct {
	pos     *chess.Position
	pieces  [64]board.Piece
	human   board.Color
	side    board.Color
	last    board.Move
	flip    bool
	over    bool
	prompt  string
	canMove bool // the human is to move and nothing else is going on
}

func newPlaySession(env *appEnv, ctx context.Context, cfg playConfig, out io.Writer) (*playSession, error) {
	s := &playSession{env: env, ctx: ctx, cfg: cfg, out: out, boards: true, flip: cfg.human == board.Black}
	if !cfg.opts.IsPlain() {
		s.searcher = engine.NewSearcher(cfg.opts)
	}
	b, err := board.FromFEN(cfg.startFEN)
	if err != nil {
		return nil, usagef("invalid start position %q: %v", cfg.startFEN, err)
	}
	var moves []board.Move
	for i, u := range cfg.load {
		m, err := b.ParseMove(u)
		if err != nil {
			return nil, fmt.Errorf("--load %s: move %d (%s) is not legal: %v", cfg.loadFrom, i+1, u, err)
		}
		b.Make(m)
		moves = append(moves, m)
	}
	if err := s.reset(moves); err != nil {
		return nil, err
	}
	return s, nil
}

// reset replays moves from the start position on fresh boards: the start
// of the game, undo, and --load all go through it, so the notnil game
// (whose outcome rules need the whole history) is always in step.
func (s *playSession) reset(moves []board.Move) error {
	b, err := board.FromFEN(s.cfg.startFEN)
	if err != nil {
		return err
	}
	opt, err := chess.FEN(s.cfg.startFEN)
	if err != nil {
		return err
	}
	s.b, s.game, s.moves = b, chess.NewGame(opt), nil
	for _, m := range moves {
		if _, err := s.apply(m); err != nil {
			return err
		}
	}
	s.setView()
	return nil
}

// apply plays m (legal in the current position) on both boards and
// returns its SAN.
func (s *playSession) apply(m board.Move) (string, error) {
	uci := m.String()
	var nm *chess.Move
	for _, v := range s.game.ValidMoves() {
		if v.String() == uci {
			nm = v
			break
		}
	}
	if nm == nil {
		return "", fmt.Errorf("internal: move %s is legal for plylab but not for notnil/chess in %s", uci, s.b.FEN())
	}
	san := chess.AlgebraicNotation{}.Encode(s.game.Position(), nm)
	if err := s.game.Move(nm); err != nil {
		return "", err
	}
	s.b.Make(m)
	s.moves = append(s.moves, m)
	s.setView()
	return san, nil
}

func (s *playSession) setView() {
	v := playView{
		pos:   s.game.Position(),
		human: s.cfg.human,
		side:  s.b.Side(),
		flip:  s.flip,
		over:  s.over(),
	}
	for sq := board.Square(0); sq < 64; sq++ {
		v.pieces[sq] = s.b.PieceAt(sq)
	}
	if n := len(s.moves); n > 0 {
		v.last = s.moves[n-1]
	}
	v.prompt = s.prompt()
	v.canMove = !v.over && v.side == v.human
	s.mu.Lock()
	s.view = v
	s.mu.Unlock()
	if s.notify != nil {
		s.notify()
	}
}

func (s *playSession) snapshot() playView {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.view
}

func (s *playSession) over() bool { return s.game.Outcome() != chess.NoOutcome }

func (s *playSession) printf(format string, args ...any) {
	fmt.Fprintf(s.out, format, args...)
	if s.notify != nil {
		s.notify()
	}
}

func sideName(c board.Color) string {
	if c == board.White {
		return "White"
	}
	return "Black"
}

func notnilColor(c board.Color) chess.Color {
	if c == board.White {
		return chess.White
	}
	return chess.Black
}

// moveNumber is "12." before a White move and "12..." before a Black one.
func (s *playSession) moveNumber() string {
	if s.b.Side() == board.White {
		return fmt.Sprintf("%d.", s.b.FullmoveNumber())
	}
	return fmt.Sprintf("%d...", s.b.FullmoveNumber())
}

func (s *playSession) prompt() string {
	if s.over() {
		return "game over> "
	}
	check := ""
	if s.b.InCheck() {
		check = " (check)"
	}
	return fmt.Sprintf("%s %s%s> ", s.moveNumber(), sideName(s.b.Side()), check)
}

func (s *playSession) printBoard() {
	if s.boards {
		s.printf("\n%s\n", s.env.boardString(s.game.Position(), s.flip))
	}
}

// begin prints the banner and lets the engine move if it is to move.
func (s *playSession) begin() (bool, error) {
	s.printf("plylab play: you are %s, plylab plays %s (%s).\n", sideName(s.cfg.human), sideName(s.cfg.human.Other()), s.cfg.level)
	if s.cfg.loadFrom != "" {
		s.printf("Loaded %d moves from %s.\n", len(s.moves), s.cfg.loadFrom)
	}
	s.printf("Type a move (e4, Nf3, e2e4) or 'help'.\n")
	if s.over() || s.b.Side() == s.cfg.human {
		s.printBoard()
		s.afterMove(false)
		return false, nil
	}
	return false, s.engineTurn()
}

const playHelp = `Moves: SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (e2e4, e7e8q).
Commands:
  undo                    take back your last move (and the engine's reply)
  hint                    ask the engine for a move
  show thinking on|off    print depth, score, nodes and line while the engine thinks
  flip                    turn the board around
  board                   show the board again
  save FILE               save the game as PGN
  fen                     print the position as FEN
  moves                   list the legal moves
  resign                  give up the game
  draw                    claim a draw (threefold repetition, fifty moves) or offer one
  help                    this list
  quit                    leave
`

// handle runs one command line and reports whether to quit.
func (s *playSession) handle(line string) (quit bool, err error) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false, nil
	}
	switch cmd := strings.ToLower(fields[0]); cmd {
	case "help", "?":
		s.printf("%s", playHelp)
	case "quit", "exit":
		s.printf("Bye.\n")
		return true, nil
	case "undo", "takeback":
		s.undo()
	case "hint":
		return false, s.hint()
	case "show", "thinking":
		args := fields[1:]
		if cmd == "show" {
			if len(args) > 0 && strings.EqualFold(args[0], "board") {
				s.printBoard()
				break
			}
			if len(args) == 0 || !strings.EqualFold(args[0], "thinking") {
				s.printf("Did you mean 'show thinking on', 'show thinking off' or 'board'?\n")
				break
			}
			args = args[1:]
		}
		s.setThinking(args)
	case "flip":
		s.flip = !s.flip
		s.setView()
		s.printBoard()
	case "board":
		s.printBoard()
	case "save":
		s.save(strings.TrimSpace(strings.TrimSpace(line)[len(fields[0]):]))
	case "fen":
		s.printf("%s\n", s.b.FEN())
	case "moves":
		s.listMoves()
	case "resign":
		if s.over() {
			s.printf("The game is over already.\n")
			break
		}
		s.game.Resign(notnilColor(s.cfg.human))
		s.setView()
		s.announceEnd("")
	case "draw":
		s.draw()
	default:
		return false, s.humanMove(strings.TrimSpace(line))
	}
	return false, nil
}

func (s *playSession) setThinking(args []string) {
	switch {
	case len(args) == 0:
		s.thinking = !s.thinking
	case strings.EqualFold(args[0], "on"):
		s.thinking = true
	case strings.EqualFold(args[0], "off"):
		s.thinking = false
	default:
		s.printf("Use 'show thinking on' or 'show thinking off'.\n")
		return
	}
	if s.thinking {
		s.printf("Thinking output on: each search iteration prints its depth, score (for the engine), nodes, time and line.\n")
	} else {
		s.printf("Thinking output off.\n")
	}
}

func (s *playSession) humanMove(text string) error {
	if s.over() {
		s.printf("The game is over (%s). Type 'undo' to take back your last move, 'save FILE' to save the game, or 'quit'.\n", s.game.Outcome())
		return nil
	}
	if s.b.Side() != s.cfg.human {
		return s.engineTurn()
	}
	m, err := s.b.ParseMove(text)
	if err != nil {
		s.printf("%q is not a legal move or a command here; type 'moves' for the legal moves or 'help' for the commands.\n", text)
		return nil
	}
	label := s.moveNumber()
	san, err := s.apply(m)
	if err != nil {
		return err
	}
	s.printf("You play %s %s\n", label, san)
	if s.over() {
		s.printBoard()
		s.afterMove(false)
		return nil
	}
	return s.engineTurn()
}

// engineTurn plays the engine's move: from the book when it has one,
// otherwise by searching.
func (s *playSession) engineTurn() error {
	if s.over() || s.b.Side() == s.cfg.human {
		return nil
	}
	if s.claimDraw() {
		return nil
	}
	label := s.moveNumber()
	if s.cfg.book != nil {
		if m, ok := s.cfg.book.Pick(s.b, s.cfg.rng); ok {
			san, err := s.apply(m)
			if err != nil {
				return err
			}
			s.printf("plylab plays %s %s  (book move)\n", label, san)
			s.printBoard()
			s.afterMove(true)
			return nil
		}
	}
	r, err := s.search()
	if err != nil {
		return err
	}
	m := r.BestMove
	note := playSearchNote(r, "")
	if m == board.NoMove || !s.b.IsLegal(m) {
		// Only a search stopped before its first iteration ends here.
		var ml board.MoveList
		s.b.GenerateMoves(&ml)
		m, note = ml.Moves[0], "no search result in time: first legal move"
	} else {
		s.score, s.hasScore = r.Score, true
	}
	san, err := s.apply(m)
	if err != nil {
		return err
	}
	s.printf("plylab plays %s %s  (%s)\n", label, san, note)
	s.printBoard()
	s.afterMove(true)
	return nil
}

// search runs the engine on a copy of the board (so the terminal UI can
// keep drawing the real one) and, with thinking on, prints each iteration.
func (s *playSession) search() (engine.Result, error) {
	b := s.b.Copy()
	var info func(engine.Iteration)
	if s.thinking {
		info = func(it engine.Iteration) {
			s.printf("  depth %2d  score %9s  nodes %9s  time %8s  pv %s\n", it.Depth, playScore(it.Score),
				output.FormatUint(it.Nodes), output.FormatDuration(it.Elapsed), strings.Join(s.b.SANLine(it.PV), " "))
		}
	}
	var r engine.Result
	if s.searcher != nil {
		r = s.searcher.Search(s.ctx, b, s.cfg.limits, nil, info)
	} else {
		r = engine.Run(s.ctx, b, s.cfg.opts, s.cfg.limits, nil, info)
	}
	if err := s.ctx.Err(); err != nil {
		return r, err
	}
	return r, nil
}

// playScore is a score for people: "+35 cp" or "mate in 3".
func playScore(score int) string {
	if engine.IsMate(score) {
		return engine.FormatScore(score)
	}
	return engine.FormatScore(score) + " cp"
}

// playSearchNote summarises a search: "depth 4, score +12 cp, 835 nodes".
func playSearchNote(r engine.Result, whose string) string {
	return fmt.Sprintf("depth %d, score %s%s, %s nodes", r.Depth, playScore(r.Score), whose, output.FormatUint(r.Stats.TotalNodes()))
}

// afterMove reports a finished game, or on the human's turn a draw they
// may claim. engineMoved says whether the engine made the last move.
func (s *playSession) afterMove(engineMoved bool) {
	if s.over() {
		s.announceEnd("")
		return
	}
	if s.b.Side() == s.cfg.human {
		for _, m := range s.game.EligibleDraws() {
			switch m {
			case chess.ThreefoldRepetition:
				s.printf("This position has occurred three times: you may claim a draw with 'draw'.\n")
			case chess.FiftyMoveRule:
				s.printf("Fifty moves without a capture or pawn move: you may claim a draw with 'draw'.\n")
			}
		}
	}
}

// claimDraw lets the engine claim a draw by threefold repetition or the
// fifty-move rule on its turn, as a player may. It reports whether it did.
func (s *playSession) claimDraw() bool {
	for _, m := range s.game.EligibleDraws() {
		if m == chess.ThreefoldRepetition || m == chess.FiftyMoveRule {
			if s.game.Draw(m) == nil {
				s.setView()
				s.announceEnd("plylab")
				return true
			}
		}
	}
	return false
}

// draw claims a draw for the human, or offers one: the engine accepts an
// offer only when its last search saw itself clearly worse.
func (s *playSession) draw() {
	if s.over() {
		s.printf("The game is over already.\n")
		return
	}
	for _, m := range s.game.EligibleDraws() {
		if m == chess.ThreefoldRepetition || m == chess.FiftyMoveRule {
			if s.game.Draw(m) == nil {
				s.setView()
				s.announceEnd("you")
				return
			}
		}
	}
	if s.hasScore && s.score <= -150 {
		s.game.Draw(chess.DrawOffer)
		s.setView()
		s.announceEnd("")
		return
	}
	why := "it has not searched yet"
	if s.hasScore {
		why = "its last score was " + playScore(s.score)
	}
	s.printf("plylab declines the draw offer (%s). A draw can be claimed after a threefold repetition or fifty moves without a capture or pawn move.\n", why)
}

// announceEnd prints the result and offers to save the game. claimant
// names who claimed a draw ("you" or "plylab"), if one was claimed.
func (s *playSession) announceEnd(claimant string) {
	var how string
	switch s.game.Method() {
	case chess.Checkmate:
		how = "checkmate, " + sideName(s.b.Side().Other()) + " wins"
	case chess.Resignation:
		how = "you resigned, " + sideName(s.cfg.human.Other()) + " wins"
	case chess.Stalemate:
		how = "stalemate, a draw"
	case chess.InsufficientMaterial:
		how = "a draw, neither side has the material to mate"
	case chess.ThreefoldRepetition:
		how = claimant + " claimed a draw by threefold repetition"
	case chess.FiftyMoveRule:
		how = claimant + " claimed a draw by the fifty-move rule"
	case chess.FivefoldRepetition:
		how = "a draw by fivefold repetition"
	case chess.SeventyFiveMoveRule:
		how = "a draw by the seventy-five-move rule"
	case chess.DrawOffer:
		how = "plylab accepted your draw offer"
	}
	result := s.game.Outcome().String()
	verdict := ""
	switch {
	case result == "1/2-1/2":
	case (result == "1-0") == (s.cfg.human == board.White):
		verdict = " You win!"
	default:
		verdict = " plylab wins."
	}
	s.printf("Game over: %s (%s).%s\n", how, result, verdict)
	s.printf("Type 'save FILE' to save the game as PGN, 'undo' to take back your last move, or 'quit'.\n")
}

// undo takes back the human's last move and the engine's reply, so it is
// the human's turn again.
func (s *playSession) undo() {
	startSide := board.White
	if strings.Fields(s.cfg.startFEN)[1] == "b" {
		startSide = board.Black
	}
	i := len(s.moves) - 1
	for ; i >= 0; i-- {
		side := startSide
		if i%2 == 1 {
			side = side.Other()
		}
		if side == s.cfg.human {
			break
		}
	}
	if i < 0 {
		s.printf("Nothing to undo: you have not moved yet.\n")
		return
	}
	taken := s.sanFrom(i)
	if err := s.reset(append([]board.Move(nil), s.moves[:i]...)); err != nil {
		s.printf("Cannot undo: %v\n", err)
		return
	}
	s.printf("Took back %s.\n", taken)
	s.printBoard()
}

// sanFrom is the game's moves from ply i on, numbered: "12. e4 Nf6".
func (s *playSession) sanFrom(i int) string {
	var parts []string
	history := s.game.MoveHistory()
	for j := i; j < len(history); j++ {
		h := history[j]
		san := chess.AlgebraicNotation{}.Encode(h.PrePosition, h.Move)
		num := moveNumberOf(h.PrePosition)
		if h.PrePosition.Turn() == chess.White {
			parts = append(parts, num+". "+san)
		} else if j == i {
			parts = append(parts, num+"... "+san)
		} else {
			parts = append(parts, san)
		}
	}
	return strings.Join(parts, " ")
}

// moveNumberOf reads the fullmove number of a notnil position from its FEN.
func moveNumberOf(pos *chess.Position) string {
	f := strings.Fields(pos.String())
	if len(f) < 6 {
		return "1"
	}
	return f[5]
}

func (s *playSession) hint() error {
	if s.over() {
		s.printf("The game is over: no hint.\n")
		return nil
	}
	if s.b.Side() != s.cfg.human {
		return nil
	}
	if s.cfg.book != nil {
		if m, ok := s.cfg.book.Best(s.b); ok {
			s.printf("Hint: %s  (the book's most played move)\n", s.b.SAN(m))
			return nil
		}
	}
	r, err := s.search()
	if err != nil {
		return err
	}
	if r.BestMove == board.NoMove {
		s.printf("No hint: the search found no move in time.\n")
		return nil
	}
	line := s.b.SANLine(r.PV)
	s.printf("Hint: %s  (%s; line %s)\n", s.b.SAN(r.BestMove), playSearchNote(r, " for you"), strings.Join(line, " "))
	return nil
}

// pluralPlies is "1 ply" or "n plies".
func pluralPlies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}

func (s *playSession) listMoves() {
	var ml board.MoveList
	s.b.GenerateMoves(&ml)
	sans := make([]string, 0, ml.N)
	for _, m := range ml.Slice() {
		sans = append(sans, s.b.SAN(m))
	}
	sort.Strings(sans)
	if len(sans) == 0 {
		s.printf("No legal moves.\n")
		return
	}
	s.printf("%d legal moves: %s\n", len(sans), strings.Join(sans, " "))
}

func (s *playSession) save(path string) {
	if path == "" {
		s.printf("Save needs a file name, e.g. 'save game.pgn'.\n")
		return
	}
	if err := os.WriteFile(path, []byte(s.pgn()), 0o644); err != nil {
		s.printf("Cannot save: %v\n", pathErrCause(err))
		return
	}
	s.printf("Saved the game (%s) to %s.\n", pluralPlies(len(s.moves)), path)
}

// pgn is the game in PGN: the seven standard tags (plus FEN and SetUp for
// a game from another position, and the other tags of a loaded game),
// then the moves in SAN, wrapped before 80 columns.
func (s *playSession) pgn() string {
	humanName := s.env.getenv("USER")
	if humanName == "" {
		humanName = "Player"
	}
	engineName := "plylab (" + s.cfg.level + ")"
	white, black := humanName, engineName
	if s.cfg.human == board.Black {
		white, black = engineName, humanName
	}
	result := s.game.Outcome().String()
	tags := [][2]string{
		{"Event", "plylab game"},
		{"Site", "plylab"},
		{"Date", s.cfg.now().Format("2006.01.02")},
		{"Round", "-"},
		{"White", white},
		{"Black", black},
		{"Result", result},
	}
	std := map[string]bool{"Event": true, "Site": true, "Date": true, "Round": true, "White": true, "Black": true, "Result": true, "FEN": true, "SetUp": true}
	for _, tp := range s.cfg.tags {
		if std[tp.Key] {
			// A loaded game keeps its event, site, date and round.
			for i := range tags[:4] {
				if tags[i][0] == tp.Key {
					tags[i][1] = tp.Value
				}
			}
		}
	}
	if s.cfg.startFEN != board.StartFEN {
		tags = append(tags, [2]string{"SetUp", "1"}, [2]string{"FEN", s.cfg.startFEN})
	}
	for _, tp := range s.cfg.tags {
		if !std[tp.Key] {
			tags = append(tags, [2]string{tp.Key, tp.Value})
		}
	}
	var sb strings.Builder
	for _, t := range tags {
		fmt.Fprintf(&sb, "[%s \"%s\"]\n", t[0], strings.ReplaceAll(t[1], `"`, `\"`))
	}
	sb.WriteByte('\n')
	var tokens []string
	for j, h := range s.game.MoveHistory() {
		san := chess.AlgebraicNotation{}.Encode(h.PrePosition, h.Move)
		num := moveNumberOf(h.PrePosition)
		switch {
		case h.PrePosition.Turn() == chess.White:
			tokens = append(tokens, num+".")
		case j == 0:
			tokens = append(tokens, num+"...")
		}
		tokens = append(tokens, san)
	}
	tokens = append(tokens, result)
	line := ""
	for _, tok := range tokens {
		if line != "" && len(line)+1+len(tok) > 79 {
			sb.WriteString(line + "\n")
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += tok
	}
	sb.WriteString(line + "\n")
	return sb.String()
}

// runLines plays reading one command per line from in until quit or the
// end of the input. echo writes each line after the prompt.
func (s *playSession) runLines(in io.Reader, echo bool) error {
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
	if _, err := s.begin(); err != nil {
		return err
	}
	for {
		s.printf("%s", s.prompt())
		select {
		case <-s.ctx.Done():
			s.printf("\n")
			return s.ctx.Err()
		case line, ok := <-lines:
			if !ok {
				s.printf("\n")
				return nil
			}
			if echo {
				s.printf("%s\n", line)
			}
			quit, err := s.handle(line)
			if err != nil || quit {
				return err
			}
		}
	}
}

// ---------------------------------------------------------------------------
// The terminal board: arrow keys move a cursor, Enter picks up and puts
// down pieces, typing works as in line mode.

// keyKind is a key the board understands.
type keyKind uint8

const (
	keyNone keyKind = iota
	keyRune
	keyUp
	keyDown
	keyLeft
	keyRight
	keyEnter
	keyBackspace
	keyEscape
	keyCtrlC
	keyCtrlD
)

// termKey is one key press; r is the character for keyRune.
type termKey struct {
	kind keyKind
	r    rune
}

// parseKeys turns bytes read from a raw-mode terminal into key presses:
// printable characters, arrows (ESC [ A-D or ESC O A-D, modifiers
// ignored), Enter, Backspace, Escape, Ctrl-C and Ctrl-D. Other control
// characters and escape sequences are dropped.
func parseKeys(p []byte) []termKey {
	var out []termKey
	for i := 0; i < len(p); {
		c := p[i]
		switch {
		case c == 0x1b:
			if i+1 >= len(p) {
				out = append(out, termKey{kind: keyEscape})
				i++
				continue
			}
			if p[i+1] != '[' && p[i+1] != 'O' {
				out = append(out, termKey{kind: keyEscape})
				i++
				continue
			}
			// CSI/SS3: parameters, then a final byte in 0x40-0x7e.
			j := i + 2
			for j < len(p) && (p[j] < 0x40 || p[j] > 0x7e) {
				j++
			}
			if j < len(p) {
				switch p[j] {
				case 'A':
					out = append(out, termKey{kind: keyUp})
				case 'B':
					out = append(out, termKey{kind: keyDown})
				case 'C':
					out = append(out, termKey{kind: keyRight})
				case 'D':
					out = append(out, termKey{kind: keyLeft})
				}
			}
			i = j + 1
		case c == '\r' || c == '\n':
			out = append(out, termKey{kind: keyEnter})
			if c == '\r' && i+1 < len(p) && p[i+1] == '\n' {
				i++
			}
			i++
		case c == 0x7f || c == 0x08:
			out = append(out, termKey{kind: keyBackspace})
			i++
		case c == 0x03:
			out = append(out, termKey{kind: keyCtrlC})
			i++
		case c == 0x04:
			out = append(out, termKey{kind: keyCtrlD})
			i++
		case c < 0x20:
			i++
		default:
			r, n := utf8.DecodeRune(p[i:])
			if r != utf8.RuneError && unicode.IsPrint(r) {
				out = append(out, termKey{kind: keyRune, r: r})
			}
			i += n
		}
	}
	return out
}

// cursorState is the terminal board's state between keys.
type cursorState struct {
	cursor   board.Square
	selected board.Square // the picked-up piece's square, or board.NoSquare
	input    string       // what was typed so far
	note     string       // feedback on the last key, shown under the prompt
}

// keyAction is what a key asks the game to do: run a command (a move in
// UCI when a piece was put down) or quit.
type keyAction struct {
	command string
	quit    bool
}

// handleKey is the terminal board's logic, a pure function of the state,
// the key and a snapshot of the game: arrows move the cursor (up is
// towards the top of the screen, so the board's flip matters), Enter with
// typed text runs it, Enter on one of your pieces picks it up, Enter on
// another square puts it down (a move, promoting to a queen; type e.g.
// e7e8n to under-promote), Enter on the same square puts it back, Escape
// drops the piece or the typed text, Ctrl-C (and Ctrl-D with no text)
// quits.
func (st cursorState) handleKey(k termKey, v playView) (cursorState, keyAction) {
	st.note = ""
	move := func(df, dr int) {
		if v.flip {
			df, dr = -df, -dr
		}
		f, r := st.cursor.File()+df, st.cursor.Rank()+dr
		if f >= 0 && f < 8 && r >= 0 && r < 8 {
			st.cursor = board.Square(r*8 + f)
		}
	}
	own := func(sq board.Square) bool {
		p := v.pieces[sq]
		return p != board.NoPiece && p.Color() == v.human
	}
	switch k.kind {
	case keyUp:
		move(0, 1)
	case keyDown:
		move(0, -1)
	case keyLeft:
		move(-1, 0)
	case keyRight:
		move(1, 0)
	case keyRune:
		st.input += string(k.r)
	case keyBackspace:
		if st.input != "" {
			_, n := utf8.DecodeLastRuneInString(st.input)
			st.input = st.input[:len(st.input)-n]
		}
	case keyEscape:
		if st.input != "" {
			st.input = ""
		} else {
			st.selected = board.NoSquare
		}
	case keyCtrlC:
		return st, keyAction{quit: true}
	case keyCtrlD:
		if st.input == "" {
			return st, keyAction{quit: true}
		}
	case keyEnter:
		if text := strings.TrimSpace(st.input); text != "" {
			st.input, st.selected = "", board.NoSquare
			return st, keyAction{command: text}
		}
		switch {
		case !v.canMove && v.over:
			st.note = "the game is over: type undo, save FILE or quit"
		case !v.canMove:
			st.note = "wait: it is not your turn"
		case st.selected == board.NoSquare:
			if own(st.cursor) {
				st.selected = st.cursor
			} else {
				st.note = "move the cursor to one of your pieces and press Enter to pick it up"
			}
		case st.cursor == st.selected:
			st.selected = board.NoSquare
		case own(st.cursor):
			st.selected = st.cursor
		default:
			from, to := st.selected, st.cursor
			uci := from.String() + to.String()
			if v.pieces[from].Type() == board.Pawn && (to.Rank() == 7 || to.Rank() == 0) {
				uci += "q"
			}
			st.selected = board.NoSquare
			return st, keyAction{command: uci}
		}
	}
	return st, keyAction{}
}

// Terminal board colors (256-color SGR backgrounds).
const (
	sgrCursor   = "48;5;75"  // blue: the cursor
	sgrSelected = "48;5;113" // green: the picked-up piece
	sgrLastMove = "48;5;186" // pale yellow: the last move's squares
)

// cursorBoard draws the board for the terminal UI with the cursor, the
// picked-up piece and the last move marked. Without color the cursor is
// [x] and the picked-up piece (x).
func (e *appEnv) cursorBoard(v playView, st cursorState) []string {
	ranks := []int{7, 6, 5, 4, 3, 2, 1, 0}
	files := []int{0, 1, 2, 3, 4, 5, 6, 7}
	if v.flip {
		slices.Reverse(ranks)
		slices.Reverse(files)
	}
	var lines []string
	if !e.out.On {
		lines = append(lines, "  +------------------------+")
	}
	for _, r := range ranks {
		var sb strings.Builder
		sb.WriteString(e.out.Paint(output.StyleDim, string(rune('1'+r))) + " ")
		if !e.out.On {
			sb.WriteString("|")
		}
		for _, f := range files {
			sq := board.Square(r*8 + f)
			p := v.pos.Board().Piece(chess.Square(sq))
			if !e.out.On {
				l, rr := " ", " "
				switch sq {
				case st.cursor:
					l, rr = "[", "]"
				case st.selected:
					l, rr = "(", ")"
				}
				sb.WriteString(l + pieceLetter(p) + rr)
				continue
			}
			bg := sgrLightSquare
			if (f+r)%2 == 0 {
				bg = sgrDarkSquare
			}
			if v.last != board.NoMove && (sq == v.last.From() || sq == v.last.To()) {
				bg = sgrLastMove
			}
			if sq == st.selected {
				bg = sgrSelected
			}
			if sq == st.cursor {
				bg = sgrCursor
			}
			sb.WriteString(e.out.SGR(bg+";"+sgrPiece, " "+pieceGlyph(p)+" "))
		}
		if !e.out.On {
			sb.WriteString("|")
		}
		lines = append(lines, sb.String())
	}
	var labels strings.Builder
	for _, f := range files {
		labels.WriteString(" " + string(rune('a'+f)) + " ")
	}
	if !e.out.On {
		lines = append(lines, "  +------------------------+", "   "+strings.TrimRight(labels.String(), " "))
	} else {
		lines = append(lines, e.out.Paint(output.StyleDim, "  "+strings.TrimRight(labels.String(), " ")))
	}
	return lines
}

// screenLog collects the game's messages for the terminal UI, which shows
// the last lines under the board.
type screenLog struct {
	mu      sync.Mutex
	lines   []string
	partial string
}

func (l *screenLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	text := l.partial + string(p)
	parts := strings.Split(text, "\n")
	l.partial = parts[len(parts)-1]
	l.lines = append(l.lines, parts[:len(parts)-1]...)
	if len(l.lines) > 1000 {
		l.lines = append([]string(nil), l.lines[len(l.lines)-500:]...)
	}
	return len(p), nil
}

// tail returns the last n complete lines.
func (l *screenLog) tail(n int) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.lines) <= n {
		return append([]string(nil), l.lines...)
	}
	return append([]string(nil), l.lines[len(l.lines)-n:]...)
}

// runTerminal plays on a terminal in raw mode: the board is redrawn with
// a cursor after every key, messages scroll under it, and commands run on
// a worker goroutine so the screen stays live (and Ctrl-C works) while
// the engine thinks. The terminal is restored on every way out.
func (s *playSession) runTerminal(in, out *os.File) error {
	fd := int(in.Fd())
	old, err := term.MakeRaw(fd)
	if err != nil {
		return s.runLines(in, false)
	}
	log := &screenLog{}
	s.out, s.boards = log, false
	// Alternate screen: the shell's screen comes back unchanged on exit.
	fmt.Fprint(out, "\x1b[?1049h")
	defer func() {
		fmt.Fprint(out, "\x1b[?1049l")
		term.Restore(fd, old)
		// Leave the end of the game on the normal screen.
		for _, l := range log.tail(6) {
			fmt.Fprintln(out, l)
		}
	}()

	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	s.ctx = ctx
	redraw := make(chan struct{}, 1)
	s.notify = func() {
		select {
		case redraw <- struct{}{}:
		default:
		}
	}
	keys := make(chan termKey, 64)
	go func() {
		defer close(keys)
		buf := make([]byte, 256)
		for {
			n, err := in.Read(buf)
			for _, k := range parseKeys(buf[:n]) {
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
	start := board.Square(12) // e2
	if s.cfg.human == board.Black {
		start = board.Square(52) // e7
	}
	st := cursorState{cursor: start, selected: board.NoSquare}
	run(s.begin)
	for {
		s.drawScreen(out, st, busy)
		select {
		case <-ctx.Done():
			if busy {
				<-done
			}
			return s.ctx.Err()
		case <-redraw:
		case r := <-done:
			busy = false
			if r.err != nil || r.quit {
				return r.err
			}
		case k, ok := <-keys:
			if !ok {
				cancel()
				if busy {
					<-done
				}
				return nil
			}
			v := s.snapshot()
			if busy {
				v.canMove = false
			}
			var act keyAction
			st, act = st.handleKey(k, v)
			switch {
			case act.quit:
				cancel()
				if busy {
					<-done
				}
				return nil
			case act.command != "" && busy:
				st.note = "wait: plylab is thinking"
				st.input = act.command
			case act.command != "":
				cmd := act.command
				fmt.Fprintf(log, "> %s\n", cmd)
				run(func() (bool, error) {
					q, err := s.handle(cmd)
					if errors.Is(err, context.Canceled) {
						return true, nil
					}
					return q, err
				})
			}
		}
	}
}

// drawScreen redraws the whole terminal: title, board, key help, the last
// messages and the prompt with what was typed.
func (s *playSession) drawScreen(out io.Writer, st cursorState, busy bool) {
	v := s.snapshot()
	width, height := 80, 24
	if w, h, err := term.GetSize(int(out.(*os.File).Fd())); err == nil {
		width, height = w, h
	}
	var sb strings.Builder
	sb.WriteString("\x1b[H\x1b[2J")
	line := func(text string) {
		sb.WriteString(text + "\x1b[K\r\n")
	}
	line(s.env.out.Paint(output.StyleBold, fmt.Sprintf("plylab play: you are %s; plylab (%s)", sideName(v.human), s.cfg.level)))
	boardLines := s.env.cursorBoard(v, st)
	for _, l := range boardLines {
		line(l)
	}
	help := "arrows move · Enter picks up / puts down · type moves or commands (help) · Esc cancels · Ctrl-C quits"
	if output.DisplayWidth(help) > width {
		help = "arrows · Enter · type 'help' · Ctrl-C quits"
	}
	line(s.env.out.Paint(output.StyleDim, help))
	// Messages fill the rows left; long ones are cut into screen-wide
	// pieces so that terminal wrapping cannot push the board off screen.
	var msgs []string
	for _, m := range s.outLog().tail(height) {
		msgs = append(msgs, wrapRunes(m, width)...)
	}
	room := max(3, height-len(boardLines)-4)
	if len(msgs) > room {
		msgs = msgs[len(msgs)-room:]
	}
	for _, l := range msgs {
		line(l)
	}
	prompt := v.prompt
	if busy {
		prompt = "plylab is thinking… "
	}
	if st.note != "" {
		line(s.env.out.Paint(output.StyleWarn, st.note))
	}
	sb.WriteString(s.env.out.Paint(output.StyleAccent, prompt) + st.input)
	fmt.Fprint(out, sb.String())
}

// wrapRunes cuts s into pieces of at most width runes.
func wrapRunes(s string, width int) []string {
	r := []rune(s)
	if width < 1 || len(r) <= width {
		return []string{s}
	}
	var out []string
	for len(r) > width {
		out = append(out, string(r[:width]))
		r = r[width:]
	}
	return append(out, string(r))
}

// outLog is the terminal UI's message log.
func (s *playSession) outLog() *screenLog {
	if l, ok := s.out.(*screenLog); ok {
		return l
	}
	return &screenLog{}
}
