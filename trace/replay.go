package trace

import "sort"

// The replay: the recorded nodes' entries and exits in the order the
// search made them. The recorder numbered every event as it happened
// (Node.Entered, Node.Left); Events only sorts the recorded ones by that
// number, so a replay (the pages' replay.js reads the same numbers from
// the drawing) follows the search's own record and computes nothing.

// Event is a recorded node's entry or exit.
type Event struct {
	// Node is the node entered or left.
	Node *Node
	// Enter is true for the entry, false for the exit.
	Enter bool
	// At is the search's progress at the event: Node.Entered or
	// Node.Left.
	At Moment
}

// Events returns the entries and exits of t's recorded nodes in the order
// of the search.
func (t *Tree) Events() []Event {
	var out []Event
	t.Walk(func(n *Node) {
		out = append(out, Event{Node: n, Enter: true, At: n.Entered}, Event{Node: n, At: n.Left})
	})
	sort.SliceStable(out, func(i, j int) bool { return out[i].At.Seq < out[j].At.Seq })
	return out
}

// FirstCutoff returns the recorded node the search cut off first (the
// cutoff node, IsCutoff, whose exit comes first), or nil when no recorded
// node was cut off.
func (t *Tree) FirstCutoff() *Node {
	var first *Node
	t.Walk(func(n *Node) {
		if IsCutoff(n.End) && (first == nil || n.Left.Seq < first.Left.Seq) {
			first = n
		}
	})
	return first
}
