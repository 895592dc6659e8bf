package textfmt

import (
	"reflect"
	"testing"
)

func TestPlural(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		n    int
		want string
	}{
		{0, "0 cells"}, {1, "1 cell"}, {2, "2 cells"}, {1234, "1,234 cells"},
	} {
		if got := Plural(tt.n, "cell"); got != tt.want {
			t.Errorf("Plural(%d, cell) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

func TestShorten(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		s    string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"the quick brown fox jumps", 12, "the quick…"},
		{"alpha, beta gamma", 9, "alpha…"},
		{"abcdefghijklmnop", 8, "abcdefg…"},
		{"ééééééééé", 5, "éééé…"},
	} {
		if got := Shorten(tt.s, tt.n); got != tt.want {
			t.Errorf("Shorten(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
		}
	}
}

func TestIndent(t *testing.T) {
	t.Parallel()
	if got, want := Indent("a\nb", "  "), "  a\n  b"; got != want {
		t.Errorf("Indent = %q, want %q", got, want)
	}
	if got, want := Indent("", "> "), "> "; got != want {
		t.Errorf("Indent of empty = %q, want %q", got, want)
	}
}

func TestWrapWords(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		words []string
		width int
		want  []string
	}{
		{nil, 10, nil},
		{[]string{"e4", "d4", "Nf3"}, 10, []string{"e4 d4 Nf3"}},
		{[]string{"e4", "d4", "Nf3"}, 5, []string{"e4 d4", "Nf3"}},
		{[]string{"toolongword", "a"}, 4, []string{"toolongword", "a"}},
	} {
		if got := WrapWords(tt.words, tt.width); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("WrapWords(%q, %d) = %q, want %q", tt.words, tt.width, got, tt.want)
		}
	}
}

func TestCapitalize(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]string{"": "", "white": "White", "Black": "Black", "x": "X"} {
		if got := Capitalize(s); got != want {
			t.Errorf("Capitalize(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestOneLine(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ s, want string }{
		{"  plain  ", "plain"},
		{"two  spaces kept", "two  spaces kept"},
		{"first line\n  second\tline\r\n", "first line second line"},
		{"", ""},
	} {
		if got := OneLine(tt.s); got != tt.want {
			t.Errorf("OneLine(%q) = %q, want %q", tt.s, got, tt.want)
		}
	}
}
