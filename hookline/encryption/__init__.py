"""Credentials at rest: sealed with a data key that keys of the operator's wrap (envelope
encryption), so the database, its backups and its replicas never hold one in clear."""
