package engine

import "github.com/plylab/plylab/engine/board"

// Move ordering.
//
// Alpha-beta's savings depend entirely on the order of moves: if the best
// move is searched first at every node, the tree shrinks from b^d to about
// b^(d/2) leaves (Knuth and Moore). The engine orders in four stages:
//
//  1. the hash move, the best move stored in the transposition table for
//     this position (usually the best move of the previous iteration);
//  2. captures and promotions by MVV-LVA, "most valuable victim, least
//     valuable attacker": PxQ before QxP, since winning big material with a
//     small piece is the likeliest refutation;
//  3. two killer moves per ply: quiet moves that caused a beta cutoff in a
//     sibling position, which often refute this one too;
//  4. the remaining quiet moves by the history heuristic: a table indexed by
//     side, from-square and to-square that grows by depth² every time the
//     move causes a cutoff, so moves that refute deep subtrees rank high.
//
// Moves are picked lazily (selection of the best remaining move) because a
// cutoff after the first one or two moves is the common case, and a full
// sort would be wasted work. Ties keep generation order.
//
// A refinement, SEE ordering (seeorder), moves the captures that
// lose material by static exchange evaluation (QxP defended by a pawn)
// after the quiet moves: MVV-LVA puts them early because the victim is
// worth something, but they are rarely the refutation and each one costs a
// subtree before the good quiet moves are tried.
//
// Another, the counter-move heuristic (countermove), remembers
// for each move of the opponent (by its from and to squares) the quiet
// move that last refuted it, and tries that move right after the killers:
// a good answer to Bb5 (a6, say) tends to stay good in sibling positions
// that differ elsewhere on the board, which the killers (indexed by ply,
// not by the move answered) cannot see.
//
// Continuation history (conthist, engine/conthist.go) adds to each quiet
// move's history score what the move scored after the same previous move
// and after the same move two plies back.

const (
	scoreHash    = 1 << 30
	scoreCapture = 1 << 24
	scoreKiller1 = 1<<24 - 1
	scoreKiller2 = 1<<24 - 2
	scoreCounter = 1<<24 - 3
	historyMax   = 1 << 22
	// scoreBadCapture ranks losing captures below every quiet move (quiet
	// scores are 0 or more).
	scoreBadCapture = -(1 << 20)
)

// mvvlva ranks captures: victim value first, then the cheaper attacker.
var mvvValue = [7]int32{0, 1, 3, 3, 5, 9, 20}

func (s *Searcher) scoreMoves(ply int, moves []board.Move, scores []int32, hashMove board.Move) {
	o := &s.opts
	b := s.b
	side := b.Side()
	f := &s.frames[ply]
	for i, m := range moves {
		var sc int32
		switch {
		case m == hashMove && hashMove != board.NoMove:
			sc = scoreHash
		case !m.IsQuiet():
			if o.MVVLVA {
				victim := b.PieceAt(m.To()).Type()
				if m.Flag() == board.FlagEnPassant {
					victim = board.Pawn
				}
				attacker := b.PieceAt(m.From()).Type()
				sc = scoreCapture + mvvValue[victim]*64 - mvvValue[attacker]
				p := m.Promotion()
				if p != board.NoPieceType {
					sc += mvvValue[p] * 64
				}
				if s.capHist != nil {
					sc = scoreCapture + s.captureOrderScore(b, m, victim, attacker)
				}
				// SEE ordering: a capture of a cheaper piece may lose the
				// capturer (QxP, PxQ); if the exchange loses material it
				// goes after every quiet move, still in MVV-LVA order.
				if o.SEEOrder && p == board.NoPieceType && mvvValue[victim] < mvvValue[attacker] && !SEEAtLeast(b, m, 0) {
					sc = scoreBadCapture + mvvValue[victim]*64 - mvvValue[attacker]
					if s.capHist != nil {
						sc = scoreBadCapture + s.captureOrderScore(b, m, victim, attacker)
					}
				}
			}
		default:
			if o.Killers && o.AlphaBeta {
				if m == f.killers[0] {
					sc = scoreKiller1
					break
				}
				if m == f.killers[1] {
					sc = scoreKiller2
					break
				}
			}
			if o.CounterMove && o.AlphaBeta {
				if p := f.prev; p != board.NoMove && m == s.counter[p.From()][p.To()] {
					sc = scoreCounter
					break
				}
			}
			if o.History && o.AlphaBeta {
				sc = s.history[side][m.From()][m.To()]
				if o.ContHist {
					sc += s.contScore(ply, moveContIndex(b, m))
				}
			}
		}
		scores[i] = sc
	}
}

// pickMove moves the best-scored move among moves[i:] to position i. A
// strict comparison keeps the earlier move on ties, so with all scores
// equal the generation order is kept.
func pickMove(moves []board.Move, scores []int32, i int) {
	scores = scores[:len(moves)] // one bounds check here, none in the loop
	best, top := i, scores[i]
	for j := i + 1; j < len(scores); j++ {
		if scores[j] > top {
			best, top = j, scores[j]
		}
	}
	if best != i {
		moves[i], moves[best] = moves[best], moves[i]
		scores[i], scores[best] = scores[best], scores[i]
	}
}

// skipQuiets sets aside the quiet moves among moves[i:] that do not give
// check, for futility or late move pruning: the moves still to search
// (captures, promotions, checks) keep their order and scores in
// moves[i:end], and the set-aside moves follow in some order (their scores
// no longer matter: they are never picked). skipped counts the set-aside
// moves other than excluded, the move a singular test leaves out, which is
// never searched anyway; the search counts them as pruned at once, even
// those a later cutoff would never have reached.
func skipQuiets(b *board.Board, moves []board.Move, scores []int32, i int, excluded board.Move) (end, skipped int) {
	scores = scores[:len(moves)]
	end = i
	for j := i; j < len(moves); j++ {
		m := moves[j]
		if m.IsQuiet() && !b.GivesCheck(m) {
			if m != excluded {
				skipped++
			}
			continue
		}
		// Everything between end and j was set aside, so swapping keeps
		// the kept moves in order.
		moves[end], moves[j] = m, moves[end]
		scores[end], scores[j] = scores[j], scores[end]
		end++
	}
	return end, skipped
}

// updateQuietCutoff rewards a quiet move that caused a beta cutoff.
func (s *Searcher) updateQuietCutoff(ply, depth int, m board.Move) {
	f := &s.frames[ply]
	if s.opts.Killers && f.killers[0] != m {
		f.killers[1] = f.killers[0]
		f.killers[0] = m
	}
	if s.opts.CounterMove {
		if p := f.prev; p != board.NoMove {
			s.counter[p.From()][p.To()] = m
		}
	}
	if s.opts.History && s.opts.HistMalus {
		s.updateHistoryMalus(ply, depth, m)
	} else if s.opts.History {
		h := &s.history[s.b.Side()][m.From()][m.To()]
		*h += historyBonus(depth)
		if *h >= historyMax {
			// Halve everything: keeps the table bounded and below the
			// killer scores, and lets old information fade.
			for c := range s.history {
				for f := range s.history[c] {
					for t := range s.history[c][f] {
						s.history[c][f][t] /= 2
					}
				}
			}
		}
	}
}

// History malus (histmalus).
//
// The plain history only rewards: a move that caused a cutoff gains
// depth², and a move that was searched and failed gains nothing, so a
// move that refuted once long ago keeps its rank however often it has
// failed since. With the malus, the cutoff also teaches about the quiet
// moves searched before it at that node: they were tried and did not
// refute, so each loses what the cutoff move gains. A move's score then
// measures how often it refutes when tried, not just how often it was
// tried and refuted. Scores move by gravity (see conthist.go): each update
// adds bonus − score·|bonus|/histMalusMax, so they stay within
// ±histMalusMax without the halving, and a score near its bound changes
// little while one that keeps being wrong falls back. A negative score
// still ranks the move above the losing captures (scoreBadCapture).
// chessprogramming.org, "History Heuristic", describes the malus
// ("butterfly" boards with penalties) as a refinement used by most
// modern engines.

// histMalusMax bounds each history score under histmalus; histMalusBonus
// caps the depth² bonus so the deepest cutoffs do not swamp the table.
const (
	histMalusMax   = 1 << 14
	histMalusBonus = 1024
)

// updateHistoryMalus rewards quiet move m, which caused a cutoff at ply,
// and penalises the quiet moves searched before it there.
func (s *Searcher) updateHistoryMalus(ply, depth int, m board.Move) {
	bonus := int32(min(depth*depth, histMalusBonus))
	row := &s.history[s.b.Side()]
	historyGravity(&row[m.From()][m.To()], bonus)
	f := &s.frames[ply]
	for _, q := range f.tried[:f.nTried] {
		if q != m {
			historyGravity(&row[q.From()][q.To()], -bonus)
		}
	}
}

// historyGravity moves *e by bonus, less the closer it is to
// ±histMalusMax.
func historyGravity(e *int32, bonus int32) {
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	*e += bonus - *e*abs/histMalusMax
}
