//go:build !js

package plot

import (
	"reflect"
	"testing"
)

func TestIntegerTicks(t *testing.T) {
	for _, tt := range []struct {
		min, max float64
		want     []string
	}{
		{0.8, 3.2, []string{"1", "2", "3"}},
		{1, 1, []string{"1"}},
		{4.8, 5.2, []string{"5"}},
		{2.2, 2.8, nil},
	} {
		var got []string
		for _, tk := range (IntegerTicks{}).Ticks(tt.min, tt.max) {
			if float64(int(tk.Value)) != tk.Value {
				t.Errorf("tick %v is not whole", tk)
			}
			got = append(got, tk.Label)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Ticks(%g, %g) = %v, want %v", tt.min, tt.max, got, tt.want)
		}
	}
}
