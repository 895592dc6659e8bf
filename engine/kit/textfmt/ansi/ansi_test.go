package ansi

import "testing"

func TestPaint(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		on         bool
		code, text string
		want       string
	}{
		{false, "1", "bold", "bold"},
		{true, "", "plain", "plain"},
		{true, "31", "", ""},
		{true, "31", "FAIL", "\x1b[31mFAIL\x1b[0m"},
		{true, "1", "bold", "\x1b[1mbold\x1b[22m"},
		{true, "1;32", "ok", "\x1b[1;32mok\x1b[22;0m"},
		{true, "38;5;203;48;5;236", "c", "\x1b[38;5;203;48;5;236mc\x1b[0;25;0;0;25;0m"}, // fatih/color resets each parameter: 5 reads as blink
		{true, "1;x", "bad code", "bad code"},
	} {
		if got := Paint(tt.on, tt.code, tt.text); got != tt.want {
			t.Errorf("Paint(%v, %q, %q) = %q, want %q", tt.on, tt.code, tt.text, got, tt.want)
		}
	}
}
