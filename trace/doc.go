// Package trace records search trees and draws them the way the papers do:
// which branches were searched, which were cut off, and why.
//
// A Recorder is handed to a search (textbook.Minimax, textbook.AlphaBeta,
// textbook.Run); the search reports every node it enters and leaves and the
// moves each cutoff left unsearched. The recorder keeps the first
// MaxNodes nodes (and every root move, so the top of the tree is always
// complete) and only counts the rest, so tracing a deep engine search
// stays within a fixed amount of memory. After the search, Recorder.Chess
// or Recorder.Toy names the moves (SAN for chess, a, b, c... for textbook
// trees), marks the principal variation and returns a Tree.
//
// A Tree is drawn by the views in this package:
//
//   - WriteDOT: Graphviz DOT built with github.com/emicklei/dot, with
//     deterministic node IDs and attribute order, so the same search gives
//     byte-identical output;
//   - Render: SVG or PNG drawn by plylab itself: a tidy tree layout
//     (Reingold–Tilford style, draw.go) written as SVG, and PNG painted
//     from that SVG with git.sr.ht/~sbinet/gg (png.go). No Graphviz is
//     linked: go-graphviz compiled its WebAssembly Graphviz at every
//     start of every command (about 40 ms), see docs/performance.md;
//   - WriteJSON / ReadJSON: the whole tree for other tools;
//   - WriteText: an indented tree for the terminal, colored by a Painter.
//
// Big trees are made readable by Tree.Apply with a Filter (display depth,
// focus on a subtree, principal variation only, folding small subtrees,
// fitting a node count), which returns a trimmed copy whose removed nodes
// are counted, never silently dropped.
//
// Values: the searches are negamax, so a node's Value, Alpha and Beta are
// from the point of view of the side to move at that node. The drawings
// show the textbook MAX/MIN picture instead: MAX is the side to move at the
// root, MIN its opponent, and every value is converted to MAX's point of
// view (negated at MIN nodes, with lower and upper bounds swapped). Node
// has methods for both views.
package trace
