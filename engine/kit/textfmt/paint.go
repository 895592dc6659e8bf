package textfmt

// Paint returns text in style s. Results that print styled lines of their
// own (a search's live view, a lesson check's verdicts) take one: the CLI
// passes its colour painter, a plain caller PlainPaint.
type Paint func(s Style, text string) string

// PlainPaint is a Paint that returns text unchanged (no colour).
func PlainPaint(_ Style, text string) string { return text }
