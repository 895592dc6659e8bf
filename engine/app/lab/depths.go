package lab

// The deepest depths the experiments take from a user (checked with
// engine.CheckDepth): deeper, a run would not end in a lesson's time, and
// the budget guards (GuardSearch, GuardPerft) refuse most runs well before.
const (
	MaxCompareDepth = 30 // compare and scores
	MaxPerftDepth   = 12 // perft
)
