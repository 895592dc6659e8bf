package lab

import (
	"fmt"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

// Budgets: the predicted run times above which the CLI refuses to start
// an experiment unless forced (--force), so that a mistyped depth does not
// tie up the machine for hours.
const (
	SearchBudget = 10 * time.Minute // compare, scores and search
	PerftBudget  = 5 * time.Minute  // perft
)

// TooLongError is a run predicted to take longer than its budget.
type TooLongError struct {
	What      string        // the run: "depth 9", "perft to depth 8"
	Predicted time.Duration // the predicted time
	Detail    string        // what the prediction rests on, "" if nothing to add
}

// Error words the prediction: "depth 9 is predicted to take about 3 h 20
// min (minimax tree ~1.2e+09 nodes per position)".
func (e *TooLongError) Error() string {
	s := fmt.Sprintf("%s is predicted to take about %s", e.What, textfmt.Duration(e.Predicted.Round(time.Second)))
	if e.Detail != "" {
		s += " (" + e.Detail + ")"
	}
	return s
}

// Guard is the one check of a run's predicted time against its budget: a
// *TooLongError when predicted is over budget, else nil.
func Guard(what string, predicted, budget time.Duration, detail string) error {
	if predicted > budget {
		return &TooLongError{What: what, Predicted: predicted, Detail: detail}
	}
	return nil
}

// GuardSearch is Guard for searching boards with algos to depth (compare,
// scores, search) against SearchBudget, predicted by PredictTime.
func GuardSearch(boards []*board.Board, algos []engine.Options, depth int) error {
	if len(boards) == 0 {
		return nil
	}
	return Guard(fmt.Sprintf("depth %d", depth), PredictTime(boards, algos, depth), SearchBudget,
		fmt.Sprintf("minimax tree ~%.2g nodes per position", TreeEstimate(boards[0], depth)))
}

// GuardPerft is Guard for Perft with o against PerftBudget, predicted by
// PredictPerft; a position that cannot be set up is an error.
func GuardPerft(o PerftOptions) error {
	predicted, err := PredictPerft(o)
	if err != nil {
		return err
	}
	return Guard(fmt.Sprintf("perft to depth %d", o.Depth), predicted, PerftBudget, "")
}

// BudgetText words a budget for people: "ten minutes" for whole minutes
// from two to ten, otherwise as time.Duration prints it ("90s").
func BudgetText(budget time.Duration) string {
	words := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	if m := int(budget.Minutes()); m >= 2 && m < len(words) && budget == time.Duration(m)*time.Minute {
		return words[m] + " minutes"
	}
	return budget.String()
}
