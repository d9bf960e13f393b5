"""Business rules over the database. No web framework and no Temporal here."""
