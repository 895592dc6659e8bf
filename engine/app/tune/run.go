package tune

import (
	"context"
	"errors"
	"fmt"

	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/kit/param"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

// A whole tuning run as `plylab tune` asks for it: its numbers checked,
// the training set loaded from the starting weights, the fit, what it
// prints, and the Go file of the weights.

// MaxEpochs is the most epochs a run accepts.
const MaxEpochs = 100000

// Run is one tuning run: the training positions, the weights to start
// from by name (StartWeights) and Tune's options.
type Run struct {
	Training
	From string // "default" or "zero"
	Options
}

// Check checks the run's numbers and its start before any game is read;
// the errors are package param's, naming the parameters by Run's fields.
func (r Run) Check() error {
	if r.Epochs < 1 || r.Epochs > MaxEpochs {
		return param.Errorf("{Epochs} %d is out of range; give 1 to %d", r.Epochs, MaxEpochs)
	}
	if r.Skip < 0 || r.Every < 1 || r.Holdout < 0 || r.L2 < 0 {
		return param.Errorf("{Skip}, {Holdout} and {L2} must be 0 or more, {Every} 1 or more")
	}
	if r.Rate <= 0 || r.K < 0 {
		return param.Errorf("{Rate} must be positive and {K} positive (or 0 to fit it)")
	}
	if r.LabelEngine != "" && (r.LabelDepth < 1 || r.LabelDepth > 40 || r.LabelWeight < 0 || r.LabelWeight > 1) {
		return param.Errorf("{LabelDepth} must be 1 to 40 and {LabelWeight} 0 to 1")
	}
	if r.LabelEngine == "" && r.LabelCache != "" {
		return param.Errorf("{LabelCache} needs {LabelEngine}")
	}
	if _, ok := StartWeights(r.From); !ok {
		return param.Errorf("{From} %q: start from 'default' or 'zero'", r.From)
	}
	return nil
}

// Do loads the training set with the starting weights and fits them. A
// set without samples is ErrNoSamples wrapped with the plies skipped and
// what to do; unreadable games are Training.Load's *FilesError; then
// Tune's errors.
func (r Run) Do(ctx context.Context) (*Set, *Result, error) {
	start, ok := StartWeights(r.From)
	if !ok {
		return nil, nil, r.Check()
	}
	set, err := r.Load(ctx, &start)
	if errors.Is(err, ErrNoSamples) {
		err = param.Errorf("%w after %d plies; give longer games or a smaller {Skip}", ErrNoSamples, r.Skip)
	}
	if err != nil {
		return nil, nil, err
	}
	opts := r.Options
	if r.From == "zero" && opts.StartSquares == nil {
		opts.StartSquares = &eval.Squares{} // PeSTO's tables as published
	}
	res, err := Tune(ctx, set, start, opts)
	return set, res, err
}

// EpochStatus is the progress line of a run of epochs after epoch, whose
// error is e.
func EpochStatus(epoch, epochs int, e float64) string {
	return fmt.Sprintf("tune: epoch %d/%d, error %.6f", epoch, epochs, e)
}

// Report is what a run prints of res on set: the errors every `every`
// epochs of the planned ones and, with weights, a gap and the weights.
func (res *Result) Report(set *Set, format string, every, planned int, weights bool) textfmt.Report {
	rep := textfmt.Report{textfmt.TablePart(res.ErrorTable(set, every, planned))}
	if weights {
		rep = append(rep, textfmt.GapPart(format), textfmt.TablePart(res.WeightsTable()))
	}
	return rep
}
