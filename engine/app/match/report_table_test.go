package match

import (
	"reflect"
	"testing"
)

func TestReportTable(t *testing.T) {
	rep := &Report{Title: "match: a vs b", Notes: []string{"n"}, Rows: []ReportRow{
		{"total", "all", WDL{W: 2, D: 1}, true},
		{"phase", "ended in opening", WDL{}, false},
	}}
	tab := rep.Table()
	if tab.Title != rep.Title || !reflect.DeepEqual(tab.Notes, rep.Notes) || len(tab.Columns) != 13 {
		t.Errorf("title %q, notes %q, %d columns", tab.Title, tab.Notes, len(tab.Columns))
	}
	got := tab.Texts()
	want := [][]string{
		{"total", "all", "3", "2", "1", "0", "66.7%", "33.3%", "0.0%", "83.3%", "+280", "-79", "+389"},
		{"phase", "ended in opening", "0", "0", "0", "0", "-", "-", "-", "-", "-", "-", "-"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("rows\n%q\nwant\n%q", got, want)
	}
}
