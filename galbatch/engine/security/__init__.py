"""Passwords as salted hashes, and whose order file is whose."""
