"""Development tooling for the learned crisis layer: the labelled corpus (`corpus`), training and
export (`train`), and the leave-one-set-out evaluation (`evaluate`). Needs the dev extras
(scikit-learn); nothing here ships in the Lambda layer, which only reads the exported artifact."""
