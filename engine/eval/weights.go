package eval

// DefaultWeights are the classical evaluation's weights (middlegame,
// endgame), in centipawns per unit of each feature. See weights_tuned.go
// for where the values come from.
var DefaultWeights = tunedWeights
