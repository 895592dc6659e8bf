package sandbox

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// Extensions are the kinds of files a cell may write and a notebook
// serves: pictures, the formats of `tree -o` and tables.
var Extensions = []string{".svg", ".png", ".dot", ".json", ".txt", ".csv", ".md"}

// MaxNameLen bounds a file name, in bytes.
const MaxNameLen = 100

// NameError is why a file name is refused: Why says which rule it broke.
type NameError struct {
	Name string
	Why  string
}

// NameRule is the rule every refusal quotes.
const NameRule = "file names in a cell use letters, digits, '-', '_' and '.', start with a letter or digit, and end in .svg, .png, .dot, .json, .txt, .csv or .md (e.g. tree.svg)"

func (e *NameError) Error() string {
	return fmt.Sprintf("%q %s: %s", e.Name, e.Why, NameRule)
}

// CheckName is the one name rule for the files of a cell, for writing them
// and for serving them: a plain name (no folder, no "..", no absolute
// path) of ASCII letters, digits, '-', '_' and '.', starting with a
// letter or digit, at most MaxNameLen bytes, ending in one of Extensions,
// and not a device's name on Windows (CON.svg, nul.txt).
// Whatever it accepts can be written, listed and served.
func CheckName(name string) error {
	bad := func(why string) error { return &NameError{Name: name, Why: why} }
	switch {
	case name == "":
		return bad("is empty")
	case len(name) > MaxNameLen:
		return bad(fmt.Sprintf("is longer than %d characters", MaxNameLen))
	case strings.ContainsAny(name, `/\`):
		return bad("names a folder")
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			if r == ' ' {
				return bad("has a space")
			}
			return bad(fmt.Sprintf("has %q", string(r)))
		}
	}
	if c := name[0]; c == '.' || c == '-' || c == '_' {
		return bad(fmt.Sprintf("starts with %q", string(c)))
	}
	if strings.Contains(name, "..") {
		return bad("has '..'")
	}
	if !slices.Contains(Extensions, strings.ToLower(path.Ext(name))) {
		return bad("has no allowed extension")
	}
	if stem, _, _ := strings.Cut(name, "."); isDeviceName(stem) {
		return bad(fmt.Sprintf("is %q, a device's name on Windows (whatever its extension)", stem))
	}
	return nil
}

// isDeviceName reports a name Windows keeps for a device in every folder
// (CON, PRN, AUX, NUL, COM1-COM9, LPT1-LPT9, in any case): a file of that
// name cannot be made or read there, and opening it opens the device.
func isDeviceName(stem string) bool {
	switch u := strings.ToUpper(stem); {
	case u == "CON" || u == "PRN" || u == "AUX" || u == "NUL":
		return true
	case len(u) == 4 && (strings.HasPrefix(u, "COM") || strings.HasPrefix(u, "LPT")) && u[3] >= '1' && u[3] <= '9':
		return true
	}
	return false
}
