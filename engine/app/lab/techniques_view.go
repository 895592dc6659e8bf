package lab

import "github.com/plylab/plylab/engine/kit/textfmt"

// TechniquesView is the table `plylab techniques` prints: the switches
// (TechniquesTable), or with elo what each is worth in games (EloTable of
// TechniqueElos, whose error it returns).
func TechniquesView(elo bool) (*textfmt.Table, error) {
	if !elo {
		return TechniquesTable(), nil
	}
	rows, err := TechniqueElos()
	if err != nil {
		return nil, err
	}
	return EloTable(rows), nil
}
