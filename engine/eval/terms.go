package eval

import (
	"fmt"
	"strings"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// TermNames returns the switch names of the classical terms in bit order
// ("mobility", "kingsafety", ...).
func TermNames() []string { return append([]string(nil), termNames[:]...) }

// ParseTerms reads a comma-separated list of term names (any case, spaces
// allowed around the commas), or "all" for AllTerms. An unknown name is
// an error that suggests the closest name and lists them all.
func ParseTerms(s string) (Terms, error) {
	if strings.TrimSpace(s) == "all" {
		return AllTerms, nil
	}
	var terms Terms
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(strings.ToLower(name))
		found := false
		for _, t := range TermList() {
			if t.Name() == name {
				terms |= t
				found = true
			}
		}
		if !found {
			hint := ""
			if s := textfmt.Suggest(name, TermNames()); s != "" {
				hint = fmt.Sprintf(" (did you mean %q?)", s)
			}
			return 0, fmt.Errorf("unknown term %q%s; choose from %s or all", name, hint, strings.Join(TermNames(), ", "))
		}
	}
	return terms, nil
}
