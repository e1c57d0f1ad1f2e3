"""Prompt and disclaimer text: the only place user-facing model instructions and fixed safety texts live."""
