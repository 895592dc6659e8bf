package main

import (
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/match"
)

// matchTable prints the match report (match.NewReport) as a table.
func matchTable(mc *matchConfig, res *match.Result) *output.Table {
	rep := match.NewReport(res, match.ReportInfo{Engine: mc.engineDesc, Opponent: mc.oppDesc, Openings: mc.openings,
		Seed: mc.seed, SPRT: mc.sprt, PGNPath: mc.pgnPath, Duration: output.FormatDuration})
	return rep.Table()
}
