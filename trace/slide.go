package trace

// The projector preset: a drawing that a 4:3 slide shows with readable
// labels. The slide style (DrawOptions.Slide, slideStyle) draws no label
// under SlideMinLabel units and frames the page 4:3, at least SlideWidth
// × SlideHeight units; FitSlide then folds the tree (Filter.Fit) as
// little as it can for the drawing to fit: a slide SlideWidth pixels wide
// shows its smallest label at least SlideMinLabel pixels high.

// FitSlide returns the trees folded to the largest node budget, at most
// most, whose drawing in the slide style (opts, Slide set) shows its
// smallest label at least SlideMinLabel pixels high on a SlideWidth ×
// SlideHeight screen (Measure.SlideLabel), with that drawing's Measure.
// The trees are searched trees as their other filters show them; a
// budget applies to each. When no budget fits (a principal variation
// too deep for the slide's height), the budget whose labels come out
// largest is returned: the Measure says by how much it misses.
func FitSlide(opts DrawOptions, most int, trees ...*Tree) ([]*Tree, Measure, error) {
	opts.Slide = true
	var best []*Tree
	var bestM Measure
	for fit := max(most, 1); fit >= 1; fit-- {
		cur := make([]*Tree, len(trees))
		for i, t := range trees {
			shown, err := t.Apply(Filter{Fit: fit})
			if err != nil {
				return nil, Measure{}, err
			}
			cur[i] = shown
		}
		m := MeasureSVG(opts, cur...)
		if m.SlideLabel() >= SlideMinLabel {
			return cur, m, nil
		}
		if best == nil || m.SlideLabel() > bestM.SlideLabel() {
			best, bestM = cur, m
		}
	}
	return best, bestM, nil
}
