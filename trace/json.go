package trace

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

// The JSON form of a tree is the whole tree for other tools. Its schema:
//
//	{
//	  "kind": "toy" | "chess", "title", "algo", "start", "root_player",
//	  "depth", "score", "pv": [...], "values": "...",
//	  "search_nodes", "qnodes", "nodes", "omitted", "earlier",
//	  "root_searches", "cutoffs", "pruned_moves", "tt_cutoffs",
//	  "null_cutoffs", "max_nodes", "filter",
//	  "root": node
//	}
//	node = {
//	  "id", "move", "uci", "path": [...], "ply", "depth",
//	  "player": "max" | "min",
//	  "alpha", "beta", "value", "bound": "exact" | "lower" | "upper" | "none",
//	  "max_value", "max_bound",                 (MAX's view, derived)
//	  "end": "expanded" | "cutoff" | "tt-cutoff" | "null-cutoff" | "stand-pat"
//	         | "delta" | "checkmate" | "stalemate" | "draw" | "leaf" | "quiet"
//	         (or any reason the engine adds later, by its String name),
//	  "searched", "total", "best",
//	  "quiescence", "null", "verify", "research", "pv", "hidden",
//	  "pruned": {"count", "moves": [...], "subtrees": [...]},
//	  "entered": moment, "left": moment,
//	  "raised", "stand_pat", "cause",
//	  "fold": {"moves": [...], "max_bound", "max_value", "more"},
//	  "children": [node, ...]
//	}
//	moment = {"seq", "nodes", "leaves", "cutoffs"}
//
// alpha, beta and value are negamax (the side to move's view), as the
// search saw them; max_value and max_bound repeat value and bound from
// MAX's view. entered and left are the search's progress (Moment) when it
// entered and left the node: ordered by seq, they are the order of the
// search, which a replay follows. raised marks a node whose value became
// its parent's best so far, stand_pat is a quiescence node's stand-pat
// score (negamax), cause the id of the child that caused a cutoff; fold
// marks a fold node (Node.Fold: the moves it stands for and the bound on
// their values, MAX's view), which only a drawing's --fit makes. Flags,
// zero ids and empty lists are left out when false, zero or empty.

const valuesNote = "alpha, beta and value are negamax: from the side to move's point of view; max_value and max_bound are from MAX's (the root player's) view"

type treeJSON struct {
	Kind        string   `json:"kind"`
	Title       string   `json:"title"`
	Algo        string   `json:"algo"`
	Start       string   `json:"start"`
	RootPlayer  string   `json:"root_player"`
	Depth       int      `json:"depth"`
	Score       int      `json:"score"`
	PV          []string `json:"pv"`
	Values      string   `json:"values"`
	SearchNodes uint64   `json:"search_nodes"`
	QNodes      uint64   `json:"qnodes"`
	Nodes       int      `json:"nodes"`
	Omitted     int      `json:"omitted"`
	Earlier     int      `json:"earlier"`
	Searches    int      `json:"root_searches"`
	Cutoffs     int      `json:"cutoffs"`
	PrunedMoves int      `json:"pruned_moves"`
	TTCutoffs   int      `json:"tt_cutoffs"`
	NullCutoffs int      `json:"null_cutoffs"`
	MaxNodes    int      `json:"max_nodes"`
	Filter      string   `json:"filter,omitempty"`
	Root        *Node    `json:"root"`
}

type nodeJSON struct {
	ID         int         `json:"id"`
	Move       string      `json:"move"`
	UCI        string      `json:"uci,omitempty"`
	Path       []string    `json:"path"`
	Ply        int         `json:"ply"`
	Depth      int         `json:"depth"`
	Player     string      `json:"player"`
	Alpha      int         `json:"alpha"`
	Beta       int         `json:"beta"`
	Value      int         `json:"value"`
	Bound      string      `json:"bound"`
	MaxValue   int         `json:"max_value"`
	MaxBound   string      `json:"max_bound"`
	End        string      `json:"end"`
	Searched   int         `json:"searched"`
	Total      int         `json:"total"`
	Best       string      `json:"best,omitempty"`
	Quiescence bool        `json:"quiescence,omitempty"`
	Null       bool        `json:"null,omitempty"`
	Verify     bool        `json:"verify,omitempty"`
	Research   bool        `json:"research,omitempty"`
	PV         bool        `json:"pv,omitempty"`
	Hidden     int         `json:"hidden,omitempty"`
	Pruned     *prunedJSON `json:"pruned,omitempty"`
	Entered    momentJSON  `json:"entered"`
	Left       momentJSON  `json:"left"`
	Raised     bool        `json:"raised,omitempty"`
	StandPat   *int        `json:"stand_pat,omitempty"`
	Cause      int         `json:"cause,omitempty"`
	Fold       *foldJSON   `json:"fold,omitempty"`
	Children   []*Node     `json:"children,omitempty"`
}

type foldJSON struct {
	Moves    []string `json:"moves"`
	MaxBound string   `json:"max_bound"`
	MaxValue int      `json:"max_value"`
	More     bool     `json:"more,omitempty"`
}

type momentJSON struct {
	Seq     int `json:"seq"`
	Nodes   int `json:"nodes"`
	Leaves  int `json:"leaves"`
	Cutoffs int `json:"cutoffs"`
}

type prunedJSON struct {
	Count    int      `json:"count"`
	Moves    []string `json:"moves"`
	Subtrees []string `json:"subtrees,omitempty"`
}

// MarshalJSON implements json.Marshaler.
func (t *Tree) MarshalJSON() ([]byte, error) {
	pv := t.PV
	if pv == nil {
		pv = []string{}
	}
	return textfmt.MarshalJSON(treeJSON{
		Kind: t.Kind, Title: t.Title, Algo: t.Algo, Start: t.Start, RootPlayer: t.RootPlayer,
		Depth: t.Depth, Score: t.Score, PV: pv, Values: valuesNote,
		SearchNodes: t.SearchNodes, QNodes: t.QNodes, Nodes: t.Nodes, Omitted: t.Omitted,
		Earlier: t.Earlier, Searches: t.Searches, MaxNodes: t.MaxNodes, Filter: t.Filter,
		Cutoffs: t.Cutoffs, PrunedMoves: t.PrunedMoves, TTCutoffs: t.TTCutoffs, NullCutoffs: t.NullCutoffs,
		Root: t.Root,
	})
}

// UnmarshalJSON implements json.Unmarshaler.
func (t *Tree) UnmarshalJSON(data []byte) error {
	var j treeJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	if j.Kind != KindChess && j.Kind != KindToy {
		return fmt.Errorf("trace: unknown tree kind %q (want %q or %q)", j.Kind, KindChess, KindToy)
	}
	*t = Tree{
		Kind: j.Kind, Title: j.Title, Algo: j.Algo, Start: j.Start, RootPlayer: j.RootPlayer,
		Depth: j.Depth, Score: j.Score, PV: j.PV,
		SearchNodes: j.SearchNodes, QNodes: j.QNodes, Nodes: j.Nodes, Omitted: j.Omitted,
		Earlier: j.Earlier, Searches: j.Searches, MaxNodes: j.MaxNodes, Filter: j.Filter,
		Cutoffs: j.Cutoffs, PrunedMoves: j.PrunedMoves, TTCutoffs: j.TTCutoffs, NullCutoffs: j.NullCutoffs,
		Root: j.Root,
	}
	return nil
}

// MarshalJSON implements json.Marshaler.
func (n *Node) MarshalJSON() ([]byte, error) {
	player := "max"
	if !n.Max() {
		player = "min"
	}
	path := n.Path
	if path == nil {
		path = []string{}
	}
	j := nodeJSON{
		ID: n.ID, Move: n.Name, UCI: n.UCI, Path: path, Ply: n.Ply, Depth: n.Depth, Player: player,
		Alpha: n.Alpha, Beta: n.Beta, Value: n.Value, Bound: n.Bound.String(),
		MaxValue: n.MaxValue(), MaxBound: n.MaxBound().String(), End: n.End.String(),
		Searched: n.Searched, Total: n.Total, Best: n.Best,
		Quiescence: n.Quiescence, Null: n.Null, Verify: n.Verify, Research: n.Research, PV: n.PV,
		Hidden: n.Hidden, Children: n.Children,
		Entered: momentJSON(n.Entered), Left: momentJSON(n.Left),
		Raised: n.Raised, StandPat: n.StandPat, Cause: n.Cause,
	}
	if p := n.Pruned; p != nil {
		j.Pruned = &prunedJSON{Count: p.Count, Moves: p.Moves, Subtrees: p.Subtrees}
		if j.Pruned.Moves == nil {
			j.Pruned.Moves = []string{}
		}
	}
	if g := n.Fold; g != nil {
		j.Fold = &foldJSON{Moves: g.Moves, MaxBound: g.Bound.String(), MaxValue: g.Value, More: g.More}
	}
	return textfmt.MarshalJSON(j)
}

// UnmarshalJSON implements json.Unmarshaler. The derived fields (player,
// max_value, max_bound) are ignored: they follow from the others.
func (n *Node) UnmarshalJSON(data []byte) error {
	var j nodeJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	bound, err := parseBound(j.Bound)
	if err != nil {
		return err
	}
	end, err := parseEnd(j.End)
	if err != nil {
		return err
	}
	*n = Node{
		ID: j.ID, Name: j.Move, UCI: j.UCI, Path: j.Path, Ply: j.Ply, Depth: j.Depth,
		Alpha: j.Alpha, Beta: j.Beta, Value: j.Value, Bound: bound, End: end,
		Searched: j.Searched, Total: j.Total, Best: j.Best,
		Quiescence: j.Quiescence, Null: j.Null, Verify: j.Verify, Research: j.Research, PV: j.PV,
		Hidden: j.Hidden, Children: j.Children,
		Entered: Moment(j.Entered), Left: Moment(j.Left),
		Raised: j.Raised, StandPat: j.StandPat, Cause: j.Cause,
	}
	if p := j.Pruned; p != nil {
		n.Pruned = &PrunedGroup{Count: p.Count, Moves: p.Moves, Subtrees: p.Subtrees}
	}
	if g := j.Fold; g != nil {
		b, err := parseBound(g.MaxBound)
		if err != nil {
			return err
		}
		n.Fold = &FoldGroup{Moves: g.Moves, Bound: b, Value: g.MaxValue, More: g.More}
	}
	return nil
}

func parseBound(s string) (engine.Bound, error) {
	for b := engine.BoundNone; b <= engine.Upper; b++ {
		if b.String() == s {
			return b, nil
		}
	}
	return 0, fmt.Errorf("trace: unknown bound %q", s)
}

func parseEnd(s string) (engine.EndReason, error) {
	// Every reason the engine names, including ones added after this
	// was written.
	for e := engine.EndExpanded; e.String() != "?" && e < 64; e++ {
		if e.String() == s {
			return e, nil
		}
	}
	return 0, fmt.Errorf("trace: unknown end reason %q", s)
}

// WriteJSON writes t as indented JSON followed by a newline.
func WriteJSON(w io.Writer, t *Tree) error {
	return textfmt.WriteJSON(w, t)
}

// ReadJSON reads a tree written by WriteJSON.
func ReadJSON(r io.Reader) (*Tree, error) {
	var t Tree
	if err := json.NewDecoder(r).Decode(&t); err != nil {
		return nil, fmt.Errorf("trace: reading a tree: %w", err)
	}
	return &t, nil
}
