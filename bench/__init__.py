"""Coach AI performance benchmarks (`make bench`; never collected by pytest).

Every figure is a ratio against a baseline measured in the same run, or a count: the
machines are shared and noisy, so absolute milliseconds are reported for orientation only.
"""
