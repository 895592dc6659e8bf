package faultio

import (
	"errors"
	"io"
	"testing"
)

func TestReader(t *testing.T) {
	disk := errors.New("input/output error")
	r := &Reader{Text: "abc", Err: disk, Limit: 2}
	buf := make([]byte, 2)
	var got []string
	for i := 0; i < 6; i++ {
		n, err := r.Read(buf)
		got = append(got, string(buf[:n])+"/"+errText(err))
	}
	want := []string{"ab/", "c/", "/input/output error", "/input/output error", "/EOF", "/EOF"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("read %d = %q, want %q", i, got[i], want[i])
		}
	}
	if r.Fails != 2 {
		t.Errorf("Fails = %d, want 2", r.Fails)
	}
	if n, err := (&Reader{Err: disk}).Read(buf); n != 0 || err != disk {
		t.Errorf("default limit: first read = %d, %v; want 0, %v", n, err, disk)
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	if err == io.EOF {
		return "EOF"
	}
	return err.Error()
}
