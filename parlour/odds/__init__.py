"""Exact odds of games of chance, computed from the composition of the pack (never simulated)."""
