package trace

import (
	"fmt"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine"
)

// eventLine writes an event as the replay shows it: entry (>) or exit
// (<), the path, the window on entry or the value returned, the counts
// so far, and at an exit whether the node raised its parent's best and
// what caused a cutoff.
func eventLine(t *Tree, e Event, byID map[int]*Node) string {
	n := e.Node
	path := strings.Join(n.Path, " ")
	if path == "" {
		path = "root"
	}
	if e.Enter {
		return fmt.Sprintf("%d > %s %s [%d %d %d]", e.At.Seq, path, t.WindowLabel(n), e.At.Nodes, e.At.Leaves, e.At.Cutoffs)
	}
	s := fmt.Sprintf("%d < %s %s [%d %d %d]", e.At.Seq, path, t.ValueLabel(n), e.At.Nodes, e.At.Leaves, e.At.Cutoffs)
	if n.Raised {
		s += " raised"
	}
	if end := t.EndLabel(n); end != "" {
		s += " " + end
	}
	if n.Cause != 0 {
		s += " by " + byID[n.Cause].Name
	}
	if n.Pruned != nil {
		s += " pruned " + strings.Join(n.Pruned.Moves, ",")
	}
	return s
}

func idIndex(t *Tree) map[int]*Node {
	byID := map[int]*Node{}
	t.Walk(func(n *Node) { byID[n.ID] = n })
	return byID
}

// The replay's sequence is the search's: on Russell and Norvig's tree,
// alpha-beta goes down a, comes back with 3, and is cut off under b by its
// first reply and under c by its last, event for event.
func TestReplayEventsRussellNorvig(t *testing.T) {
	tr, res := toyTree(t, russell, true)
	byID := idIndex(tr)
	var got []string
	for _, e := range tr.Events() {
		got = append(got, eventLine(tr, e, byID))
	}
	want := []string{
		"0 > root α -∞ β +∞ [1 0 0]",
		"1 > a α -∞ β +∞ [2 0 0]",
		"2 > a a α -∞ β +∞ [3 0 0]",
		"3 < a a 3 [3 1 0] raised",
		"4 > a b α -∞ β 3 [4 1 0]",
		"5 < a b 12 [4 2 0]",
		"6 > a c α -∞ β 3 [5 2 0]",
		"7 < a c 8 [5 3 0]",
		"8 < a 3 [5 3 0] raised",
		"9 > b α 3 β +∞ [6 3 0]",
		"10 > b a α 3 β +∞ [7 3 0]",
		"11 < b a 2 [7 4 0] raised",
		"12 < b ≤ 2 [7 4 1] α-cutoff after 1 of 3 by a pruned b,c",
		"13 > c α 3 β +∞ [8 4 1]",
		"14 > c a α 3 β +∞ [9 4 1]",
		"15 < c a 14 [9 5 1] raised",
		"16 > c b α 3 β 14 [10 5 1]",
		"17 < c b 5 [10 6 1] raised",
		"18 > c c α 3 β 5 [11 6 1]",
		"19 < c c 2 [11 7 1] raised",
		"20 < c ≤ 2 [11 7 2] α-cutoff after 3 of 3 by c",
		"21 < root 3 [11 7 2]",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("replay events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	last := tr.Root.Left
	if uint64(last.Nodes) != res.Stats.Nodes || uint64(last.Leaves) != res.Stats.Leaves || uint64(last.Cutoffs) != res.Stats.BetaCutoffs {
		t.Errorf("final counts %+v, search nodes %d leaves %d cutoffs %d", last, res.Stats.Nodes, res.Stats.Leaves, res.Stats.BetaCutoffs)
	}
	if fc := tr.FirstCutoff(); fc == nil || strings.Join(fc.Path, " ") != "b" || fc.Left.Nodes != 7 {
		t.Errorf("first cutoff %+v, want b after 7 nodes", fc)
	}
}

// On a chess position the events are the search's own: numbered without
// a gap when nothing was beyond the node budget, each node inside its
// parent's entry and exit, the last counts the search's, every cutoff's
// cause its last child searched; the first cutoff is inside 1.Kd7's
// subtree, the first root move.
func TestReplayEventsChess(t *testing.T) {
	tr, res := chessTree(t, fenMate2, engine.AlphaBetaOptions(), 3, 0)
	events := tr.Events()
	if len(events) != 2*497 {
		t.Fatalf("%d events, want %d", len(events), 2*497)
	}
	for i, e := range events {
		if e.At.Seq != i {
			t.Fatalf("event %d has seq %d", i, e.At.Seq)
		}
	}
	byID := idIndex(tr)
	tr.Walk(func(n *Node) {
		for i, c := range n.Children {
			if c.Entered.Seq <= n.Entered.Seq || c.Left.Seq >= n.Left.Seq {
				t.Errorf("%v: child %v outside its parent's events", n.Path, c.Path)
			}
			if i > 0 && c.Entered.Seq != n.Children[i-1].Left.Seq+1 {
				t.Errorf("%v: child %v not entered right after its sibling left", n.Path, c.Path)
			}
		}
		if n.End == engine.EndCutoff {
			c := byID[n.Cause]
			if c == nil || c != n.Children[len(n.Children)-1] || c.Name != n.Best || !c.Raised {
				t.Errorf("%v: cutoff caused by %v, best %s", n.Path, c, n.Best)
			}
		}
	})
	last := tr.Root.Left
	if uint64(last.Nodes) != res.Stats.Nodes || uint64(last.Leaves) != res.Stats.Leaves || uint64(last.Cutoffs) != res.Stats.BetaCutoffs {
		t.Errorf("final counts %+v, search nodes %d leaves %d cutoffs %d", last, res.Stats.Nodes, res.Stats.Leaves, res.Stats.BetaCutoffs)
	}
	var head []string
	for _, e := range events[:8] {
		head = append(head, eventLine(tr, e, byID))
	}
	wantHead := []string{
		"0 > root α -∞ β +∞ [1 0 0]",
		"1 > c8d7 α -∞ β +∞ [2 0 0]",
		"2 > c8d7 b8h2 α -∞ β +∞ [3 0 0]",
		"3 > c8d7 b8h2 d7e6 α -∞ β +∞ [4 0 0]",
		"4 < c8d7 b8h2 d7e6 +100 [4 1 0] raised",
		"5 > c8d7 b8h2 d7e7 α +100 β +∞ [5 1 0]",
		"6 < c8d7 b8h2 d7e7 +100 [5 2 0]",
		"7 > c8d7 b8h2 d7c8 α +100 β +∞ [6 2 0]",
	}
	if strings.Join(head, "\n") != strings.Join(wantHead, "\n") {
		t.Errorf("first events:\n%s\nwant:\n%s", strings.Join(head, "\n"), strings.Join(wantHead, "\n"))
	}
	fc := tr.FirstCutoff()
	if got, want := eventLine(tr, Event{Node: fc, At: fc.Left}, byID), "55 < c8d7 b8g3 ≥ +200 [29 25 1] β-cutoff after 6 of 19 by Rxa7+ pruned Rb1,Rc1,Rd1,Re1,Rf1,Rg1,Rh1,Ra2,Ra3,Ra4,Ra5,Ra6,bxa7"; got != want {
		t.Errorf("first cutoff:\n%s\nwant\n%s", got, want)
	}
}

// Beyond the node budget the events keep the search's numbering: the
// kept nodes' seq leave gaps where the counted ones were, and the counts
// include them.
func TestReplayEventsBudget(t *testing.T) {
	tr, res := chessTree(t, fenMate2, engine.AlphaBetaOptions(), 3, 50)
	if tr.Omitted == 0 {
		t.Fatal("nothing beyond a budget of 50")
	}
	events := tr.Events()
	if len(events) != 2*tr.Nodes {
		t.Errorf("%d events for %d nodes", len(events), tr.Nodes)
	}
	for i := 1; i < len(events); i++ {
		if events[i].At.Seq <= events[i-1].At.Seq || events[i].At.Nodes < events[i-1].At.Nodes {
			t.Fatalf("events %d and %d out of order: %+v %+v", i-1, i, events[i-1].At, events[i].At)
		}
	}
	if last := events[len(events)-1]; last.Node != tr.Root || last.At.Seq != 2*int(res.Stats.Nodes)-1 || uint64(last.At.Nodes) != res.Stats.Nodes {
		t.Errorf("last event %+v of node %d; search nodes %d", last.At, last.Node.ID, res.Stats.Nodes)
	}
}

// The full engine's record: a null-move cutoff is caused by the null
// move's search, a node of quiescence or at the horizon (which runs
// quiescence itself) remembers its stand pat, and every kept node is
// inside its parent's events.
func TestReplayEventsEngine(t *testing.T) {
	tr, _ := chessTree(t, fenKiwipete, engine.EngineOptions(), 4, 0)
	byID := idIndex(tr)
	var nullCuts, standPats int
	tr.Walk(func(n *Node) {
		switch n.End {
		case engine.EndNullCutoff:
			if c := byID[n.Cause]; c == nil || !c.Null {
				t.Errorf("%v: null-move cutoff caused by %v", n.Path, c)
			}
			nullCuts++
		case engine.EndTTCutoff, engine.EndRFP, engine.EndStandPat:
			if n.Cause != 0 {
				t.Errorf("%v: %s with a cause", n.Path, n.End)
			}
		}
		if n.StandPat != nil {
			standPats++
			if !n.Quiescence && n.Depth > 0 {
				t.Errorf("%v: a stand pat above the horizon", n.Path)
			}
		}
		for _, c := range n.Children {
			if c.Entered.Seq <= n.Entered.Seq || c.Left.Seq >= n.Left.Seq {
				t.Errorf("%v: child %v outside its parent's events", n.Path, c.Path)
			}
		}
	})
	if nullCuts == 0 || standPats == 0 {
		t.Errorf("%d null-move cutoffs, %d stand pats recorded; want some of each", nullCuts, standPats)
	}
}
