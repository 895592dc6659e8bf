package engine

import (
	"reflect"
	"testing"
	"time"
)

// TestStatsAdd checks that Add sums every counter exactly once (a counter
// added twice, or forgotten, shows here as a wrong field) and that
// SelDepth takes the maximum.
func TestStatsAdd(t *testing.T) {
	var a, b Stats
	va, vb := reflect.ValueOf(&a).Elem(), reflect.ValueOf(&b).Elem()
	for i := 0; i < va.NumField(); i++ {
		switch f := va.Field(i); f.Kind() {
		case reflect.Uint64:
			f.SetUint(uint64(i + 1))
			vb.Field(i).SetUint(uint64(100 * (i + 1)))
		}
	}
	a.SelDepth, b.SelDepth = 7, 5
	a.Elapsed, b.Elapsed = time.Second, 2*time.Second
	a.Add(b)
	for i := 0; i < va.NumField(); i++ {
		name := va.Type().Field(i).Name
		if f := va.Field(i); f.Kind() == reflect.Uint64 {
			if got, want := f.Uint(), uint64(101*(i+1)); got != want {
				t.Errorf("%s after Add = %d, want %d", name, got, want)
			}
		}
	}
	if a.SelDepth != 7 {
		t.Errorf("SelDepth = %d, want 7 (the maximum)", a.SelDepth)
	}
	if a.Elapsed != 3*time.Second {
		t.Errorf("Elapsed = %v, want 3s", a.Elapsed)
	}
}
