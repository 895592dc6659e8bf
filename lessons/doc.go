// Package lessons holds plylab's lesson notebooks and runs them.
//
// A lesson is a Markdown file: prose, then a command, then its real output,
// then prose that reads the numbers. Its runnable cells are fenced code
// blocks tagged plylab; each line of a cell is one plylab command without
// the leading "plylab":
//
//	```plylab
//	# nodes per depth, minimax against alpha-beta
//	compare --position paper-mate2 --depth 1-5 --algo minimax,alphabeta
//	```
//
// A quiz cell asks the student to predict a number before it runs; the
// answer is read from the command's results by a selector (see
// ParseSelector):
//
//	```plylab quiz
//	predict: how many nodes does alpha-beta visit at depth 4?
//	answer: nodes | depth=4, algo=alphabeta
//	compare --position paper-mate2 --depth 4 --algo alphabeta
//	```
//
// Prose can quote a number from the results of the cell before it with
// {{SELECTOR}} (or from cell N with {{cell N: SELECTOR}}), so a sentence
// such as "alpha-beta visits {{nodes | depth=5, algo=alphabeta}} nodes" is
// true on every run. Selectors name JSON keys of the structured results a
// command hands over (Record): the lessons never parse a table's text.
// Prose can also bind a value to a name ({{ab = nodes | depth=5}}),
// compute one ({{= round(mm / ab, 1)}}), state a comparison that the
// check verifies ({{assert: ab < mm}}) and quote a source
// ({{cite game-trees paper, Table 4: 988}}); see RefKind and Expr. The
// prose linter (LintProse, LintResult) fails `lesson check` on any number
// or move of the prose without such a source.
//
// The runner tells each command the session's directory (Invocation.Dir);
// a command writes its files there and reports them (Records of kind
// "file"). An SVG or PNG becomes a picture of the notebook, and the board
// of `positions show` (a "position" record) is drawn as SVG in exports.
//
// Lessons never import the command-line package: a Session runs commands
// through an injected RunFunc, which cmd/plylab implements with its own
// in-process runner. The built-in lessons are embedded (Builtin); golden
// transcripts in testdata/ (Golden, Transcript, CompareTranscripts) let
// `plylab lesson check` and the tests prove that every lesson still runs
// and prints the same node counts, moves and scores.
package lessons
