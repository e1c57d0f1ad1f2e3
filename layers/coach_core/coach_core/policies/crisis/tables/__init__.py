"""The phrase tables every crisis detector and guard is built from: data only, one module per
kind plus the shared ones (`common`, `context`, `scope`). Each entry is a small regex over the
normalised text that starts with a literal, so its gate can be derived."""
