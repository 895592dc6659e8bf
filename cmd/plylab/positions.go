package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/plylab/plylab/engine/board"
	"io"
	"strings"

	"github.com/notnil/chess"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/textfmt"
	"github.com/plylab/plylab/positions"
	"github.com/urfave/cli/v2"
)

// positionsCommand is `plylab positions`: list and show the built-in
// positions and test suites.
func positionsCommand(env *appEnv) *cli.Command {
	return &cli.Command{
		Name:  "positions",
		Usage: "list and show the built-in positions and test suites",
		Description: `Named positions (start, kiwipete, ...) and test suites (wac, ...) are the
input of every other command: pick one with --position NAME, --fen FEN or
--suite NAME [--id ID].

Examples:
   plylab positions list
   plylab positions list --format json
   plylab positions show kiwipete
   plylab positions show wac --id WAC.004
   plylab positions show --fen "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1" --flip`,
		Subcommands: []*cli.Command{
			positionsListCommand(env),
			positionsShowCommand(env),
		},
	}
}

// PositionsListOptions are the parsed flags of `plylab positions list`.
type PositionsListOptions struct {
	Format string
	Color  output.Painter
}

func positionsListCommand(env *appEnv) *cli.Command {
	return newPositionsListCommand(env, streams(env, positionsListRun))
}

// newPositionsListCommand builds `plylab positions list`; its action parses
// the flags into PositionsListOptions and calls runF.
func newPositionsListCommand(env *appEnv, runF func(context.Context, *PositionsListOptions) error) *cli.Command {
	return &cli.Command{
		Name:  "list",
		Usage: "list the named positions and the test suites",
		Description: `Lists every named position (with the side to move) and every test suite
(with its number of positions).

Examples:
   plylab positions list
   plylab positions list --format csv
   plylab positions list -f markdown > positions.md`,
		Flags: []cli.Flag{output.FormatFlag()},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usagef("'positions list' takes no arguments, got %q; to see one position run 'plylab positions show %s'", c.Args().First(), c.Args().First())
			}
			return runF(c.Context, &PositionsListOptions{Format: c.String("format"), Color: env.out})
		},
	}
}

// positionsListRun prints the named positions and the suites.
func positionsListRun(_ context.Context, opts *PositionsListOptions, stdout, _ io.Writer) error {
	return output.WriteTable(stdout, opts.Format, positionsListTable(), opts.Color)
}

func positionsListTable() *output.Table {
	t := &output.Table{
		Title: "Positions and test suites",
		Columns: []output.Column{
			{Key: "name", Header: "Name"},
			{Key: "kind", Header: "Kind"},
			{Key: "to_move", Header: "To move"},
			{Key: "count", Header: "Positions", Right: true},
			{Key: "description", Header: "Description"},
		},
		Notes: []string{
			"Show one: plylab positions show NAME; one suite position: plylab positions show SUITE --id ID",
		},
	}
	for _, p := range positions.Named() {
		t.Rows = append(t.Rows, []output.Cell{
			output.TextCell(p.Name).Styled(output.StyleAccent),
			output.TextCell("position"),
			sideToMoveCell(p.FEN),
			output.NullCell(""),
			output.TextCell(p.Description),
		})
	}
	for _, s := range positions.Suites() {
		t.Rows = append(t.Rows, []output.Cell{
			output.TextCell(s.Name).Styled(output.StyleAccent),
			output.TextCell("suite"),
			output.NullCell(""),
			output.IntCell(int64(len(s.Positions))),
			output.TextCell(s.Description),
		})
	}
	return t
}

// sideToMove returns "white" or "black" from a FEN's second field.
func sideToMove(fen string) string {
	f := strings.Fields(fen)
	if len(f) < 2 {
		return ""
	}
	switch f[1] {
	case "w":
		return "white"
	case "b":
		return "black"
	}
	return ""
}

func sideToMoveCell(fen string) output.Cell {
	if s := sideToMove(fen); s != "" {
		return output.TextCell(s)
	}
	return output.NullCell("?")
}

// PositionsShowOptions are the parsed flags and argument of `plylab
// positions show`: either one position or a whole suite to list.
type PositionsShowOptions struct {
	Position positions.Position // shown when Suite is nil
	Suite    *positions.Suite   // listed when not nil
	Flip     bool               // draw the board from Black's side
	Format   string
	Color    output.Painter
}

func positionsShowCommand(env *appEnv) *cli.Command {
	return newPositionsShowCommand(env, streams(env, positionsShowRun))
}

// newPositionsShowCommand builds `plylab positions show`; its action
// resolves NAME or the position flags into PositionsShowOptions and calls
// runF.
func newPositionsShowCommand(env *appEnv, runF func(context.Context, *PositionsShowOptions) error) *cli.Command {
	flags := positionFlags(true)
	flags = append(flags,
		&cli.BoolFlag{Name: "flip", Usage: "draw the board from Black's side", DisableDefaultText: true},
		output.FormatFlag(),
	)
	return &cli.Command{
		Name:      "show",
		Usage:     "draw a position and list its FEN, legal moves and material",
		ArgsUsage: "[NAME]",
		Description: `Shows a board, the FEN, side to move, castling rights, en-passant square,
material, legal moves (SAN) and, for suite positions, the best and avoid
moves. NAME is a named position or a suite (then add --id ID; without --id
the suite's positions are listed). Without NAME or flags: the start position.

Examples:
   plylab positions show start
   plylab positions show wac --id WAC.004
   plylab positions show --suite wac --id WAC.004 --flip
   plylab positions show --fen "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
   plylab positions show kiwipete --format json`,
		Flags: flags,
		Action: func(c *cli.Context) error {
			opts, err := parsePositionsShow(c)
			if err != nil {
				return err
			}
			opts.Color = env.out
			return runF(c.Context, opts)
		},
	}
}

// parsePositionsShow reads NAME, --id and the position flags: a named
// position, a suite position (NAME or --suite with --id), a whole suite
// (without --id), a FEN, or the start position.
func parsePositionsShow(c *cli.Context) (*PositionsShowOptions, error) {
	opts := &PositionsShowOptions{Format: c.String("format"), Flip: c.Bool("flip")}
	if err := output.CheckFormat(opts.Format); err != nil {
		return nil, err
	}
	args := c.Args().Slice()
	if len(args) > 1 {
		return nil, usagef("too many arguments %q; give one NAME (quote a FEN and pass it with --fen)", strings.Join(args, " "))
	}
	id := c.String("id")
	if len(args) == 0 {
		if c.IsSet("suite") && id == "" {
			s, err := positions.LookupSuite(c.String("suite"))
			if err != nil {
				return nil, lookupError(err)
			}
			opts.Suite = s
			return opts, nil
		}
		ps, err := resolvePositions(c, true, "start")
		if err != nil {
			return nil, err
		}
		opts.Position = ps[0]
		return opts, nil
	}
	if c.IsSet("position") || c.IsSet("fen") || c.IsSet("suite") {
		return nil, usagef("give the position either as NAME or with --position/--fen/--suite, not both")
	}
	name := args[0]
	if id == "" {
		p, err := positions.Lookup(name)
		if err == nil {
			opts.Position = p
			return opts, nil
		}
		if !errors.Is(err, positions.ErrUnknown) {
			return nil, err
		}
		s, serr := positions.LookupSuite(name)
		if serr != nil {
			return nil, lookupError(err)
		}
		opts.Suite = s
		return opts, nil
	}
	s, err := positions.LookupSuite(name)
	if err != nil {
		if _, perr := positions.Lookup(name); perr == nil {
			return nil, usagef("%q is a position, not a suite; --id picks a position in a suite (see 'plylab positions list')", name)
		}
		return nil, lookupError(err)
	}
	p, err := s.Find(id)
	if err != nil {
		return nil, suiteIDError(err, s.Name)
	}
	opts.Position = p
	return opts, nil
}

// positionsShowRun draws the position with its facts, or lists the suite.
func positionsShowRun(_ context.Context, opts *PositionsShowOptions, stdout, _ io.Writer) error {
	if opts.Suite != nil {
		return output.WriteTable(stdout, opts.Format, suiteTable(opts.Suite), opts.Color)
	}
	return showPosition(stdout, opts.Format, opts.Position, opts.Flip, opts.Color)
}

// suiteTable lists the positions of one test suite. The best/avoid move
// and perft columns appear only when some position has them.
func suiteTable(s *positions.Suite) *output.Table {
	var hasBest, hasAvoid, hasPerft bool
	for _, p := range s.Positions {
		hasBest = hasBest || len(p.BestMoves) > 0
		hasAvoid = hasAvoid || len(p.AvoidMoves) > 0
		hasPerft = hasPerft || len(p.Perft) > 0
	}
	t := &output.Table{
		Title:   fmt.Sprintf("Suite %s (%s): %s", s.Name, plural(len(s.Positions), "position"), s.Description),
		Columns: []output.Column{{Key: "id", Header: "Id"}, {Key: "to_move", Header: "To move"}},
	}
	if hasBest {
		t.Columns = append(t.Columns, output.Column{Key: "best", Header: "Best"})
	}
	if hasAvoid {
		t.Columns = append(t.Columns, output.Column{Key: "avoid", Header: "Avoid"})
	}
	if hasPerft {
		t.Columns = append(t.Columns, output.Column{Key: "perft_depth", Header: "Perft depths", Right: true})
	}
	t.Columns = append(t.Columns, output.Column{Key: "description", Header: "Description"})
	for _, p := range s.Positions {
		row := []output.Cell{output.TextCell(p.Name).Styled(output.StyleAccent), sideToMoveCell(p.FEN)}
		if hasBest {
			row = append(row, output.TextCell(strings.Join(p.BestMoves, " ")).Styled(output.StyleGood))
		}
		if hasAvoid {
			row = append(row, output.TextCell(strings.Join(p.AvoidMoves, " ")).Styled(output.StyleBad))
		}
		if hasPerft {
			row = append(row, output.IntCell(int64(len(p.Perft))))
		}
		t.Rows = append(t.Rows, append(row, output.TextCell(p.Description)))
	}
	if s.Source != "" {
		t.Notes = append(t.Notes, "Source: "+s.Source)
	}
	if s.Licence != "" {
		t.Notes = append(t.Notes, "Licence: "+s.Licence)
	}
	t.Notes = append(t.Notes, fmt.Sprintf("Show one: plylab positions show %s --id ID", s.Name))
	return t
}

// positionInfo is everything `positions show` reports about a position; it
// is also the --format json object.
type positionInfo struct {
	Name        string `json:"name"`
	Suite       string `json:"suite,omitempty"`
	Description string `json:"description"`
	board.Facts
	BestMoves  []string `json:"best_moves"`
	AvoidMoves []string `json:"avoid_moves"`
	Perft      []uint64 `json:"perft"`
	Source     string   `json:"source,omitempty"`

	pos *chess.Position
}

// describePosition computes positionInfo from a Position (its FEN is
// validated: built-in FENs get the same checks as user input).
func describePosition(p positions.Position) (*positionInfo, error) {
	pos, err := parseFEN(p.FEN)
	if err != nil {
		if p.Name != "fen" {
			return nil, fmt.Errorf("built-in position %q has a bad FEN: %v", p.Name, err)
		}
		return nil, err
	}
	info := &positionInfo{
		Name:        p.Name,
		Suite:       p.Suite,
		Description: p.Description,
		Facts:       board.Describe(pos),
		BestMoves:   nonNil(p.BestMoves),
		AvoidMoves:  nonNil(p.AvoidMoves),
		Perft:       p.Perft,
		Source:      p.Source,
		pos:         pos,
	}
	if info.Perft == nil {
		info.Perft = []uint64{}
	}
	return info, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func showPosition(w io.Writer, format string, p positions.Position, flip bool, color output.Painter) error {
	info, err := describePosition(p)
	if err != nil {
		return err
	}
	output.Result(w, "position", struct {
		*positionInfo
		Flip bool `json:"flip"`
	}{info, flip})
	switch format {
	case "json":
		return textfmt.WriteJSON(w, info)
	case "csv", "markdown":
		return output.WriteTable(w, format, info.fieldTable(), color)
	}
	_, err = io.WriteString(w, positionText(info, flip, color))
	return err
}

// fields lists the reported facts as (key, label, value) for the text view
// and the csv/markdown tables.
func (info *positionInfo) fields() [][3]string {
	var out [][3]string
	add := func(key, label, value string) { out = append(out, [3]string{key, label, value}) }
	add("fen", "FEN", info.FEN)
	add("side_to_move", "Side to move", capitalize(info.SideToMove))
	castling := info.Castling
	if castling == "-" {
		castling = "none (-)"
	}
	add("castling", "Castling", castling)
	ep := "none (-)"
	if info.EnPassant != nil {
		ep = *info.EnPassant
	}
	add("en_passant", "En passant", ep)
	balance := "equal"
	switch {
	case info.Material.Balance > 0:
		balance = fmt.Sprintf("White +%d", info.Material.Balance)
	case info.Material.Balance < 0:
		balance = fmt.Sprintf("Black +%d", -info.Material.Balance)
	}
	add("material", "Material", fmt.Sprintf("White %d, Black %d (%s)", info.Material.White, info.Material.Black, balance))
	switch info.Status {
	case "check":
		add("status", "Status", capitalize(info.SideToMove)+" is in check")
	case "checkmate":
		add("status", "Status", capitalize(info.SideToMove)+" is checkmated")
	case "stalemate":
		add("status", "Status", "stalemate")
	}
	if info.Suite != "" {
		add("suite", "Suite", info.Suite+", id "+info.Name)
	}
	if len(info.BestMoves) > 0 {
		add("best_moves", "Best move", strings.Join(info.BestMoves, " "))
	}
	if len(info.AvoidMoves) > 0 {
		add("avoid_moves", "Avoid move", strings.Join(info.AvoidMoves, " "))
	}
	add("legal_move_count", "Legal moves", fmt.Sprint(info.LegalMoveCount))
	add("legal_moves", "", strings.Join(info.LegalMoves, " "))
	return out
}

func (info *positionInfo) fieldTable() *output.Table {
	t := &output.Table{
		Title:   info.title(),
		Columns: []output.Column{{Key: "field", Header: "Field"}, {Key: "value", Header: "Value"}},
	}
	for _, f := range info.fields() {
		t.Rows = append(t.Rows, []output.Cell{output.TextCell(f[0]), output.TextCell(f[2])})
	}
	return t
}

func (info *positionInfo) title() string {
	name := info.Name
	if name == "fen" && info.Suite == "" {
		name = "Position from --fen"
	}
	if info.Suite != "" {
		name = info.Suite + " " + info.Name
	}
	if info.Description != "" {
		return name + ": " + info.Description
	}
	return name
}

func positionText(info *positionInfo, flip bool, color output.Painter) string {
	var b strings.Builder
	b.WriteString(color.Paint(output.StyleBold, info.title()) + "\n\n")
	b.WriteString(drawBoard(info.pos, flip, color))
	b.WriteByte('\n')
	const labelWidth = 13
	for _, f := range info.fields() {
		key, label, value := f[0], f[1], f[2]
		if key == "legal_moves" {
			for _, l := range wrapWords(info.LegalMoves, 64) {
				b.WriteString(strings.Repeat(" ", labelWidth+1) + color.Paint(output.StyleAccent, l) + "\n")
			}
			continue
		}
		switch key {
		case "best_moves":
			value = color.Paint(output.StyleGood, value)
		case "avoid_moves":
			value = color.Paint(output.StyleBad, value)
		case "status":
			value = color.Paint(output.StyleWarn, value)
		}
		b.WriteString(color.Paint(output.StyleDim, output.PadRight(label, labelWidth)) + " " + value + "\n")
	}
	return b.String()
}

// wrapWords joins words with spaces into lines of at most width columns.
func wrapWords(words []string, width int) []string {
	var lines []string
	var cur strings.Builder
	for _, w := range words {
		if cur.Len() > 0 && cur.Len()+1+len(w) > width {
			lines = append(lines, cur.String())
			cur.Reset()
		}
		if cur.Len() > 0 {
			cur.WriteByte(' ')
		}
		cur.WriteString(w)
	}
	if cur.Len() > 0 {
		lines = append(lines, cur.String())
	}
	return lines
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// plural formats a count with a noun: "1 position", "300 positions".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return output.FormatInt(int64(n)) + " " + noun + "s"
}
