// Package eval is plylab's static evaluation: a number, in centipawns
// (hundredths of a pawn), that says how good a position looks without
// searching any further.
//
// # What a static evaluation is
//
// A search cannot look to the end of a chess game; the tree is far too big.
// It stops at some depth and asks the evaluation to guess who is better at
// each leaf. "Static" means the guess looks only at where the pieces stand
// now, not at what could happen next: it does not see that a queen is
// about to be captured. That is the search's job (and the reason engines
// keep searching captures at the leaves, "quiescence"). The two work as a
// pair: a deep search with a crude evaluation and a shallow search with a
// clever one are two ends of the same trade.
//
// Scores follow the negamax convention: positive means good for the side to
// move. Internally every term is added up from White's point of view and
// the sign is flipped at the end when Black is to move.
//
// # Material: the crudest useful guess
//
// Counting material (pawn 100, knight and bishop 300, rook 500, queen 900)
// already plays legal, greedy chess: it grabs what it can and avoids losing
// pieces. But it cannot tell a knight in the corner from a knight in the
// centre, or a pawn on its starting square from one about to promote, so in
// a quiet position every move looks equally good and the engine shuffles
// pieces aimlessly. Material is the Material kind.
//
// # Piece-square tables: where a piece stands matters
//
// A piece-square table gives each piece type a bonus or penalty for every
// square: knights like the centre ("a knight on the rim is dim"), pawns
// gain value as they advance, the king wants to hide behind its pawns. It
// is still a lookup and a sum, so it costs almost nothing, yet it gives the
// engine reasons to develop, centralise and castle. The PST kind adds Tomasz
// Michniewski's "Simplified Evaluation Function" tables to material.
//
// # Tapering: the middlegame and the endgame want different things
//
// One table cannot be right all game long. With queens on the board the
// king must hide; in an endgame it is a strong piece that belongs in the
// centre. Passed pawns are worth more when there is less material left to
// stop them. A tapered evaluation keeps two scores, a middlegame one and an
// endgame one, and blends them by the game phase: a count of the pieces
// left (minor piece 1, rook 2, queen 4, so 24 at the start and 0 with only
// kings and pawns). The blend is linear, so the score slides smoothly as
// pieces come off instead of jumping at some arbitrary "now it is an
// endgame" moment, which would make the search chase or avoid trades for
// no real reason. The PeSTO kind is Ronald Friederich's tapered tables,
// tuned automatically on game results; they are strong for an evaluation
// that knows nothing but "which piece, which square".
//
// # Speed
//
// Evaluate runs at every leaf, millions of times per second, so it does no
// allocation and no map or interface lookups. At start-up the piece values
// and tables are folded into one signed table per kind, indexed by piece
// and square, so evaluating is one table read per piece plus, for PeSTO,
// three population counts for the phase and one multiply-and-divide for the
// blend. Explain computes the same score slowly, term by term, from the
// published tables, which makes it both the teaching view and a check on
// the fast path.
package eval
