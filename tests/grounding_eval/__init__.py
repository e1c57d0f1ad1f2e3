"""The numeric-grounding evaluation set (issue 24): synthetic users, their exact tool outputs,
answers from a template grammar with the true figures and with perturbed ones, and the scores
`make eval-grounding` prints. See `evalset.py`."""
