package tune

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/plylab/plylab/engine/board"

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
	// LabelEngine, if set, is a UCI engine that labels every position by
	// a search to LabelDepth (see UCILabeller); LabelWeight is its share
	// of the label and LabelCache the file that keeps its labels.
	LabelEngine string
	LabelDepth  int
	LabelWeight float64
	LabelCache  string
	// Labelled, if set, is called after each position the label engine
	// labelled, with the counts so far (for a progress line).
	Labelled func(searched, cached int)
}

// Labels describes the labels for the data description: the game results,
// or the blend with the label engine's search.
func (t Training) Labels() string {
	if t.LabelEngine == "" {
		return "labels: game results"
	}
	return fmt.Sprintf("labels: %g × game result + %g × the expected score of %s at depth %d (win/draw/loss)",
		1-t.LabelWeight, t.LabelWeight, filepath.Base(t.LabelEngine), t.LabelDepth)
}

// ErrNoSamples is Training.Load's error when the games leave no quiet
// position to train on.
var ErrNoSamples = errors.New("the games have no quiet positions")

// LabelError is Training.Load's error when the label engine cannot be
// started or fails on a position; what it labelled is in the cache.
type LabelError struct{ Err error }

// Error returns Err's message.
func (e *LabelError) Error() string { return "label engine: " + e.Err.Error() }

// Unwrap returns Err.
func (e *LabelError) Unwrap() error { return e.Err }

// FilesError is Training.Load's error when a PGN file cannot be opened,
// read or parsed; Err is ReadPGNFiles's.
type FilesError struct{ Err error }

// Error returns Err's message.
func (e *FilesError) Error() string { return e.Err.Error() }

// Unwrap returns Err.
func (e *FilesError) Unwrap() error { return e.Err }

// Load reads the training set, deciding each sample's endgame scale with
// the weights start. Its errors are *FilesError and ErrNoSamples.
func (t Training) Load(ctx context.Context, start *eval.Weights) (*Set, error) {
	xo := ExtractOptions{SkipPlies: t.Skip, Every: t.Every, Start: start, Holdout: t.Holdout, Context: ctx}
	if t.Skip == 0 {
		xo.SkipPlies = 1 // 0 would mean the default
	}
	if t.LabelEngine != "" {
		l, err := StartUCILabeller(ctx, t.LabelEngine, t.LabelDepth, t.LabelCache)
		if err != nil {
			return nil, &LabelError{Err: err}
		}
		defer l.Close()
		xo.LabelWeight = t.LabelWeight
		xo.Label = func(b *board.Board) (float64, error) {
			v, err := l.Label(ctx, b)
			if err != nil {
				return 0, &LabelError{Err: err}
			}
			if t.Labelled != nil {
				t.Labelled(l.Searched, l.Cached)
			}
			return v, nil
		}
	}
	var set *Set
	var err error
	var le *LabelError
	if len(t.PGN) == 0 {
		set, err = ReadMasterGames(xo)
	} else if set, err = ReadPGNFiles(t.PGN, xo); err != nil && !errors.As(err, &le) && ctx.Err() == nil {
		err = &FilesError{Err: err}
	}
	if err != nil {
		return nil, err
	}
	if t.LabelEngine != "" {
		set.Source += "; " + t.Labels()
	}
	if len(set.Samples) == 0 {
		return nil, ErrNoSamples
	}
	return set, nil
}
