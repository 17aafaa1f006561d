"""Playing a compiled game in the terminal: the session logic, kept apart from I/O."""
