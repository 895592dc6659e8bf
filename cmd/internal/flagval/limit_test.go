package flagval

import "testing"

// Limit.Parse: only the values whose flags were given count; each error
// names the flag, with the prefix, and gives an example.
func TestLimitParse(t *testing.T) {
	tests := []struct {
		in   Limit
		want string // the limit's String, or the error
	}{
		{Limit{}, "no limit"},
		{Limit{Depth: 0, Nodes: 0, MoveTime: "x", TC: "y"}, "no limit"}, // nothing set
		{Limit{Depth: 6, DepthSet: true}, "depth 6"},
		{Limit{MoveTime: "250", MoveTimeSet: true}, "250ms/move"},
		{Limit{Depth: 3, DepthSet: true, MoveTime: "1s", MoveTimeSet: true, TC: "40/60+1", TCSet: true}, "depth 3, 1s/move, 40/60+1"},
		{Limit{Prefix: "opponent-", Nodes: 500, NodesSet: true, Depth: 9, DepthSet: true}, "depth 9, 500 nodes"},
		{Limit{Nodes: 0, NodesSet: true}, "--nodes must be between 1 and 1000000000000, got 0; try --nodes 20000"},
		{Limit{Nodes: 1e12 + 1, NodesSet: true}, "--nodes must be between 1 and 1000000000000, got 1000000000001; try --nodes 20000"},
		{Limit{Depth: 0, DepthSet: true}, "--depth must be between 1 and 64, got 0; try --depth 4"},
		{Limit{Prefix: "opponent-", Depth: 999, DepthSet: true}, "--opponent-depth must be between 1 and 64, got 999; try --opponent-depth 4"},
		{Limit{MoveTime: "500us", MoveTimeSet: true}, `--movetime "500us": expected at least 1ms, e.g. --movetime 100ms or 5s`},
		{Limit{Prefix: "opponent-", MoveTime: "-1s", MoveTimeSet: true}, `--opponent-movetime "-1s": expected a positive duration like 500ms, 2s or 1m30s, or a whole number of milliseconds like 1000`},
		{Limit{TC: "", TCSet: true}, `--tc: bad time control "": the base time "" is not a number of seconds; write BASE+INC in seconds, e.g. 10+0.1, 60, 1:30+1 or 40/60`},
	}
	for _, tt := range tests {
		l, err := tt.in.Parse()
		got := l.String()
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.in, got, tt.want)
		}
	}
}
