"""The phrase tables the crisis detectors and guards are built from: data only, one module per
topic (`suicide`, `self_harm`, `purging`, `substances`, `restriction`, `concealment`, `identity`)
plus the shared vocabularies (`common`: possessives, weight, exercise, illness; `scope`: past,
resolved and current markers, support and warnings). Each entry is a small regex over the
normalised text that starts with a literal, so its gate can be derived."""
