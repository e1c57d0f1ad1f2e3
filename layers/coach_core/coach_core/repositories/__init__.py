"""Repositories: the only modules that hold SQL. Every query is parameterised."""
