package textbook

import (
	"errors"
	"testing"
)

func TestToySyntaxErrorWhere(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in        string
		line, col int
		char      string
	}{
		{"(1,x)", 1, 4, `"x"`},
		{"(\n (1,2),\n (3,y))", 3, 5, `"y"`},
		{"((1,2)", 1, 7, "end of input"},
		{"(1)\n)", 2, 1, `")"`},
	} {
		_, err := ParseToy(tt.in)
		var se *ToySyntaxError
		if !errors.As(err, &se) {
			t.Fatalf("ParseToy(%q): %v, want a ToySyntaxError", tt.in, err)
		}
		line, col, char := se.Where()
		if line != tt.line || col != tt.col || char != tt.char {
			t.Errorf("ParseToy(%q): at line %d, column %d (%s); want line %d, column %d (%s)", tt.in, line, col, char, tt.line, tt.col, tt.char)
		}
	}
}
