"""Helpers the tests share: running the command in-process, the repository's files, small
obviously correct references."""
