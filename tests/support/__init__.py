"""Real things for the tests: Temporal dev server, PostgreSQL, HTTP receivers, processes."""
