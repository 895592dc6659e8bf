package lessons

import (
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
