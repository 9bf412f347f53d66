"""The word list that generated passwords are drawn from (package data)."""
