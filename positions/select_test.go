package positions

import (
	"errors"
	"strings"
	"testing"
)

func TestSelect(t *testing.T) {
	fen := func(f string) (Position, error) {
		if f == "bad" {
			return Position{}, errors.New("invalid FEN")
		}
		return Position{Name: "fen", FEN: f}, nil
	}
	for _, tt := range []struct {
		name  string
		sel   Selection
		names []string // the positions selected
		err   string   // the error's text, or its start for lookups
	}{
		{"default", Selection{Default: "start"}, []string{"start"}, ""},
		{"name", Selection{Name: "kiwipete", NameSet: true, Default: "start"}, []string{"kiwipete"}, ""},
		{"fen", Selection{FEN: "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", FENSet: true}, []string{"fen"}, ""},
		{"bad fen", Selection{FEN: "bad", FENSet: true}, nil, "invalid FEN"},
		{"suite id", Selection{Suite: "wac", ID: "WAC.004", SuiteSet: true, WithSuite: true}, []string{"WAC.004"}, ""},
		{"two inputs", Selection{NameSet: true, FENSet: true}, nil, "use only one of Name and FEN"},
		{"two inputs with suite", Selection{NameSet: true, SuiteSet: true, WithSuite: true}, nil, "use only one of Name, FEN and Suite"},
		{"id without suite", Selection{ID: "WAC.004", WithSuite: true, Default: "start"}, nil, "ID needs Suite; e.g. Suite wac ID WAC.004 (see 'plylab positions list')"},
		{"id ignored without suites", Selection{ID: "WAC.004", Default: "start"}, []string{"start"}, ""},
		{"suite ignored without suites", Selection{Suite: "wac", SuiteSet: true, Default: "start"}, []string{"start"}, ""},
		{"unknown name", Selection{Name: "kiwipet", NameSet: true}, nil, `unknown position "kiwipet"`},
		{"unknown suite", Selection{Suite: "wax", SuiteSet: true, WithSuite: true}, nil, `unknown suite "wax"`},
	} {
		got, err := tt.sel.Select(fen)
		var names []string
		for _, p := range got {
			names = append(names, p.Name)
		}
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if strings.Join(names, ",") != strings.Join(tt.names, ",") || !strings.HasPrefix(msg, tt.err) || (tt.err == "") != (err == nil) {
			t.Errorf("%s: %v, %q; want %v, %q", tt.name, names, msg, tt.names, tt.err)
		}
	}
	// A whole suite is a copy of its positions.
	all, err := Selection{Suite: "bk", SuiteSet: true, WithSuite: true}.Select(fen)
	if err != nil || len(all) != 24 || all[0].Name != "BK.01" {
		t.Fatalf("suite bk: %d positions, %v", len(all), err)
	}
	all[0].Name = "changed"
	if again, _ := (Selection{Suite: "bk", SuiteSet: true, WithSuite: true}).Select(fen); again[0].Name != "BK.01" {
		t.Error("Select returned the suite's own slice")
	}
	_, err = Selection{Suite: "wac", ID: "WAC.999", SuiteSet: true, WithSuite: true}.Select(fen)
	var ide *IDError
	if !errors.As(err, &ide) || ide.Suite != "wac" || !errors.Is(err, ErrUnknown) {
		t.Errorf("unknown id: %v, want an IDError of suite wac wrapping ErrUnknown", err)
	}
	var se *SelectionError
	if _, err := (Selection{NameSet: true, FENSet: true}).Select(fen); !errors.As(err, &se) {
		t.Errorf("two inputs: %v is not a SelectionError", err)
	}
}

func TestShow(t *testing.T) {
	fen := func(f string) (Position, error) { return Position{Name: "fen", FEN: f}, nil }
	str := func(s ...string) []string { return s }
	for _, tt := range []struct {
		name     string
		sel      Selection
		args     []string // the NAME arguments
		position string   // the position's name, "" when a suite is listed
		suite    string   // the listed suite
		err      string   // the error's start
	}{
		{"nothing", Selection{WithSuite: true, Default: "start"}, nil, "start", "", ""},
		{"name", Selection{WithSuite: true}, str("kiwipete"), "kiwipete", "", ""},
		{"suite", Selection{WithSuite: true}, str("wac"), "", "wac", ""},
		{"suite id", Selection{WithSuite: true, ID: "WAC.004"}, str("wac"), "WAC.004", "", ""},
		{"--suite", Selection{WithSuite: true, Suite: "bk", SuiteSet: true}, nil, "", "bk", ""},
		{"--suite --id", Selection{WithSuite: true, Suite: "bk", SuiteSet: true, ID: "BK.02"}, nil, "BK.02", "", ""},
		{"--fen", Selection{WithSuite: true, FEN: "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", FENSet: true}, nil, "fen", "", ""},
		{"both", Selection{WithSuite: true, NameSet: true}, str("wac"), "", "", "give the position either as NAME or with Name/FEN/Suite, not both"},
		{"not a suite", Selection{WithSuite: true, ID: "x"}, str("kiwipete"), "", "", `"kiwipete" is a position, not a suite`},
		{"unknown --suite", Selection{WithSuite: true, Suite: "wax", SuiteSet: true}, nil, "", "", `unknown suite "wax"`},
		{"empty name", Selection{WithSuite: true, Default: "start"}, str(""), "", "", "unknown position"},
		{"two names", Selection{WithSuite: true}, str("start", "kiwipete"), "", "", `too many arguments "start kiwipete"; give one NAME (quote a FEN and pass it with FEN)`},
		{"id of a position", Selection{WithSuite: true, ID: "1"}, str("start"), "", "", `"start" is a position, not a suite; ID picks a position in a suite (see 'plylab positions list')`},
	} {
		p, s, err := tt.sel.Show(tt.args, fen)
		suite := ""
		if s != nil {
			suite = s.Name
		}
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if p.Name != tt.position || suite != tt.suite || !strings.HasPrefix(msg, tt.err) || (tt.err == "") != (err == nil) {
			t.Errorf("%s: position %q, suite %q, %q; want %q, %q, %q", tt.name, p.Name, suite, msg, tt.position, tt.suite, tt.err)
		}
	}
	_, _, err := Selection{WithSuite: true, ID: "WAC.999"}.Show(str("wac"), fen)
	var ide *IDError
	if !errors.As(err, &ide) || ide.Suite != "wac" {
		t.Errorf("unknown id: %v, want an IDError of wac", err)
	}
	var ns *NotSuiteError
	var se *SelectionError
	if _, _, err := (Selection{WithSuite: true, ID: "x"}).Show(str("kiwipete"), fen); !errors.As(err, &ns) || !errors.As(err, &se) {
		t.Errorf("id on a named position: %v, want a SelectionError wrapping a NotSuiteError", err)
	}
}
