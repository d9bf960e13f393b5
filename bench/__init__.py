"""Hookline benchmark: `make bench` (or `.venv/bin/python -m bench.run --help`)."""
