package flagval

import (
	"strings"
	"unicode"

	"github.com/plylab/plylab/engine/kit/param"
)

// flagOf are the flags of the parameters whose flag is not their Go name
// in kebab case (FlagName).
var flagOf = map[string]string{
	"MultiPV":        "--multipv",
	"Workers":        "--concurrency",
	"Concurrency":    "-j",
	"Openings.Plies": "--opening-plies",
	"Output":         "-o",
	"Name":           "--position",
}

// FlagName is the command-line flag of a domain package's parameter
// (package param names them by their Go names): the Go name in kebab
// case ("Depth" --depth, "MaxPly" --max-ply, "LabelCache" --label-cache,
// "FEN" --fen), or for the few whose flag is named otherwise, that flag
// ("MultiPV" --multipv, "Workers" --concurrency, "Output" -o).
func FlagName(p string) string {
	if f, ok := flagOf[p]; ok {
		return f
	}
	var b strings.Builder
	b.WriteString("--")
	prev := rune(0)
	for _, r := range p {
		if unicode.IsUpper(r) && (unicode.IsLower(prev) || unicode.IsDigit(prev)) {
			b.WriteByte('-')
		}
		b.WriteRune(unicode.ToLower(r))
		prev = r
	}
	return b.String()
}

// ParamWords words a domain package's input error (a *param.RangeError
// or *param.Error in err's chain) with flag names: over's pairs of
// parameter and flag first (e.g. "Depth", "--opponent-depth"), else
// FlagName. ok is false when err has none.
func ParamWords(err error, over ...string) (text string, ok bool) {
	return param.Words(err, func(p string) string {
		for i := 0; i+1 < len(over); i += 2 {
			if over[i] == p {
				return over[i+1]
			}
		}
		return FlagName(p)
	})
}
