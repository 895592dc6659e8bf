package trace

import "github.com/plylab/plylab/engine"

// look is how a node is drawn, shared by the DOT source and the SVG and
// PNG drawings so that both tell the same story.
type look struct {
	box    bool    // MAX to move: a rounded box; MIN: an ellipse
	fill   string  // fill color
	border string  // outline color
	pen    float64 // outline width in points
	dashed bool    // outline dashed (quiescence)
	stack  bool    // a fold: drawn as a stack of two, several moves in one box
	tag    string  // color of the end label; "" for the default
}

// nodeLook decides n's shape and colors. MAX nodes are boxes, MIN nodes
// ellipses, and their fills differ, so the two players stay apart even in
// black and white.
func nodeLook(n *Node) look {
	lk := look{box: true, fill: colorMax, border: "#333333", pen: 1}
	if !n.Max() {
		lk.box, lk.fill = false, colorMin
	}
	switch n.End {
	case engine.EndLeaf, engine.EndQuiet, engine.EndStandPat, engine.EndDelta:
		lk.fill = colorLeaf
	case engine.EndCheckmate, engine.EndStalemate, engine.EndDraw:
		lk.fill, lk.tag = colorMateFill, colorMate
	case engine.EndTTCutoff:
		lk.fill, lk.border, lk.tag = colorTTFill, colorTT, colorTT
	case engine.EndNullCutoff:
		lk.fill, lk.border, lk.tag = colorNullFill, colorNull, colorNull
	case engine.EndCutoff:
		lk.border, lk.tag, lk.pen = colorCut, colorCut, 2
	}
	if n.Null {
		lk.fill = colorNullFill
	}
	if n.Quiescence {
		lk.dashed = true
		lk.border = colorQuiet
	}
	if n.PV {
		lk.pen = 3
		if n.End != engine.EndCutoff {
			lk.border = colorPV
		}
	}
	if n.Fold != nil {
		lk.border, lk.stack = colorFold, true
	}
	if lk.tag == "" && (n.End == engine.EndStandPat || n.End == engine.EndDelta || n.End == engine.EndQuiet) {
		lk.tag = colorQuiet
	}
	return lk
}

// usage records which kinds of node and edge the trees use, so a legend
// lists only those.
type usage struct{ cut, pruned, tt, null, quies, mate, hidden, verify, fold bool }

// legendUsage scans the trees for the legend: what they use, whether one
// is a chess tree, and the root player's name.
func legendUsage(trees []*Tree) (used usage, chess bool, root string) {
	root = "MAX"
	for _, t := range trees {
		if t.Kind == KindChess {
			chess = true
			root = t.RootPlayer
		}
		t.Walk(func(n *Node) {
			switch n.End {
			case engine.EndCutoff:
				used.cut = true
			case engine.EndTTCutoff:
				used.tt = true
			case engine.EndNullCutoff:
				used.null = true
			case engine.EndCheckmate, engine.EndStalemate, engine.EndDraw:
				used.mate = true
			}
			used.pruned = used.pruned || (n.Pruned != nil && !(len(n.Children) == 0 && n.Hidden > 0))
			used.null = used.null || n.Null
			used.quies = used.quies || n.Quiescence
			used.hidden = used.hidden || (n.Hidden > 0 && n.Fold == nil)
			used.fold = used.fold || n.Fold != nil
			used.verify = used.verify || n.Verify
		})
	}
	return used, chess, root
}
