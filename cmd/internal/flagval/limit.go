package flagval

import (
	"errors"
	"fmt"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/match"
)

// Limit holds the values of the flags that set one player's search limit:
// --PREFIXdepth, --PREFIXnodes, --PREFIXmovetime and --PREFIXtc, where
// Prefix is "" or match's "opponent-". A value counts only when its Set
// field says the flag was given (a command without --tc or --nodes
// leaves them unset).
type Limit struct {
	Prefix      string
	Depth       int // 1 to engine.MaxDepth
	DepthSet    bool
	Nodes       int64 // 1 to 10^12
	NodesSet    bool
	MoveTime    string // a duration (Duration), at least 1ms
	MoveTimeSet bool
	TC          string // a clock, match.ParseClock
	TCSet       bool
}

// Parse checks the values given and returns the limit, its unset fields
// zero. Its errors are one line naming the flag with an example.
func (v Limit) Parse() (match.Limit, error) {
	var l match.Limit
	p := v.Prefix
	if v.DepthSet {
		if err := engine.CheckDepth(v.Depth, engine.MaxDepth, 4); err != nil {
			text, _ := ParamWords(err, "Depth", "--"+p+"depth")
			return l, errors.New(text)
		}
		l.Depth = v.Depth
	}
	if v.MoveTimeSet {
		mt, err := Duration(p+"movetime", v.MoveTime)
		if err != nil {
			return l, err
		}
		if mt < time.Millisecond {
			return l, &Error{p + "movetime", v.MoveTime, fmt.Sprintf("at least 1ms, e.g. --%smovetime 100ms or 5s", p)}
		}
		l.MoveTime = mt
	}
	if v.NodesSet {
		if v.Nodes < 1 || v.Nodes > 1e12 {
			return l, fmt.Errorf("--%snodes must be between 1 and 1000000000000, got %d; try --%snodes 20000", p, v.Nodes, p)
		}
		l.Nodes = uint64(v.Nodes)
	}
	if v.TCSet {
		clk, err := match.ParseClock(v.TC)
		if err != nil {
			return l, fmt.Errorf("--%stc: %v", p, err)
		}
		l.Clock = &clk
	}
	return l, nil
}
