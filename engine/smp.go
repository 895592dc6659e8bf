package engine

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/plylab/plylab/engine/board"
)

// Lazy SMP: searching with several threads (Options.Threads).
//
// Alpha-beta is hard to split between processors: a node's later moves
// are searched with the window its first move set, so searching them at
// the same time as the first wastes work, and the classical schemes that
// split the tree at chosen nodes (young brothers wait, DTS) need much
// bookkeeping to do it well. Lazy SMP does not split anything. Every
// thread searches the whole tree from the same root, with its own board,
// killers, histories, frames and evaluator, and the threads share only
// the transposition table. What one thread stores, the others find: a
// cutoff, an exact score, the best move to try first. So the main
// thread's tree shrinks where a helper has been before it, and because
// the helpers' move orders drift apart (their histories differ, and the
// table changes under them), they soon search different parts of the
// tree and fill the table with results the main thread will need.
//
// The helpers are pushed apart on purpose too: each skips some depths of
// iterative deepening (skipDepth), so it runs ahead of the main thread and
// stores deeper results. The main thread alone decides: its iterations
// are the search's result and its reports, its limits end the search,
// and when it stops it stops the helpers. The statistics per technique
// are the main thread's; the node counts of the helpers are added where
// nodes are counted for a limit or a speed (Iteration.Nodes,
// Result.HelperNodes, Limits.Nodes).
//
// One thread is the deterministic search every node count of plylab is
// measured with: a helper changes the table under the main thread, so
// with more threads the nodes, and sometimes the move, vary from run to
// run. The name is Julien Marcel's, on the computer-chess forums at the
// end of 2012, and Daniel Homan, Martin Sedlak and others worked the idea
// out (chessprogramming.org, "Lazy SMP"); the skip pattern is Stockfish
// 9's.

// MaxThreads is the most threads a search uses (Options.Threads).
const MaxThreads = 64

// smp is what the threads of one search share besides the table.
type smp struct {
	stop  atomic.Bool   // set by the main thread, or by a helper at the node limit: the helpers stop
	nodes atomic.Uint64 // the helpers' nodes and qnodes, published every 2048 (checkStop)
	main  atomic.Uint64 // the main thread's nodes and qnodes, published every 2048 (checkStop)
	limit uint64        // Limits.Nodes of the search (0 for none), for the helpers to check
	wg    sync.WaitGroup
}

// Skip blocks: helper i (from 1) with n = skipSize[(i-1)%20] and p =
// skipPhase[(i-1)%20] skips the depths d where (d+p)/n is odd, so the
// helpers spread over the depths in blocks of one to four: helper 1
// searches the even depths, helper 2 the odd ones, helpers 3 to 6 two
// depths out of four with four different phases, and so on.
var (
	skipSize  = [20]int{1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4}
	skipPhase = [20]int{0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7}
)

// skipDepth reports whether helper thread s skips iteration depth.
func (s *Searcher) skipDepth(depth int) bool {
	i := (s.helper - 1) % len(skipSize)
	return (depth+skipPhase[i])/skipSize[i]%2 == 1
}

// startHelpers starts the helper threads, each on a copy of b, searching
// the root moves the main thread searches (allowed, when restricted).
func (s *Searcher) startHelpers(ctx context.Context, b *board.Board, limits Limits, allowed []board.Move, restricted bool) {
	if len(s.helpers) == 0 {
		return
	}
	s.smp.stop.Store(false)
	s.smp.nodes.Store(0)
	s.smp.main.Store(0)
	s.smp.limit = limits.Nodes
	for _, h := range s.helpers {
		hb := b.Copy()
		s.smp.wg.Add(1)
		go func() {
			defer s.smp.wg.Done()
			h.helperSearch(ctx, hb, limits, allowed, restricted)
		}()
	}
}

// stopHelpers stops the helper threads, waits for them, and returns the
// nodes and qnodes they searched.
func (s *Searcher) stopHelpers() uint64 {
	if len(s.helpers) == 0 {
		return 0
	}
	s.smp.stop.Store(true)
	s.smp.wg.Wait()
	var n uint64
	for _, h := range s.helpers {
		n += h.stats.TotalNodes()
	}
	return n
}

// helperSearch is a helper thread's search: iterative deepening from the
// main thread's root to the depth limit, skipping the depths its skip
// block says, each iteration starting from its own previous one (best
// move, aspiration window), until the main thread stops it. Its results
// are the table entries it leaves.
func (s *Searcher) helperSearch(ctx context.Context, b *board.Board, limits Limits, allowed []board.Move, restricted bool) {
	s.reset(ctx, b, nil)
	first, last := s.depths(limits)
	prevScore := 0
	var prevLines []Line
	for depth := first; depth <= last && !s.stopped; depth++ {
		if first < last && s.skipDepth(depth) {
			continue
		}
		if restricted {
			found := s.searchLines(depth, allowed, true, 1, prevLines)
			if found == nil {
				break
			}
			prevLines = found
			continue
		}
		score, _ := s.searchRoot(depth, prevScore)
		if s.stopped {
			break
		}
		prevScore = score
		if root := &s.frames[0]; root.pvLen > 0 {
			s.rootBest = root.pv[0]
		}
	}
	s.publishNodes()
}

// publishNodes adds the nodes a helper thread searched since it last did
// to the count the main thread reads.
func (s *Searcher) publishNodes() {
	n := s.stats.TotalNodes()
	s.smp.nodes.Add(n - s.published)
	s.published = n
}

// helperAtLimit reports whether the nodes all the threads have published
// reach the search's node limit. A helper that finds so stops the
// helpers itself: the limit must hold even while the main thread, which
// otherwise ends the search, is not running (more threads than cores).
func (s *Searcher) helperAtLimit() bool {
	lim := s.smp.limit
	return lim > 0 && s.smp.nodes.Load()+s.smp.main.Load() >= lim
}

// allNodes returns the nodes and qnodes searched so far: the thread's
// own, and for the main thread of a Lazy SMP search also those its
// helpers have published.
func (s *Searcher) allNodes() uint64 {
	n := s.stats.TotalNodes()
	if s.smp != nil && s.helper == 0 {
		n += s.smp.nodes.Load()
	}
	return n
}
