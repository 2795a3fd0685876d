"""The board's hardware facts: the one pin map, parts, power budget, camera mount."""
