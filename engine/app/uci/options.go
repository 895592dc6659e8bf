package uci

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/nnue"
)

// The engine's UCI options. A GUI lists them in its engine settings dialog
// and sends "setoption" for those the user changed:
//
//	Hash          spin   transposition table size in MB
//	OwnBook       check  play opening moves from the book at BookFile
//	BookFile      string a Polyglot opening book
//	Eval          combo  material, pst, pesto, classical or nnue
//	EvalFile      string a network file for nnue (empty: the built-in one)
//	Move Overhead spin   milliseconds lost per move outside the search
//	MultiPV       spin   best lines shown per iteration (analysis)
//	Ponder        check  the GUI may send "go ponder"
//	Tech <name>   check  one per technique of the full engine (Tech null,
//	                     Tech lmr, ...), so each can be switched off
//
// Options are only read when a search starts: a change during a search
// applies to the next one.

// option is one UCI option: how it is announced and how it is set.
type option struct {
	name     string // as announced; setoption matches it ignoring case
	typ      string // "check", "spin", "combo" or "string"
	def      string
	min, max int      // spin only
	vars     []string // combo only
	// set applies a value already checked against typ, min/max and vars:
	// a bool for check, an int for spin, a string otherwise.
	set func(v any)
}

// techPrefix starts the name of every technique switch, e.g. "Tech null".
const techPrefix = "Tech "

// Limits of the spin options.
const (
	minHashMB      = 1
	maxHashMB      = 4096
	maxOverheadMS  = 5000
	maxMultiPV     = 256 // more than the legal moves of any position (218)
	defaultHashMB  = 64
	defaultOverMS  = 30
	defaultBook    = "/usr/share/games/gnuchess/book.bin"
	defaultEngName = "plylab"
)

// options returns the option table for s, defaults taken from its Config.
func (s *session) options() []option {
	cfg := s.cfg
	kinds := eval.Kinds()
	kindNames := make([]string, len(kinds))
	for i, k := range kinds {
		kindNames[i] = k.String()
	}
	opts := []option{
		{name: "Hash", typ: "spin", def: strconv.Itoa(cfg.HashMB), min: minHashMB, max: maxHashMB,
			set: func(v any) {
				if s.set.hashMB != v.(int) {
					s.set.hashMB = v.(int)
					s.searcherStale = true
				}
			}},
		{name: "OwnBook", typ: "check", def: strconv.FormatBool(cfg.OwnBook),
			set: func(v any) { s.set.ownBook = v.(bool); s.bookStale = true }},
		{name: "BookFile", typ: "string", def: cfg.BookFile,
			set: func(v any) { s.set.bookFile = v.(string); s.bookStale = true }},
		{name: "Eval", typ: "combo", def: engine.EngineOptions().Eval.String(), vars: kindNames,
			set: func(v any) {
				k, _ := eval.ParseKind(v.(string)) // checked against vars already
				s.set.opts.Eval = k
				s.searcherStale = true
			}},
		// EvalFile names a network file (plylab nnue train -o FILE) that
		// the nnue evaluation uses instead of the built-in network;
		// <empty> is the built-in one.
		{name: "EvalFile", typ: "string", def: "",
			set: func(v any) {
				path := v.(string)
				s.set.opts.Net = nil
				s.searcherStale = true
				if path == "" {
					return
				}
				net, _, err := nnue.ReadFile(path)
				if err != nil {
					s.infof("EvalFile: %v; using the built-in network", err)
					return
				}
				s.set.opts.Net = net
			}},
		// Threads is the number of search threads (Lazy SMP, engine/smp.go).
		// One, the default, is the deterministic search whose node counts
		// plylab quotes; more find each depth sooner.
		{name: "Threads", typ: "spin", def: "1", min: 1, max: engine.MaxThreads,
			set: func(v any) {
				s.set.opts.Threads = v.(int)
				s.searcherStale = true
			}},
		// MultiPV: the best lines each iteration shows, for analysis (see
		// engine.Limits.MultiPV); bestmove is the first line's move.
		{name: "MultiPV", typ: "spin", def: "1", min: 1, max: maxMultiPV,
			set: func(v any) { s.set.multiPV = v.(int) }},
		// Ponder tells the engine that the GUI may send "go ponder". The
		// protocol has it only so that an engine may change its time
		// management; plylab's does not, and the search ponders only when
		// told to by "go ponder".
		{name: "Ponder", typ: "check", def: "false",
			set: func(v any) { s.set.ponder = v.(bool) }},
		{name: "Move Overhead", typ: "spin", def: strconv.Itoa(int(cfg.MoveOverhead / time.Millisecond)), min: 0, max: maxOverheadMS,
			set: func(v any) { s.set.overhead = time.Duration(v.(int)) * time.Millisecond }},
	}
	full := engine.EngineOptions()
	for _, t := range engine.Techniques() {
		name := t.Name
		opts = append(opts, option{name: techPrefix + name, typ: "check", def: strconv.FormatBool(full.Enabled(name)),
			set: func(v any) {
				_ = s.set.opts.Set(name, v.(bool)) // name comes from engine.Techniques
				s.searcherStale = true
			}})
	}
	return opts
}

// line is the option's announcement after "uci".
func (o option) line() string {
	var b strings.Builder
	fmt.Fprintf(&b, "option name %s type %s default ", o.name, o.typ)
	if o.typ == "string" && o.def == "" {
		b.WriteString("<empty>") // the usual spelling of an empty default
	} else {
		b.WriteString(o.def)
	}
	if o.typ == "spin" {
		fmt.Fprintf(&b, " min %d max %d", o.min, o.max)
	}
	for _, v := range o.vars {
		b.WriteString(" var " + v)
	}
	return b.String()
}

// parseValue checks a setoption value against the option's type.
func (o option) parseValue(raw string) (any, error) {
	switch o.typ {
	case "check":
		switch strings.ToLower(raw) {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
		return nil, fmt.Errorf("option %s takes true or false, got %q", o.name, raw)
	case "spin":
		n, err := strconv.Atoi(raw)
		if err != nil {
			return nil, fmt.Errorf("option %s takes a whole number from %d to %d, got %q", o.name, o.min, o.max, raw)
		}
		if n < o.min || n > o.max {
			return nil, fmt.Errorf("option %s must be between %d and %d, got %d", o.name, o.min, o.max, n)
		}
		return n, nil
	case "combo":
		for _, v := range o.vars {
			if strings.EqualFold(v, raw) {
				return v, nil
			}
		}
		return nil, fmt.Errorf("option %s takes one of %s, got %q", o.name, strings.Join(o.vars, ", "), raw)
	}
	if raw == "<empty>" {
		raw = ""
	}
	return raw, nil
}

// setOption handles "setoption name <id> [value <x>]". Both the name and
// the value may contain spaces ("Move Overhead", a file path).
func (s *session) setOption(args []string) error {
	if len(args) == 0 || args[0] != "name" {
		return fmt.Errorf("setoption: expected \"setoption name <option> value <value>\"")
	}
	var name, value []string
	seenValue := false
	for _, a := range args[1:] {
		switch {
		case !seenValue && a == "value":
			seenValue = true
		case seenValue:
			value = append(value, a)
		default:
			name = append(name, a)
		}
	}
	id := strings.Join(name, " ")
	if id == "" {
		return fmt.Errorf("setoption: the option name is missing")
	}
	for _, o := range s.options() {
		// "Tech_null" names "Tech null": runners that pass options as
		// space-separated NAME=VALUE pairs (OpenBench, fastchess) cannot
		// write a name with a space in it.
		if !strings.EqualFold(o.name, id) && !strings.EqualFold(strings.ReplaceAll(o.name, " ", "_"), id) {
			continue
		}
		if !seenValue && o.typ != "string" {
			return fmt.Errorf("setoption: option %s needs a value", o.name)
		}
		v, err := o.parseValue(strings.Join(value, " "))
		if err != nil {
			return err
		}
		o.set(v)
		return nil
	}
	return fmt.Errorf("setoption: unknown option %q (send \"uci\" to list the options)", id)
}
