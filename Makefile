# Builds plylab's engine binary the way OpenBench (and other testing
# frameworks built on its conventions) expect:
#
#     make EXE=plylab-1a2b3c4d      # builds ./plylab-1a2b3c4d
#     ./plylab-1a2b3c4d bench       # last line: "<nodes> nodes <nps> nps"
#     ./plylab-1a2b3c4d uci         # the UCI engine
#
# OpenBench runs `make -j EXE=NAME CC=COMPILER` in the directory its engine
# config names; the binary is a Go program, so CC is accepted and ignored.
# The build uses the profile in cmd/plylab/default.pgo (Go's -pgo=auto).
# See docs/openbench.md.

GO  ?= go
EXE ?= plylab

.PHONY: all clean bench

all:
	CGO_ENABLED=0 $(GO) build -trimpath -o $(EXE) ./cmd/plylab

bench: all
	./$(EXE) bench

clean:
	rm -f $(EXE)
