package positions

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// suiteSpec describes one embedded suite: its metadata and how to read it.
type suiteSpec struct {
	name, description, source, licence string
	file                               string
	format                             format
}

// format is the layout of a suite file.
type format int

const (
	formatEPD   format = iota // 4 FEN fields, then "op value; op value; ..."
	formatPerft               // 6 FEN fields, then " ;D1 n ;D2 n ..."
	formatFEN                 // one FEN a line
)

// suiteSpecs lists the suites in their fixed order. The source and licence
// lines follow data/SOURCES.md.
var suiteSpecs = []suiteSpec{
	{
		name:        "wac",
		description: "Win At Chess (revised): 300 tactical positions with best moves",
		source:      "Reinfeld, Win At Chess (1958), revised bm sets; jdart1/arasan-chess, tests/wacnew.epd",
		licence:     "Arasan licence (MIT-style)",
		file:        "data/wac_revised.epd",
		format:      formatEPD,
	},
	{
		name:        "bk",
		description: "Bratko-Kopec test: 24 positions with best moves",
		source:      "Bratko and Kopec (1982); niklasf/python-chess, examples/bratko_kopec/bratko-kopec.epd",
		licence:     "GPL-3.0",
		file:        "data/bratko_kopec.epd",
		format:      formatEPD,
	},
	{
		name:        "perft",
		description: "Perft suite: 132 positions with published leaf counts",
		source:      "thomasahle/sunfish tests/files/perft.epd; CPW \"Perft Results\"; Stockfish tests/perft.sh",
		licence:     "GPL-3.0 (suite) / public reference values",
		file:        "data/perft_suite.epd",
		format:      formatPerft,
	},
	{
		name:        "bench",
		description: "Stockfish's 49 bench positions",
		source:      "official-stockfish/Stockfish, src/benchmark.cpp",
		licence:     "GPL-3.0",
		file:        "data/stockfish_bench.fen",
		format:      formatFEN,
	},
}

// catalog is the parsed suite data. errs[i] is the first error met while
// reading suites[i], or nil.
type catalog struct {
	suites []*Suite
	errs   []error
}

var (
	loadOnce sync.Once
	loaded   *catalog
)

// load parses the embedded suites once and returns them.
func load() *catalog {
	loadOnce.Do(func() {
		c := &catalog{}
		for _, spec := range suiteSpecs {
			s, err := readSuite(spec)
			c.suites = append(c.suites, s)
			c.errs = append(c.errs, err)
		}
		loaded = c
	})
	return loaded
}

// readSuite reads one embedded suite; see parseSuite.
func readSuite(spec suiteSpec) (*Suite, error) {
	data, err := dataFS.ReadFile(spec.file)
	if err != nil {
		s, _ := parseSuite(spec, nil)
		return s, fmt.Errorf("positions: suite %s: %w", spec.name, err)
	}
	return parseSuite(spec, data)
}

// parseSuite parses a suite file's contents. It never panics: on a bad line
// it skips the line, keeps going and records the first error, which names
// the file and line, and returns it with the positions that did parse.
func parseSuite(spec suiteSpec, data []byte) (*Suite, error) {
	s := &Suite{
		Name:        spec.name,
		Description: spec.description,
		Source:      spec.source,
		Licence:     spec.licence,
	}
	var firstErr error
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	lineNo := 0
	for sc.Scan() {
		lineNo++
		// Control characters (a stray CR, terminal escapes) become spaces:
		// names and descriptions are printed on one terminal line.
		line := strings.TrimSpace(strings.Map(noControl, sc.Text()))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var p Position
		var err error
		switch spec.format {
		case formatEPD:
			p, err = parseEPD(line)
		case formatPerft:
			p, err = parsePerftLine(line)
		default:
			p.FEN, err = normalizeFEN(line)
		}
		if err == nil && p.Name == "" {
			p.Name = lineName(spec.name, lineNo)
		}
		if err == nil {
			for _, q := range s.Positions {
				if strings.EqualFold(q.Name, p.Name) {
					err = fmt.Errorf("duplicate id %q", p.Name)
					break
				}
			}
		}
		if err != nil {
			if firstErr == nil {
				firstErr = fmt.Errorf("positions: %s:%d: %w", spec.file, lineNo, err)
			}
			continue
		}
		p.Suite = spec.name
		p.Source = spec.source
		s.Positions = append(s.Positions, p)
	}
	if err := sc.Err(); err != nil && firstErr == nil {
		firstErr = fmt.Errorf("positions: %s: %w", spec.file, err)
	}
	return s, firstErr
}

// noControl maps ASCII control characters to spaces.
func noControl(r rune) rune {
	if r < ' ' || r == 0x7f {
		return ' '
	}
	return r
}

// lineName is the name of the position on a given line of a suite without
// EPD ids, e.g. "perft-17".
func lineName(suite string, line int) string {
	return suite + "-" + strconv.Itoa(line)
}

// parseEPD parses one EPD record: four FEN fields, then operations ended by
// ';', such as `bm Qg6 Qh5; id "WAC.001";`. Any whitespace separates an
// operation's name from its operands. bm and am may list several moves, id
// may be quoted, c0 becomes the description, hmvc and fmvn fill the FEN's
// clocks; other operations are ignored.
func parseEPD(line string) (Position, error) {
	var p Position
	fields, rest := splitFields(line, 4)
	if len(fields) < 4 {
		return p, fmt.Errorf("EPD record has %d FEN fields, want 4", len(fields))
	}
	halfmove, fullmove := "0", "1"
	for _, op := range splitOps(rest) {
		tokens := tokenize(op)
		if len(tokens) == 0 {
			continue
		}
		name, args := tokens[0], tokens[1:]
		switch name {
		case "bm", "am":
			if len(args) == 0 {
				return p, fmt.Errorf("EPD operation %s has no moves", name)
			}
			moves := make([]string, len(args))
			for i, a := range args {
				moves[i] = unquote(a)
			}
			if name == "bm" {
				p.BestMoves = append(p.BestMoves, moves...)
			} else {
				p.AvoidMoves = append(p.AvoidMoves, moves...)
			}
		case "id":
			if len(args) != 1 || unquote(args[0]) == "" {
				return p, fmt.Errorf("EPD operation id wants one value, has %d", len(args))
			}
			p.Name = unquote(args[0])
		case "c0":
			if len(args) > 0 {
				p.Description = unquote(strings.Join(args, " "))
			}
		case "hmvc", "fmvn":
			if len(args) != 1 {
				return p, fmt.Errorf("EPD operation %s wants one value, has %d", name, len(args))
			}
			if name == "hmvc" {
				halfmove = args[0]
			} else {
				fullmove = args[0]
			}
		}
	}
	fen, err := normalizeFEN(strings.Join(fields, " ") + " " + halfmove + " " + fullmove)
	if err != nil {
		return p, err
	}
	p.FEN = fen
	return p, nil
}

// parsePerftLine parses `<FEN> ;D1 20 ;D2 400 ...`. The depths must run
// 1, 2, 3, ... in order.
func parsePerftLine(line string) (Position, error) {
	var p Position
	parts := strings.Split(line, ";")
	fen, err := normalizeFEN(parts[0])
	if err != nil {
		return p, err
	}
	p.FEN = fen
	for _, part := range parts[1:] {
		f := strings.Fields(part)
		if len(f) == 0 {
			continue
		}
		if len(f) != 2 || len(f[0]) < 2 || (f[0][0] != 'D' && f[0][0] != 'd') {
			return p, fmt.Errorf("perft count %q is not of the form \"D<depth> <count>\"", strings.TrimSpace(part))
		}
		depth, err := strconv.Atoi(f[0][1:])
		if err != nil || depth != len(p.Perft)+1 {
			return p, fmt.Errorf("perft count %q: want depth D%d", strings.TrimSpace(part), len(p.Perft)+1)
		}
		n, err := strconv.ParseUint(f[1], 10, 64)
		if err != nil {
			return p, fmt.Errorf("perft count %q: bad count", strings.TrimSpace(part))
		}
		p.Perft = append(p.Perft, n)
	}
	if len(p.Perft) == 0 {
		return p, fmt.Errorf("perft line has no counts")
	}
	return p, nil
}

// normalizeFEN checks the shape of a FEN and returns it as six fields
// separated by single spaces; a 4-field FEN gets " 0 1" appended. It checks
// the syntax only (8 ranks of 8 squares, piece letters, one king a side,
// fields well formed), not whether the position is legal.
func normalizeFEN(fen string) (string, error) {
	f := strings.Fields(fen)
	switch len(f) {
	case 4:
		f = append(f, "0", "1")
	case 6:
	default:
		return "", fmt.Errorf("FEN %q has %d fields, want 6 (or 4)", fen, len(f))
	}
	ranks := strings.Split(f[0], "/")
	if len(ranks) != 8 {
		return "", fmt.Errorf("FEN %q has %d ranks, want 8", fen, len(ranks))
	}
	kings := map[rune]int{}
	for i, r := range ranks {
		squares := 0
		for _, c := range r {
			switch {
			case c >= '1' && c <= '8':
				squares += int(c - '0')
			case strings.ContainsRune("pnbrqkPNBRQK", c):
				squares++
				if c == 'k' || c == 'K' {
					kings[c]++
				}
				if (c == 'p' || c == 'P') && (i == 0 || i == 7) {
					return "", fmt.Errorf("FEN %q has a pawn on rank %d", fen, 8-i)
				}
			default:
				return "", fmt.Errorf("FEN %q: bad piece letter %q", fen, c)
			}
		}
		if squares != 8 {
			return "", fmt.Errorf("FEN %q: rank %d has %d squares, want 8", fen, 8-i, squares)
		}
	}
	if kings['K'] != 1 || kings['k'] != 1 {
		return "", fmt.Errorf("FEN %q has %d white and %d black kings, want one each", fen, kings['K'], kings['k'])
	}
	if f[1] != "w" && f[1] != "b" {
		return "", fmt.Errorf("FEN %q: side to move %q, want w or b", fen, f[1])
	}
	if f[2] != "-" {
		seen := map[rune]bool{}
		for _, c := range f[2] {
			if !strings.ContainsRune("KQkq", c) || seen[c] {
				return "", fmt.Errorf("FEN %q: bad castling field %q", fen, f[2])
			}
			seen[c] = true
		}
	}
	if ep := f[3]; ep != "-" {
		if len(ep) != 2 || ep[0] < 'a' || ep[0] > 'h' || (ep[1] != '3' && ep[1] != '6') {
			return "", fmt.Errorf("FEN %q: bad en-passant square %q", fen, ep)
		}
	}
	if n, err := strconv.Atoi(f[4]); err != nil || n < 0 {
		return "", fmt.Errorf("FEN %q: bad halfmove clock %q", fen, f[4])
	}
	if n, err := strconv.Atoi(f[5]); err != nil || n < 1 {
		return "", fmt.Errorf("FEN %q: bad fullmove number %q", fen, f[5])
	}
	return strings.Join(f, " "), nil
}

// splitFields returns the first n whitespace-separated fields of s and the
// rest of s after them.
func splitFields(s string, n int) (fields []string, rest string) {
	rest = s
	for len(fields) < n {
		rest = strings.TrimLeft(rest, " \t")
		if rest == "" {
			break
		}
		end := strings.IndexAny(rest, " \t")
		if end < 0 {
			end = len(rest)
		}
		fields = append(fields, rest[:end])
		rest = rest[end:]
	}
	return fields, rest
}

// splitOps splits EPD operations at the ';' that end them, ignoring ';'
// inside double quotes.
func splitOps(s string) []string {
	var ops []string
	inQuote := false
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			inQuote = !inQuote
		case ';':
			if !inQuote {
				ops = append(ops, s[start:i])
				start = i + 1
			}
		}
	}
	if strings.TrimSpace(s[start:]) != "" {
		ops = append(ops, s[start:])
	}
	return ops
}

// tokenize splits an operation into whitespace-separated tokens, keeping a
// double-quoted string (with its quotes) as one token.
func tokenize(s string) []string {
	var tokens []string
	for {
		s = strings.TrimLeft(s, " \t\r\n")
		if s == "" {
			return tokens
		}
		end := strings.IndexAny(s, " \t\r\n")
		if s[0] == '"' {
			if q := strings.IndexByte(s[1:], '"'); q >= 0 {
				end = q + 2
			} else {
				end = len(s)
			}
		}
		if end < 0 {
			end = len(s)
		}
		tokens = append(tokens, s[:end])
		s = s[end:]
	}
}

// unquote removes one pair of surrounding double quotes, if present.
func unquote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s[1 : len(s)-1]
	}
	return s
}
