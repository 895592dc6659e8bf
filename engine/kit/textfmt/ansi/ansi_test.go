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

func TestStripControls(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"plain text, é and ♔\tand\nlines\r\n", "plain text, é and ♔\tand\nlines\r\n"},
		{"copy \x1b]52;c;SGVsbG8=\x07me", "copy me"},                // OSC 52: clipboard write
		{"title \x1b]0;owned\x1b\\here", "title here"},              // OSC 0 ended by ST
		{"a\x1b[2Jb\x1b[H\x1b[3;1Hc", "abc"},                        // clear screen, cursor moves
		{"\x1b[31mred\x1b[0m", "red"},                               // colour
		{"x\x1b[?1049hy", "xy"},                                     // private mode
		{"x\x1bcy\x1b(Bz", "xyz"},                                   // reset, charset
		{"d\x1bP1$r0m\x1b\\e", "de"},                                // DCS
		{"bell\x07 nul\x00 bs\x08 del\x7f", "bell nul bs del"},      // C0 and DEL
		{"c1\u009b2Jx \u009d0;t\u009cy \u0085z", "c1x y z"},         // C1 CSI, OSC, NEL
		{"open \x1b]0;no end\nnext line", "open \nnext line"},       // an unterminated OSC stops at the line
		{"broken \x1b[12é and\x1b[3\nnext", "broken é and\nnext"},   // a CSI cut by text
		{"end\x1b", "end"}, {"end\x1b[", "end"}, {"\x1b]52;c;", ""}, // cut short
	} {
		if got := StripControls(tt.in); got != tt.want {
			t.Errorf("StripControls(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
