package tune

import (
	"bytes"
	"fmt"
	"os"

	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/positions"
)

// ReadMasterGames reads the built-in master games (positions.MasterGames)
// as ReadPGN does; the set's source describes them.
func ReadMasterGames(opts ExtractOptions) (*Set, error) {
	pgn, err := positions.MasterGames()
	if err != nil {
		return nil, err
	}
	return ReadPGN(bytes.NewReader(pgn), positions.MasterGamesSource, opts)
}

// ReadPGNFiles reads the games of several PGN files into one set, as
// ReadPGN does for one (the set's source names each file). The error of a
// file that cannot be opened or read is returned as it is.
func ReadPGNFiles(files []string, opts ExtractOptions) (*Set, error) {
	var all *Set
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			return nil, err
		}
		set, err := ReadPGN(f, file, opts)
		f.Close()
		if err != nil {
			return nil, err
		}
		if all == nil {
			all = set
			continue
		}
		all.Add(set)
	}
	return all, nil
}

// ReportEpochs picks the epochs of a run of n epochs worth a row in a
// report: every every-th one and the last (1-based, in order).
func ReportEpochs(n, every int) []int {
	every = max(1, every)
	var out []int
	for e := 1; e <= n; e++ {
		if e%every == 0 || e == n {
			out = append(out, e)
		}
	}
	return out
}

// ErrorAt is the training error after epoch (0: before the first).
func (r *Result) ErrorAt(epoch int) float64 {
	if epoch == 0 {
		return r.ErrorBefore
	}
	return r.Errors[epoch-1]
}

// ValidErrorAt is the held-out error after epoch (0: before the first).
func (r *Result) ValidErrorAt(epoch int) float64 {
	if epoch == 0 {
		return r.ValidBefore
	}
	return r.ValidErrors[epoch-1]
}

// Provenance is the comment WriteGo puts above tuned weights: who made
// them (madeBy, e.g. the command line), from what data (set, after
// skipPlies plies), and how the fit went (res, run with opts).
func Provenance(madeBy string, set *Set, skipPlies int, res *Result, opts Options) string {
	fitted := "term weights"
	if opts.Squares {
		fitted = "term weights and piece-square corrections"
	}
	return fmt.Sprintf("Made by: %s\nData: %s; %d games, %d positions after ply %d, %d quiet ones for training, %d held out.\nK = %.4f; training error %.6f before, %.6f after; held-out error %.6f before, %.6f after (%s, %d epochs of Adam, rate %g, L2 %g).",
		madeBy, set.Source, set.Games, set.Positions, skipPlies, len(set.Samples), len(set.Valid), res.K,
		res.ErrorBefore, res.ErrorNow, res.ValidBefore, res.ValidNow, fitted, res.Epochs, opts.Rate, opts.L2)
}

// ReportRow is one row of a tuning report: the errors after an epoch
// and their change since the start.
type ReportRow struct {
	Epoch         int
	Error, Change float64
	// HeldOut says whether the set had held-out positions; ValidError and
	// ValidChange are their error and its change (0 without them).
	HeldOut                 bool
	ValidError, ValidChange float64
}

// ReportRows are the rows of a report on r: the start (epoch 0), every
// every-th epoch and the last (see ReportEpochs). heldOut says whether
// the set had held-out positions.
func (r *Result) ReportRows(every int, heldOut bool) []ReportRow {
	var rows []ReportRow
	for _, epoch := range append([]int{0}, ReportEpochs(len(r.Errors), every)...) {
		e := r.ErrorAt(epoch)
		row := ReportRow{Epoch: epoch, Error: e, Change: e - r.ErrorBefore, HeldOut: heldOut}
		if heldOut {
			ve := r.ValidErrorAt(epoch)
			row.ValidError, row.ValidChange = ve, ve-r.ValidBefore
		}
		rows = append(rows, row)
	}
	return rows
}

// Notes sum up a run of planned epochs for a report: the errors of the
// weights kept, what the error is, and whether the run stopped early.
func (r *Result) Notes(planned int) []string {
	notes := []string{fmt.Sprintf("kept: training error %.6f (from %.6f), held-out error %.6f (from %.6f), after %d epochs",
		r.ErrorNow, r.ErrorBefore, r.ValidNow, r.ValidBefore, r.Epochs),
		"error = mean of (result - sigmoid(K * eval / 400))^2 over quiet positions; with held-out games the kept weights are the epoch that predicts them best"}
	if r.Epochs < planned {
		notes = append(notes, fmt.Sprintf("stopped after %d of %d epochs", r.Epochs, planned))
	}
	return notes
}

// StartWeights returns the weights a fit starts from, by name: "default"
// (the engine's, eval.DefaultWeights) or "zero" (every weight 0); ok is
// false for any other name.
func StartWeights(name string) (w eval.Weights, ok bool) {
	switch name {
	case "default":
		return eval.DefaultWeights, true
	case "zero":
		return eval.Weights{}, true
	}
	return eval.Weights{}, false
}
