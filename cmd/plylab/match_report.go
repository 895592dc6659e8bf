package main

import (
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/match"
)

// matchTable prints the match report (match.NewReport) as a table.
func matchTable(mc *matchConfig, res *match.Result) *output.Table {
	p := mc.plan
	rep := match.NewReport(res, match.ReportInfo{Engine: p.EngineName, Opponent: p.OpponentName, Openings: p.Openings,
		Seed: p.Config.Seed, SPRT: p.SPRT, PGNPath: mc.pgnPath, Duration: output.FormatDuration})
	return rep.Table()
}
