"""Provider registry: code -> Provider. Filled by the provider modules."""
