package engine

import (
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/nnue"
)

// The static evaluation the search asks for: one interface, one
// implementation per way of evaluating, chosen once when the Searcher is
// made (Options.Eval), so the search never asks which evaluation it has.

// evaluator is a static evaluation: Evaluate returns the score of b's
// position in centipawns from the side to move's point of view. An
// evaluator may keep state between calls (the network's accumulators, a
// memo), so each Searcher has its own.
type evaluator interface {
	Evaluate(b *board.Board) int
}

// newEvaluator returns the evaluator for opts.Eval: the network's
// incremental state (nnue.State) for nnue, the classical evaluation with
// its memo for classical, the plain function of eval for the others.
func newEvaluator(opts Options) evaluator {
	switch opts.Eval {
	case eval.NNUE:
		net := opts.Net
		if net == nil {
			net = nnue.Default()
		}
		return nnue.NewState(net)
	case eval.Classical:
		return &cachedEval{eval: eval.NewEvaluator(opts.EvalTerms(), nil), cache: make([]evalEntry, evalCacheSize)}
	}
	return kindEval(opts.Eval)
}

// kindEval evaluates with one of eval's functions without terms
// (material, piece-square tables, PeSTO).
type kindEval eval.Kind

// Evaluate returns eval.Evaluate of b for the kind.
func (k kindEval) Evaluate(b *board.Board) int { return eval.Evaluate(b, eval.Kind(k)) }

// cachedEval is the classical evaluation with a memo. The classical
// evaluation costs several times a table lookup, and the search asks for
// the same position's evaluation again and again (re-searches,
// transpositions, quiescence reaching a position the main search
// evaluated), so its results are remembered by Zobrist key. The cache
// only saves time: it returns exactly what the evaluation would, so node
// counts do not change.
type cachedEval struct {
	eval  *eval.Evaluator
	cache []evalEntry
}

// evalEntry is one memorised static evaluation.
type evalEntry struct {
	key   uint64
	score int32
	valid bool
}

// evalCacheSize is the number of evaluations remembered (a power of two):
// 2^16 entries of 16 bytes, 1 MiB.
const evalCacheSize = 1 << 16

// Evaluate returns the classical evaluation of b, from the memo if b's
// position is there.
func (c *cachedEval) Evaluate(b *board.Board) int {
	key := b.Hash()
	e := &c.cache[key&(evalCacheSize-1)]
	if e.valid && e.key == key {
		return int(e.score)
	}
	v := c.eval.Evaluate(b)
	*e = evalEntry{key: key, score: int32(v), valid: true}
	return v
}

// evaluate returns the static evaluation of b.
func (s *Searcher) evaluate(b *board.Board) int { return s.eval.Evaluate(b) }
