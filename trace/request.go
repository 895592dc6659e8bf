package trace

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/kit/param"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/engine/textbook"
)

// MaxNodesLimit is the largest node budget a Request may ask for.
const MaxNodesLimit = 1_000_000

// Request is what `plylab tree` was asked to do, as its flags say it and
// before any check. Textbook reads its textbook tree, if any; Job checks
// the rest against the input and returns the searches to run. Their
// errors are the user's, package param's naming Request's fields; the
// CLI reports them as usage errors naming its flags.
type Request struct {
	// Toy is a textbook tree given inline (a bundled name or nested
	// lists), ToyFile the file to read one from; ToySet and ToyFileSet say
	// which flags were given.
	Toy, ToyFile       string
	ToySet, ToyFileSet bool
	// PositionSet says a chess position was given (--position or --fen).
	PositionSet bool
	// Algo is --algo as typed (for its error); SideBySide a second
	// algorithm to draw next to the first ("" for none); EvalSet says
	// --eval was given, so the second takes the first's evaluation.
	Algo, SideBySide string
	EvalSet          bool
	// Depth is --depth; DepthSet says it was given (a textbook tree is
	// otherwise searched to its height).
	Depth    int
	DepthSet bool
	// MaxNodes is the recorder's node budget, 1 to MaxNodesLimit.
	MaxNodes int
	// The view: MaxDepth, Collapse, PVOnly and Focus (moves separated by
	// commas or spaces) in every format; Fit in drawings only (Drawing of
	// Format), the text view and JSON showing the whole recorded tree.
	MaxDepth, Collapse, Fit int
	PVOnly                  bool
	Focus                   string
	Format                  string // the output format, from PickFormat
	// FitSet says Fit was given. Slide asks for the projector preset
	// (DrawOptions.Slide, FitSlide): the drawing folds to fit a slide,
	// Fit nodes at most. Window and NoLegend are the drawing's options.
	FitSet, Slide, Window, NoLegend bool
}

// Job is a checked Request: the input, the algorithms (one, or two drawn
// side by side), the depth, the node budget and the view.
type Job struct {
	Input    Input
	Algos    []engine.Options
	Depth    int
	MaxNodes int // the recorder's node budget
	Filter   Filter
	// Draw is how the drawing is drawn; with Draw.Slide, SlideFit is the
	// most nodes FitSlide may leave.
	Draw     DrawOptions
	SlideFit int
}

// DefaultFit is the node budget of a drawing (Filter.Fit) when none is
// given, and the most nodes the slide preset tries: on paper, about what
// a page of a lesson holds; a slide holds fewer (FitSlide).
const DefaultFit = 40

// Run traces the job's searches (SearchEach): one tree per algorithm;
// with Draw.Slide folded to fit a slide (FitSlide).
func (j Job) Run(ctx context.Context) ([]*Tree, error) {
	trees, err := SearchEach(ctx, j.Input, j.Algos, j.Depth, j.MaxNodes, j.Filter)
	if err != nil || !j.Draw.Slide {
		return trees, err
	}
	shown, _, err := FitSlide(j.Draw, j.SlideFit, trees...)
	if err != nil {
		return nil, &FilterError{err}
	}
	return shown, nil
}

// Textbook returns the textbook tree r asks for (ToyInput of Toy, or
// ToyFileInput of ToyFile's contents), or nil and no error when it asks
// for none: the input is then a chess position, the caller's to find.
// Asking for both a toy and a toy file, or a toy and a position, is an
// error, and so is a file that cannot be read or does not parse.
func (r Request) Textbook() (*Input, error) {
	if r.ToySet && r.ToyFileSet {
		return nil, param.Errorf("use only one of {Toy} and {ToyFile}")
	}
	if (r.ToySet || r.ToyFileSet) && r.PositionSet {
		return nil, param.Errorf("give either a textbook tree ({Toy}, {ToyFile}) or a chess position ({Position}, {FEN}), not both")
	}
	switch {
	case r.ToyFileSet:
		data, err := os.ReadFile(r.ToyFile)
		if err != nil {
			return nil, param.Errorf("cannot read {ToyFile} %s: %v", r.ToyFile, textfmt.PathCause(err))
		}
		in, err := ToyFileInput(r.ToyFile, data)
		if err != nil {
			return nil, fmt.Errorf("bad textbook tree in %s %s; write nested lists of numbers such as ((3,12,8),(2,4,6))", r.ToyFile, DescribeToyError(err, true))
		}
		return in, nil
	case r.ToySet:
		in, err := ToyInput(r.Toy)
		var se *textbook.ToySyntaxError
		switch {
		case errors.As(err, &se):
			return nil, param.Errorf("bad {Toy} tree %s; write nested lists of numbers such as \"((3,12,8),(2,4,6))\"", DescribeToyError(err, false))
		case err != nil:
			return nil, fmt.Errorf("%v; or write a tree as nested lists such as \"((3,12,8),(2,4,6))\"", err)
		}
		return in, nil
	}
	return nil, nil
}

// Job checks r against the input in and the algorithms --algo gave
// (switches applied), in the order the flags are reported: one algorithm,
// then SideBySide added to it (with its own evaluation unless EvalSet,
// and the first's table size), what CheckAlgos and CheckDepth refuse, the
// node budget, then the view.
func (r Request) Job(in Input, algos []engine.Options) (Job, error) {
	if len(algos) != 1 {
		return Job{}, param.Errorf("{Algo} takes one algorithm here, got %q; draw a second with {SideBySide} ALGO2", r.Algo)
	}
	if r.SideBySide != "" {
		o, err := engine.ParseAlgo(r.SideBySide)
		if err != nil {
			return Job{}, param.Errorf("{SideBySide}: %v", err)
		}
		// Each preset keeps its own evaluation unless --eval says otherwise.
		if r.EvalSet {
			o.Eval = algos[0].Eval
		}
		o.TTSizeMB = algos[0].TTSizeMB
		algos = append(algos[:1:1], o)
	}
	if err := CheckAlgos(in, algos); err != nil {
		return Job{}, err
	}
	depth, err := CheckDepth(in, r.Depth, r.DepthSet)
	if err != nil {
		return Job{}, err
	}
	if err := param.Check("MaxNodes", r.MaxNodes, 1, MaxNodesLimit); err != nil {
		return Job{}, err
	}
	f, err := r.filter()
	if err != nil {
		return Job{}, err
	}
	j := Job{Input: in, Algos: algos, Depth: depth, MaxNodes: r.MaxNodes, Filter: f,
		Draw: DrawOptions{Window: r.Window, NoLegend: r.NoLegend, Slide: r.Slide}}
	if r.Slide {
		j.SlideFit = DefaultFit
		if r.FitSet {
			j.SlideFit = r.Fit
		}
	}
	return j, nil
}

// filter is the view r asks for; Fit applies to drawings only, Slide
// only to drawings, and not with Fit 0.
func (r Request) filter() (Filter, error) {
	for _, v := range []struct {
		param string
		n     int
	}{{"MaxDepth", r.MaxDepth}, {"Collapse", r.Collapse}, {"Fit", r.Fit}} {
		if v.n < 0 {
			return Filter{}, param.Errorf("{"+v.param+"} must be 0 or more, got %d", v.n)
		}
	}
	if r.Slide && !Drawing(r.Format) {
		return Filter{}, param.Errorf("{Slide} draws for a projector, not %s; write a drawing: {Output} tree.svg (or .png, .html, .dot)", r.Format)
	}
	if r.Slide && r.FitSet && r.Fit == 0 {
		return Filter{}, param.Errorf("{Slide} folds the tree to fit a slide and {Fit} 0 draws every node; give one of them ({Fit} N with {Slide}: at most N nodes)")
	}
	f := Filter{MaxDepth: r.MaxDepth, Collapse: r.Collapse, PVOnly: r.PVOnly}
	if r.Focus != "" {
		f.Focus = strings.FieldsFunc(r.Focus, func(r rune) bool { return r == ',' || r == ' ' })
	}
	if Drawing(r.Format) && !r.Slide {
		// With Slide, FitSlide picks the budget.
		f.Fit = r.Fit
	}
	return f, nil
}

// Bytes draws the trees (Write) whole in memory, so a failed drawing
// leaves nothing half-written: the caller writes the bytes to a file or a
// stream.
func Bytes(ctx context.Context, format string, opts DrawOptions, paint Painter, trees ...*Tree) ([]byte, error) {
	var buf bytes.Buffer
	if err := Write(ctx, &buf, format, opts, paint, trees...); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
