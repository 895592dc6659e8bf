package lab

import (
	"fmt"
	"path/filepath"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/engine/nnue"
)

// networkPositions are the positions NetworkTable scores.
var networkPositions = []struct{ name, fen string }{
	{"start", board.StartFEN},
	{"a queen up (White to move)", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"},
	{"a knight up (Black to move)", "4k3/8/3n4/8/8/8/8/4K3 b - - 0 1"},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
}

// NetworkTable is what `plylab nnue show` prints of network n read from
// the file path ("" for the built-in one) of size bytes: its inputs,
// hidden neurons, output buckets, parameters, file size, whether the
// vector kernels run, the command that trained it, and its score of a
// few positions.
func NetworkTable(path string, n *nnue.Network, size int) (*textfmt.Table, error) {
	name := filepath.ToSlash(path)
	if path == "" {
		name = "built-in (engine/nnue/default.nnue)"
	}
	t := &textfmt.Table{Title: "nnue: " + name, Columns: []textfmt.Column{{Key: "property", Header: "property"}, {Key: "value", Header: "value"}}}
	row := func(k string, v textfmt.Cell) { t.Rows = append(t.Rows, []textfmt.Cell{textfmt.TextCell(k), v}) }
	row("inputs", textfmt.TextCell(fmt.Sprintf("%d per side (colour × piece × square)", nnue.NumFeatures)))
	row("hidden neurons", textfmt.IntCell(int64(n.Hidden)))
	row("output buckets", textfmt.IntCell(int64(n.Buckets)))
	row("parameters", textfmt.IntCell(int64(len(n.W1)+len(n.B1)+len(n.W2)+len(n.B2))))
	row("file size", textfmt.TextCell(textfmt.Thousands(int64(size))+" bytes"))
	row("vector kernels", textfmt.BoolCell(nnue.Accelerated()))
	row("trained by", textfmt.TextCell(n.About))
	for _, p := range networkPositions {
		b, err := board.FromFEN(p.fen)
		if err != nil {
			return nil, err
		}
		row("score: "+p.name, textfmt.TextCell(engine.FormatScore(n.Evaluate(b))+" cp (side to move)"))
	}
	return t, nil
}
