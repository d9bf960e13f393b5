"""Hookline: signed webhook delivery and ingestion on Temporal."""

__version__ = "0.1.0"
USER_AGENT = f"Hookline/{__version__}"
