package nnue

import "github.com/plylab/plylab/engine/board"

// Incremental evaluation.
//
// Computing the first layer from scratch adds one row of weights per piece
// and side, up to 64 rows. But a move changes at most four features (a
// capture: the mover leaves a square, arrives on another, the victim
// goes; castling: king and rook both move), so the accumulators of a
// position are its parent's plus and minus two to four rows. This is what
// makes a network fast enough for a search (the "efficiently updatable"
// of NNUE, Yu Nasu's efficiently updatable neural network, 2018).
//
// State keeps one pair of accumulators per ply of the board's history and
// updates them lazily: a position's accumulators are computed only when
// it is evaluated, from the nearest ancestor whose accumulators are still
// valid, replaying the moves in between (the board records every move
// with the piece that moved and the one it captured). Positions the
// search visits without evaluating (cut by the transposition table, say)
// cost nothing. An entry is valid for a ply if it was computed for the
// position now at that ply, which its Zobrist key tells.

// maxReplay is the most moves State replays from an ancestor; further
// back, a fresh computation is cheaper.
const maxReplay = 12

// State evaluates positions with a network, reusing work between the
// positions of one search. It is not safe for concurrent use.
type State struct {
	net   *Network
	buf   []int16 // accumulators, 2·Hidden per ply: White's view, then Black's
	keys  []uint64
	valid []bool
}

// NewState returns an evaluation state for net.
func NewState(net *Network) *State { return &State{net: net} }

// Network returns the state's network.
func (st *State) Network() *Network { return st.net }

// acc returns the accumulator of ply seen from side c.
func (st *State) acc(ply int, c board.Color) []int16 {
	h := st.net.Hidden
	i := (2*ply + int(c)) * h
	return st.buf[i : i+h : i+h]
}

// grow makes room for ply.
func (st *State) grow(ply int) {
	if ply < len(st.keys) {
		return
	}
	n := max(2*len(st.keys), ply+64)
	st.buf = append(st.buf, make([]int16, 2*st.net.Hidden*n-len(st.buf))...)
	st.keys = append(st.keys, make([]uint64, n-len(st.keys))...)
	st.valid = append(st.valid, make([]bool, n-len(st.valid))...)
}

// Reset forgets every accumulator (after the board was replaced).
func (st *State) Reset() { clear(st.valid) }

// Evaluate returns the network's score of b's position in centipawns from
// the side to move's point of view (the same as Network.Evaluate).
func (st *State) Evaluate(b *board.Board) int {
	p := b.Ply()
	st.update(b, p)
	us := b.Side()
	return st.net.Output(st.acc(p, us), st.acc(p, us.Other()), b.Occupied().Count())
}

// Update makes the accumulators of b's current position ready without
// evaluating it, so that its children update from them. A search that
// evaluates only at its leaves (the textbook searches, the minimal tree)
// calls it after every move it makes: each leaf then costs one update
// from its parent instead of a computation from scratch.
func (st *State) Update(b *board.Board) { st.update(b, b.Ply()) }

// update makes the accumulators of ply p valid for b's current position.
func (st *State) update(b *board.Board, p int) {
	st.grow(p)
	if st.valid[p] && st.keys[p] == b.Hash() {
		return
	}
	q := p - 1
	for ; q >= 0 && q >= p-maxReplay; q-- {
		if st.valid[q] && st.keys[q] == b.KeyAt(q) {
			break
		}
	}
	if q < 0 || q < p-maxReplay {
		st.net.Refresh(b, st.acc(p, board.White), st.acc(p, board.Black))
	} else {
		for i := q; i < p; i++ {
			st.apply(b, i)
			st.keys[i+1], st.valid[i+1] = b.KeyAt(i+1), true
		}
	}
	st.keys[p], st.valid[p] = b.Hash(), true
}

// apply computes the accumulators of ply i+1 from those of ply i and the
// i-th move.
func (st *State) apply(b *board.Board, i int) {
	m, moved, captured := b.MoveAt(i)
	n := st.net
	for _, c := range [2]board.Color{board.White, board.Black} {
		src, dst := st.acc(i, c), st.acc(i+1, c)
		if m == board.NoMove {
			copy(dst, src)
			continue
		}
		from, to := m.From(), m.To()
		placed := moved
		if m.IsPromotion() {
			placed = board.MakePiece(moved.Color(), m.Promotion())
		}
		add, sub := n.row(Feature(c, placed, to)), n.row(Feature(c, moved, from))
		switch {
		case captured != board.NoPiece:
			capSq := to
			if m.Flag() == board.FlagEnPassant {
				capSq = to ^ 8
			}
			addSubSub(dst, src, add, sub, n.row(Feature(c, captured, capSq)))
		case m.IsCastle():
			rf, rt := to+1, to-1
			if m.Flag() == board.FlagQueenCastle {
				rf, rt = to-2, to+1
			}
			rook := board.MakePiece(moved.Color(), board.Rook)
			addAddSubSub(dst, src, add, n.row(Feature(c, rook, rt)), sub, n.row(Feature(c, rook, rf)))
		default:
			addSub(dst, src, add, sub)
		}
	}
}
