"""Persistence: the tables (`models`), their migrations, the engines and sessions (`db`), and
the group-commit writer the busiest requests share (`batches`)."""
