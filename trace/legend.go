package trace

// The legend under a drawing: a sample of each kind of node and edge the
// drawing shows, with what it means.

// legendDrawing is the legend: sample and explanation, two per row on
// paper, as many as fit the width in each row on a slide.
type legendDrawing struct {
	entries  []legendEntry
	places   []legendPlace // one per entry
	rowH     float64
	w, h     float64
	fontSize float64
}

// legendPlace is where an entry goes: its left edge, its row and the
// width of its sample's box.
type legendPlace struct {
	x       float64
	row     int
	sampleW float64
}

type legendEntry struct {
	sample              span
	fill, border, style string // style: "rounded", "dashed", "stack" (a fold) or ""
	text                string
}

// layoutLegend places the legend's entries: in two aligned columns, or,
// when wrap is positive (a slide), left to right in rows no wider than
// wrap.
func layoutLegend(opts DrawOptions, trees []*Tree, wrap float64) *legendDrawing {
	st := styleOf(opts)
	l := &legendDrawing{entries: legendEntries(opts, trees), fontSize: st.legend}
	l.rowH = l.fontSize*linePitch + 10
	if wrap > 0 {
		x, row := 0.0, 0
		for _, e := range l.entries {
			sw := textWidth(e.sample) + 10
			w := sw + textWidth(span{text: e.text, size: l.fontSize}) + 16
			if x > 0 && x+w > wrap {
				x, row = 0, row+1
			}
			l.places = append(l.places, legendPlace{x: x, row: row, sampleW: sw})
			l.w = max(l.w, x+w)
			x += w + 4
		}
		l.h = float64(row+1) * l.rowH
		if len(l.entries) == 0 {
			l.h = 0
		}
		return l
	}
	var cols [4]float64 // widths: sample, text, sample, text
	for i, e := range l.entries {
		c := (i % 2) * 2
		cols[c] = max(cols[c], textWidth(e.sample)+10)
		cols[c+1] = max(cols[c+1], textWidth(span{text: e.text, size: l.fontSize})+16)
	}
	for i := range l.entries {
		c := (i % 2) * 2
		x := 0.0
		for k := 0; k < c; k++ {
			x += cols[k] + 4
		}
		l.places = append(l.places, legendPlace{x: x, row: i / 2, sampleW: cols[c]})
	}
	l.w = cols[0] + cols[1] + cols[2] + cols[3] + 4*4
	l.h = float64((len(l.entries)+1)/2) * l.rowH
	return l
}

func (l *legendDrawing) draw(s *svgWriter, x0, y0 float64) {
	for i, e := range l.entries {
		p := l.places[i]
		x, y := x0+p.x, y0+float64(p.row)*l.rowH
		h := l.rowH - 6
		dash := ""
		if e.style == "dashed" {
			dash = "5,2"
		}
		if e.style == "stack" {
			s.shape(x+stackStep, y-stackStep, p.sampleW, h, false, false, e.fill, e.border, 1, dash)
		}
		s.shape(x, y, p.sampleW, h, e.style == "rounded", false, e.fill, e.border, 1, dash)
		s.textBlock(x+p.sampleW/2, y+(h-blockHeight([]span{e.sample}))/2, []span{e.sample}, "middle")
		s.textBlock(x+p.sampleW+8, y+(h-l.fontSize*linePitch)/2, []span{{text: e.text, size: l.fontSize}}, "start")
	}
}

// legendEntries lists the legend of the SVG drawing, entry for entry the
// legend of the DOT source; a slide says each in fewer words.
func legendEntries(opts DrawOptions, trees []*Tree) []legendEntry {
	st := styleOf(opts)
	used, chess, root := legendUsage(trees)
	maxName := "MAX"
	if chess {
		maxName = "MAX (" + root + ")"
	}
	s := func(text, color string, bold, italic bool) span {
		return span{text: text, size: st.legend, color: color, bold: bold, italic: italic}
	}
	say := func(paper, slide string) string {
		if st.slide {
			return slide
		}
		return paper
	}
	es := []legendEntry{
		{s(maxName, "", false, false), colorMax, "#333333", "rounded", say("to move: picks the highest value", "picks the highest")},
		{s("MIN", "", false, false), colorMin, "#333333", "", say("to move: picks the lowest value", "picks the lowest")},
		{s("3", "", true, false), "white", colorPV, "", say("bold: the principal variation", "bold: best play")},
		{s("≥ 5  ≤ 2", "", false, false), "white", "#333333", "", say("values from MAX's view; bounds after a cutoff", "MAX's view; bounds")},
	}
	if used.cut {
		es = append(es, legendEntry{s("α/β-cutoff", colorCut, false, false), "white", colorCut, "",
			say("a move reached the bound: the parent will avoid this node, so its other moves cannot matter", "other moves cannot matter")})
	}
	if used.pruned {
		es = append(es, legendEntry{s("k pruned", "#777777", false, true), "white", colorPruned, "dashed",
			say("moves never searched because of the cutoff", "never searched")})
	}
	if used.tt {
		es = append(es, legendEntry{s("TT cutoff", colorTT, false, false), colorTTFill, colorTT, "",
			say("transposition table already knew the value", "the table knew it")})
	}
	if used.null {
		es = append(es, legendEntry{s("null move", colorNull, false, false), colorNullFill, colorNull, "",
			say("passing still reached β: node pruned", "passing reached β")})
	}
	if used.verify {
		es = append(es, legendEntry{s("verify", "", false, false), "white", "#333333", "", say("null-move cutoff checked by a reduced search", "null move checked")})
	}
	if used.quies {
		es = append(es, legendEntry{s("quiescence", colorQuiet, false, false), "white", colorQuiet, "dashed",
			say("captures searched past the depth limit", "captures past the depth")})
	}
	if used.mate {
		es = append(es, legendEntry{s("checkmate", colorMate, false, false), colorMateFill, colorMate, "",
			say("game over: mate, stalemate or draw", "game over")})
	}
	if used.hidden {
		es = append(es, legendEntry{s("… N more", "#777777", false, true), "white", "#333333", "",
			say("nodes searched below this one but not drawn", "searched, not drawn")})
	}
	if used.fold {
		es = append(es, legendEntry{s("N more moves", "#444444", false, false), "white", colorFold, "stack",
			say("moves searched here, drawn as one box: every value within its bound", "moves in one box")})
	}
	if chess {
		es = append(es, legendEntry{s("#2", "", false, false), "white", "white", "", say("mate in 2 moves (#-2: MAX is mated)", "mate in 2")})
	}
	if opts.Window {
		es = append(es, legendEntry{s("α β", "", false, false), "white", "white", "", say("window on entry: MAX is sure of α, MIN of β", "window on entry")})
	}
	return es
}
