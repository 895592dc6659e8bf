package tune

import (
	"errors"

	"github.com/plylab/plylab/engine/eval"
)

// Training is which positions a tuning run learns from, as a user gives
// them: the games of PGN files (none: the built-in master games), after
// the first Skip plies of each, every Every-th, every Holdout-th pair of
// games held out (ExtractOptions).
type Training struct {
	PGN []string
	// Skip leaves out each game's first plies; unlike
	// ExtractOptions.SkipPlies, 0 leaves none out but the start position.
	Skip    int
	Every   int
	Holdout int
}

// ErrNoSamples is Training.Load's error when the games leave no quiet
// position to train on.
var ErrNoSamples = errors.New("the games have no quiet positions")

// FilesError is Training.Load's error when a PGN file cannot be opened,
// read or parsed; Err is ReadPGNFiles's.
type FilesError struct{ Err error }

// Error returns Err's message.
func (e *FilesError) Error() string { return e.Err.Error() }

// Unwrap returns Err.
func (e *FilesError) Unwrap() error { return e.Err }

// Load reads the training set, deciding each sample's endgame scale with
// the weights start. Its errors are *FilesError and ErrNoSamples.
func (t Training) Load(start *eval.Weights) (*Set, error) {
	xo := ExtractOptions{SkipPlies: t.Skip, Every: t.Every, Start: start, Holdout: t.Holdout}
	if t.Skip == 0 {
		xo.SkipPlies = 1 // 0 would mean the default
	}
	var set *Set
	var err error
	if len(t.PGN) == 0 {
		set, err = ReadMasterGames(xo)
	} else if set, err = ReadPGNFiles(t.PGN, xo); err != nil {
		err = &FilesError{Err: err}
	}
	if err != nil {
		return nil, err
	}
	if len(set.Samples) == 0 {
		return nil, ErrNoSamples
	}
	return set, nil
}
