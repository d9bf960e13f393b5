"""Use cases: each opens and commits its own unit of work, calling the services below it,
which take a session and never commit."""
