package flagval

import (
	"reflect"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/eval"
)

func TestList(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{"", nil}, {" null, lmr,,", []string{"null", "lmr"}}, {"engine", []string{"engine"}},
	} {
		if got := List(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("List(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestAlgoOptions(t *testing.T) {
	ok := []struct {
		a     Algo
		names []string
		eval  eval.Kind
		hash  int
	}{
		{Algo{Flag: "algo", Algos: "minimax, alphabeta", Hash: 16}, []string{"minimax", "alphabeta"}, eval.Material, 16},
		{Algo{Flag: "algo", Algos: "engine", Eval: "material", EvalSet: true, Hash: 1}, []string{"engine"}, eval.Material, 1},
		{Algo{Flag: "engine", Algos: "engine-without-null", Eval: "pesto", Hash: 4096}, []string{"engine-without-null"}, eval.NNUE, 4096}, // --eval not set: the preset's
	}
	for _, tt := range ok {
		opts, err := tt.a.Options()
		if err != nil {
			t.Errorf("%+v: %v", tt.a, err)
			continue
		}
		var names []string
		for _, o := range opts {
			names = append(names, o.Name)
			if o.Eval != tt.eval || o.TTSizeMB != tt.hash {
				t.Errorf("%+v: %s has eval %v, hash %d; want %v, %d", tt.a, o.Name, o.Eval, o.TTSizeMB, tt.eval, tt.hash)
			}
		}
		if !reflect.DeepEqual(names, tt.names) {
			t.Errorf("%+v: algorithms %q, want %q", tt.a, names, tt.names)
		}
	}
	// --without switches the technique off.
	if opts, err := (Algo{Flag: "algo", Algos: "engine", Without: "null", Hash: 16}).Options(); err != nil || opts[0].Enabled("null") {
		t.Errorf("--without null: %v, null still on", err)
	}

	bad := []struct {
		a    Algo
		want string
	}{
		{Algo{Flag: "algo", Algos: " , ", Hash: 16}, "--algo is empty; use e.g. --algo minimax,alphabeta,engine"},
		{Algo{Flag: "algo", Algos: "minimx", Hash: 16}, `--algo "minimx": unknown algorithm; did you mean "minimax"?`},
		{Algo{Flag: "engine", Algos: "engine", With: "nul", Hash: 16}, `--with "nul": unknown technique; did you mean "null"?`},
		{Algo{Flag: "algo", Algos: "engine", Without: "zzzzzzzz", Hash: 16}, `--without "zzzzzzzz": unknown technique; expected a comma-separated list like null,lmr`},
		{Algo{Flag: "algo", Algos: "engine", Eval: "neural", EvalSet: true, Hash: 16}, "--eval: "},
		{Algo{Flag: "algo", Algos: "engine", Hash: 0}, "--hash must be between 1 and 4096 MB, got 0"},
	}
	for _, tt := range bad {
		_, err := tt.a.Options()
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%+v: error %v, want one line starting %q", tt.a, err, tt.want)
		}
	}
}
