"""Live vision: turn a stream of camera frames into settled throws."""
