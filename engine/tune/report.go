package tune

import (
	"fmt"
	"os"
)

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
	return fmt.Sprintf("Made by: %s\nData: %s; %d games, %d positions after ply %d, %d quiet ones for training, %d held out.\nK = %.4f; training error %.6f before, %.6f after; held-out error %.6f before, %.6f after (%d epochs of Adam, rate %g, L2 %g).",
		madeBy, set.Source, set.Games, set.Positions, skipPlies, len(set.Samples), len(set.Valid), res.K,
		res.ErrorBefore, res.ErrorNow, res.ValidBefore, res.ValidNow, res.Epochs, opts.Rate, opts.L2)
}
