package play

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/game"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/engine/textbook"
)

// Help lists the moves and commands.
const Help = `Moves: SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (e2e4, e7e8q).
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

// Handle runs one command line and reports whether to quit. Its error
// is ctx's when ctx ends during the engine's search.
func (s *Session) Handle(ctx context.Context, line string) (quit bool, err error) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false, nil
	}
	switch cmd := strings.ToLower(fields[0]); cmd {
	case "help", "?":
		s.printf("%s", Help)
	case "quit", "exit":
		s.printf("Bye.\n")
		return true, nil
	case "undo", "takeback":
		s.undo()
	case "hint":
		return false, s.hint(ctx)
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
		s.printf("%s\n", s.g.FEN())
	case "moves":
		s.listMoves()
	case "resign":
		if s.g.Over() {
			s.printf("The game is over already.\n")
			break
		}
		s.g.Resign(s.cfg.Human)
		s.setView()
		s.announceEnd("")
	case "draw":
		s.draw()
	default:
		return false, s.humanMove(ctx, strings.TrimSpace(line))
	}
	return false, nil
}

func (s *Session) setThinking(args []string) {
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

// play plays m on the record and refreshes the view.
func (s *Session) play(m board.Move) (string, error) {
	san, err := s.g.Play(m)
	if err != nil {
		return "", fmt.Errorf("internal: %w", err)
	}
	s.setView()
	return san, nil
}

func (s *Session) humanMove(ctx context.Context, text string) error {
	if s.g.Over() {
		s.printf("The game is over (%s). Type 'undo' to take back your last move, 'save FILE' to save the game, or 'quit'.\n", s.g.Result())
		return nil
	}
	if s.g.Side() != s.cfg.Human {
		return s.engineTurn(ctx)
	}
	m, err := s.g.ParseMove(text)
	if err != nil {
		s.printf("%q is not a legal move or a command here; type 'moves' for the legal moves or 'help' for the commands.\n", text)
		return nil
	}
	label := s.moveNumber()
	san, err := s.play(m)
	if err != nil {
		return err
	}
	s.printf("You play %s %s\n", label, san)
	if s.g.Over() {
		s.printBoard()
		s.afterMove()
		return nil
	}
	return s.engineTurn(ctx)
}

// engineTurn plays the engine's move: from the book when it has one,
// otherwise by searching. On its turn the engine first claims a draw by
// threefold repetition or the fifty-move rule, as a player may.
func (s *Session) engineTurn(ctx context.Context) error {
	if s.g.Over() || s.g.Side() == s.cfg.Human {
		return nil
	}
	if _, ok := s.g.Claim(); ok {
		s.setView()
		s.announceEnd("plylab")
		return nil
	}
	label := s.moveNumber()
	if s.cfg.Book != nil {
		if m, ok := s.cfg.Book.Pick(s.g.Board(), s.cfg.Rand); ok {
			san, err := s.play(m)
			if err != nil {
				return err
			}
			s.printf("plylab plays %s %s  (book move)\n", label, san)
			s.printBoard()
			s.afterMove()
			return nil
		}
	}
	r, err := s.search(ctx)
	if err != nil {
		return err
	}
	m := r.BestMove
	note := s.searchNote(r, "")
	if b := s.g.Board(); m == board.NoMove || !b.IsLegal(m) {
		// Only a search stopped before its first iteration ends here.
		var ml board.MoveList
		b.GenerateMoves(&ml)
		m, note = ml.Moves[0], "no search result in time: first legal move"
	} else {
		s.score, s.hasScore = r.Score, true
	}
	san, err := s.play(m)
	if err != nil {
		return err
	}
	s.printf("plylab plays %s %s  (%s)\n", label, san, note)
	s.printBoard()
	s.afterMove()
	return nil
}

// search runs the engine on a copy of the board (so a screen can keep
// drawing the real one) and, with thinking on, prints each iteration.
func (s *Session) search(ctx context.Context) (engine.Result, error) {
	cur := s.g.Board()
	b := cur.Copy()
	var info func(engine.Iteration)
	if s.thinking {
		info = func(it engine.Iteration) {
			s.printf("  depth %2d  score %9s  nodes %9s  time %8s  pv %s\n", it.Depth, Score(it.Score),
				s.cfg.Count(it.Nodes), s.cfg.Duration(it.Elapsed), strings.Join(cur.SANLine(it.PV), " "))
		}
	}
	var r engine.Result
	if s.searcher != nil {
		r = s.searcher.Search(ctx, b, s.cfg.Limits, nil, info)
	} else {
		r = textbook.Run(ctx, b, s.cfg.Options, s.cfg.Limits, nil, info)
	}
	return r, ctx.Err()
}

// Score is a score for people: "+35 cp" or "mate in 3".
func Score(score int) string {
	if engine.IsMate(score) {
		return engine.FormatScore(score)
	}
	return engine.FormatScore(score) + " cp"
}

// searchNote summarises a search: "depth 4, score +12 cp, 835 nodes".
func (s *Session) searchNote(r engine.Result, whose string) string {
	return fmt.Sprintf("depth %d, score %s%s, %s nodes", r.Depth, Score(r.Score), whose, s.cfg.Count(r.Stats.TotalNodes()))
}

// afterMove reports a finished game, or on the person's turn a draw they
// may claim.
func (s *Session) afterMove() {
	if s.g.Over() {
		s.announceEnd("")
		return
	}
	if s.g.Side() != s.cfg.Human {
		return
	}
	for _, m := range s.g.Claimable() {
		switch m {
		case game.ThreefoldRepetition:
			s.printf("This position has occurred three times: you may claim a draw with 'draw'.\n")
		case game.FiftyMoveRule:
			s.printf("Fifty moves without a capture or pawn move: you may claim a draw with 'draw'.\n")
		}
	}
}

// draw claims a draw for the person, or offers one: the engine accepts
// an offer only when its last search saw itself clearly worse.
func (s *Session) draw() {
	if s.g.Over() {
		s.printf("The game is over already.\n")
		return
	}
	if _, ok := s.g.Claim(); ok {
		s.setView()
		s.announceEnd("you")
		return
	}
	if s.hasScore && s.score <= -150 {
		s.g.AgreeDraw()
		s.setView()
		s.announceEnd("")
		return
	}
	why := "it has not searched yet"
	if s.hasScore {
		why = "its last score was " + Score(s.score)
	}
	s.printf("plylab declines the draw offer (%s). A draw can be claimed after a threefold repetition or fifty moves without a capture or pawn move.\n", why)
}

// announceEnd prints the result and offers to save the game. claimant
// names who claimed a draw ("you" or "plylab"), if one was claimed.
func (s *Session) announceEnd(claimant string) {
	var how string
	switch s.g.Method() {
	case game.Checkmate:
		how = "checkmate, " + SideName(s.g.Side().Other()) + " wins"
	case game.Resignation:
		how = "you resigned, " + SideName(s.cfg.Human.Other()) + " wins"
	case game.Stalemate:
		how = "stalemate, a draw"
	case game.InsufficientMaterial:
		how = "a draw, neither side has the material to mate"
	case game.ThreefoldRepetition:
		how = claimant + " claimed a draw by threefold repetition"
	case game.FiftyMoveRule:
		how = claimant + " claimed a draw by the fifty-move rule"
	case game.FivefoldRepetition:
		how = "a draw by fivefold repetition"
	case game.SeventyFiveMoveRule:
		how = "a draw by the seventy-five-move rule"
	case game.DrawAgreed:
		how = "plylab accepted your draw offer"
	}
	result := s.g.Result()
	verdict := ""
	switch {
	case result == game.Draw:
	case (result == game.WhiteWins) == (s.cfg.Human == board.White):
		verdict = " You win!"
	default:
		verdict = " plylab wins."
	}
	s.printf("Game over: %s (%s).%s\n", how, result, verdict)
	s.printf("Type 'save FILE' to save the game as PGN, 'undo' to take back your last move, or 'quit'.\n")
}

// undo takes back the person's last move and the engine's reply, so it
// is the person's turn again.
func (s *Session) undo() {
	i := s.g.Len() - 1
	for ; i >= 0 && s.g.Mover(i) != s.cfg.Human; i-- {
	}
	if i < 0 {
		s.printf("Nothing to undo: you have not moved yet.\n")
		return
	}
	taken := strings.Join(game.Numbered(s.g.StartFEN(), s.g.SAN(), i), " ")
	if err := s.g.Truncate(i); err != nil {
		s.printf("Cannot undo: %v\n", err)
		return
	}
	s.setView()
	s.printf("Took back %s.\n", taken)
	s.printBoard()
}

func (s *Session) hint(ctx context.Context) error {
	if s.g.Over() {
		s.printf("The game is over: no hint.\n")
		return nil
	}
	if s.g.Side() != s.cfg.Human {
		return nil
	}
	b := s.g.Board()
	if s.cfg.Book != nil {
		if m, ok := s.cfg.Book.Best(b); ok {
			s.printf("Hint: %s  (the book's most played move)\n", b.SAN(m))
			return nil
		}
	}
	r, err := s.search(ctx)
	if err != nil {
		return err
	}
	if r.BestMove == board.NoMove {
		s.printf("No hint: the search found no move in time.\n")
		return nil
	}
	s.printf("Hint: %s  (%s; line %s)\n", b.SAN(r.BestMove), s.searchNote(r, " for you"), strings.Join(b.SANLine(r.PV), " "))
	return nil
}

func (s *Session) listMoves() {
	b := s.g.Board()
	var ml board.MoveList
	b.GenerateMoves(&ml)
	sans := make([]string, 0, ml.N)
	for _, m := range ml.Slice() {
		sans = append(sans, b.SAN(m))
	}
	sort.Strings(sans)
	if len(sans) == 0 {
		s.printf("No legal moves.\n")
		return
	}
	s.printf("%d legal moves: %s\n", len(sans), strings.Join(sans, " "))
}

// pluralPlies is "1 ply" or "n plies".
func pluralPlies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}

func (s *Session) save(path string) {
	if path == "" {
		s.printf("Save needs a file name, e.g. 'save game.pgn'.\n")
		return
	}
	if err := os.WriteFile(path, []byte(s.PGN()), 0o644); err != nil {
		s.printf("Cannot save: %v\n", textfmt.PathCause(err))
		return
	}
	s.printf("Saved the game (%s) to %s.\n", pluralPlies(s.g.Len()), path)
}

// PGN is the game in PGN: the seven standard tags (a loaded game keeps
// its event, site, date and round), FEN and SetUp for a game from another
// position, the other tags of a loaded game, then the moves.
func (s *Session) PGN() string {
	human := s.cfg.Player
	if human == "" {
		human = "Player"
	}
	eng := "plylab (" + s.cfg.Level + ")"
	white, black := human, eng
	if s.cfg.Human == board.Black {
		white, black = eng, human
	}
	h := game.Header{Event: "plylab game", Site: "plylab", Date: game.Date(s.cfg.Now()), Round: "-", White: white, Black: black}
	if s.cfg.Load != nil {
		// A loaded game keeps its event, site, date, round and other tags.
		for _, t := range s.cfg.Load.Tags {
			switch {
			case !game.InRoster(t.Name):
				h.Extra = append(h.Extra, t)
			case t.Name == "Event":
				h.Event = t.Value
			case t.Name == "Site":
				h.Site = t.Value
			case t.Name == "Date":
				h.Date = t.Value
			case t.Name == "Round":
				h.Round = t.Value
			}
		}
	}
	var sb strings.Builder
	game.WritePGN(&sb, s.g.PGN(h))
	return sb.String()
}
