package notebook

import (
	"context"
	"io"
	"net"
	"net/http"
	"testing"
	"time"
)

func TestURL(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		addr net.Addr
		want string
	}{
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8888}, "http://127.0.0.1:8888/?token=tok"},
		{&net.TCPAddr{IP: net.IPv4zero, Port: 80}, "http://127.0.0.1:80/?token=tok"},
		{&net.TCPAddr{IP: net.IPv6unspecified, Port: 9000}, "http://127.0.0.1:9000/?token=tok"},
		{&net.TCPAddr{IP: net.IPv6loopback, Port: 9000}, "http://[::1]:9000/?token=tok"},
		{&net.TCPAddr{IP: net.IPv4(192, 168, 1, 5), Port: 1}, "http://192.168.1.5:1/?token=tok"},
	} {
		if got := URL(tt.addr, "tok"); got != tt.want {
			t.Errorf("URL(%v) = %q, want %q", tt.addr, got, tt.want)
		}
	}
}

// TestServe: Serve answers on the listener once started is called, and
// stops cleanly (nil, the listener closed) when its context ends.
func TestServe(t *testing.T) {
	s, _ := newTestServer(t, nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := URL(ln.Addr(), testToken)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	started := make(chan struct{})
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, ln, s, func() { close(started) }) }()
	<-started
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("GET %s: %d, want 200", url, resp.StatusCode)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve after the context ended: %v, want nil", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not stop")
	}
	if _, err := http.Get(url); err == nil {
		t.Error("the server still answers after stopping")
	}
}

// TestServeListenerFails: a listener that fails ends Serve with the HTTP
// server's error.
func TestServeListenerFails(t *testing.T) {
	s, _ := newTestServer(t, nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln.Close()
	if err := Serve(context.Background(), ln, s, nil); err == nil {
		t.Error("Serve on a closed listener: nil error")
	}
}
