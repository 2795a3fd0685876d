"""Camera pipeline: pixels in, dice faces out. Knows nothing of any game's rules."""
