package main

import (
	"fmt"

	"github.com/plylab/plylab/engine/eval"
	"github.com/urfave/cli/v2"
)

// eval: what the search sees at a leaf, term by term.

func evalCommand(env *appEnv) *cli.Command {
	return &cli.Command{
		Name:  "eval",
		Usage: "explain the static evaluation of a position, term by term",
		Description: `eval shows what each evaluation (material, pst, pesto) makes of a position:
material and piece-square terms for each side, the middlegame and endgame
totals, the game phase (24 with all pieces on the board, 0 with kings and
pawns only) and the tapered result, PeSTO's blend
(mg * phase + eg * (24 - phase)) / 24. Scores are in centipawns from White's
point of view and, in the last column, from the side to move's.

Examples:
   plylab eval --position start
   plylab eval --position kiwipete --eval pesto
   plylab eval --fen "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
   plylab eval --suite bk --id BK.01 --format json`,
		Flags: append(positionFlags(true),
			&cli.StringFlag{Name: "eval", Aliases: []string{"e"}, Value: "all", Usage: "evaluation `KIND`: material, pst, pesto or all"},
			formatFlag()),
		Action: func(c *cli.Context) error {
			list, err := resolvePositions(c, true, "start")
			if err != nil {
				return err
			}
			if len(list) != 1 {
				return usagef("eval explains one position; add --id to pick one of the suite")
			}
			kinds := eval.Kinds()
			if k := c.String("eval"); k != "all" {
				kind, err := eval.ParseKind(k)
				if err != nil {
					return usagef("%v", err)
				}
				kinds = []eval.Kind{kind}
			}
			b, err := boardOf(list[0])
			if err != nil {
				return err
			}
			t := &table{Title: fmt.Sprintf("eval: %s (%s to move)", positionLabel(list[0]), b.Side())}
			t.Columns = []column{{Key: "eval", Header: "eval"}, {Key: "phase", Header: "phase", Right: true},
				{Key: "material_mg", Header: "material mg (W-B)", Right: true}, {Key: "squares_mg", Header: "squares mg (W-B)", Right: true},
				{Key: "material_eg", Header: "material eg (W-B)", Right: true}, {Key: "squares_eg", Header: "squares eg (W-B)", Right: true},
				{Key: "mg", Header: "mg", Right: true}, {Key: "eg", Header: "eg", Right: true},
				{Key: "white", Header: "white's view", Right: true}, {Key: "side_to_move", Header: "side to move", Right: true}}
			for _, k := range kinds {
				x := eval.Explain(b, k)
				diff := func(a [2]int) cell { return intCell(int64(a[0] - a[1])) }
				t.Rows = append(t.Rows, []cell{textCell(k.String()).styled(styleAccent), intCell(int64(x.Phase)),
					diff(x.MaterialMG), diff(x.SquaresMG), diff(x.MaterialEG), diff(x.SquaresEG),
					intCell(int64(x.MG)), intCell(int64(x.EG)), intCell(int64(x.White)).styled(styleBold), intCell(int64(x.STM))})
			}
			t.Notes = []string{"W-B: White's term minus Black's; pesto blends mg and eg by phase, the others use one table",
				"material: P 100 N 300 B 300 R 500 Q 900 (the game-trees paper); pst: simplified evaluation tables; pesto: Ronald Friederich's tapered tables"}
			return env.writeTable(env.Stdout, c.String("format"), t)
		},
	}
}
