package lessons

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestListTable(t *testing.T) {
	long := strings.Repeat("word ", 20)
	ls := []*Lesson{{Number: 3, Name: "alphabeta", Title: "Alpha-beta", Minutes: 12, Summary: long, Cells: make([]*Cell, 4)}}
	tab := ListTable(ls)
	if tab.Title != "Lessons" || len(tab.Rows) != 1 || len(tab.Notes) != 1 {
		t.Fatalf("table = %+v", tab)
	}
	texts := tab.RowTexts(0)
	want := []string{"3", "alphabeta", "Alpha-beta", "12", "4", strings.TrimSpace(strings.Repeat("word ", 14)) + "…"}
	if strings.Join(texts, "|") != strings.Join(want, "|") {
		t.Errorf("row = %q, want %q", texts, want)
	}
	if v := tab.Rows[0][5].Value; v != long {
		t.Errorf("summary value = %q, want the whole summary", v)
	}
}

// TestBuiltinLesson: one built-in lesson parsed by its slug is the lesson
// Builtin parses; anything else is ErrUnknown.
func TestBuiltinLesson(t *testing.T) {
	all, err := Builtin(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range all {
		got, err := BuiltinLesson(want.Slug, nil)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("BuiltinLesson(%q) = %v, %v; want the lesson Builtin parses", want.Slug, got, err)
		}
	}
	for _, slug := range []string{"", "3", "alphabeta", "03-alphabeta.md", "../lessons/03-alphabeta", "0*", "99-none"} {
		if l, err := BuiltinLesson(slug, nil); !errors.Is(err, ErrUnknown) {
			t.Errorf("BuiltinLesson(%q) = %v, %v; want ErrUnknown", slug, l, err)
		}
	}
}
