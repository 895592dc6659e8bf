package flagval

import (
	"fmt"
	"slices"
	"strings"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

// List splits a comma-separated list, trimming the items and dropping
// empty ones: " null, lmr,," is [null lmr].
func List(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// Algo holds the values of the flags that choose plylab's searches: an
// algorithm flag (--algo, or match's --engine) and the shared --with,
// --without, --eval and --hash.
type Algo struct {
	Flag          string // the algorithm flag's name without dashes, e.g. "algo"
	Algos         string // its value: one or more comma-separated algorithms
	With, Without string // comma-separated technique names
	Eval          string // --eval's value, used only when EvalSet
	EvalSet       bool
	Hash          int // transposition table size in MB, 1 to 4096
}

// Options parses the algorithms, each with the techniques, evaluation and
// hash size applied. Its errors are one line naming the flag and saying
// what to do, with a did-you-mean for a misspelt algorithm or technique.
func (a Algo) Options() ([]engine.Options, error) {
	name := a.Flag
	specs := List(a.Algos)
	if len(specs) == 0 {
		return nil, fmt.Errorf("--%s is empty; use e.g. --%s minimax,alphabeta,engine", name, name)
	}
	var out []engine.Options
	for _, spec := range specs {
		o, err := engine.ParseAlgo(spec)
		if err != nil {
			base, _, _ := strings.Cut(spec, "-with")
			if s := textfmt.Suggest(base, engine.Presets()); s != "" && s != base {
				return nil, fmt.Errorf("--%s %q: unknown algorithm; did you mean %q? choose minimax, alphabeta, engine, ramz, paper-minimax or paper-alphabeta, optionally with switches such as engine-without-null", name, spec, s+strings.TrimPrefix(spec, base))
			}
			return nil, fmt.Errorf("--%s: %v", name, err)
		}
		if err := a.checkTechniques(); err != nil {
			return nil, err
		}
		if err := o.Apply(List(a.With), List(a.Without)); err != nil {
			return nil, err
		}
		if a.EvalSet {
			k, err := eval.ParseKind(a.Eval)
			if err != nil {
				return nil, fmt.Errorf("--eval: %v", err)
			}
			o.Eval = k
		}
		if a.Hash < 1 || a.Hash > 4096 {
			return nil, fmt.Errorf("--hash must be between 1 and 4096 MB, got %d", a.Hash)
		}
		o.TTSizeMB = a.Hash
		out = append(out, o)
	}
	return out, nil
}

// checkTechniques rejects an unknown name in --with or --without with a
// did-you-mean.
func (a Algo) checkTechniques() error {
	known := engine.TechniqueNames()
	for _, f := range []struct{ flag, list string }{{"with", a.With}, {"without", a.Without}} {
		for _, name := range List(f.list) {
			if slices.Contains(known, name) {
				continue
			}
			if s := textfmt.Suggest(name, known); s != "" {
				return fmt.Errorf("--%s %q: unknown technique; did you mean %q? run 'plylab techniques' to list them", f.flag, name, s)
			}
			return fmt.Errorf("--%s %q: unknown technique; expected a comma-separated list like null,lmr (run 'plylab techniques' to list them)", f.flag, name)
		}
	}
	return nil
}
