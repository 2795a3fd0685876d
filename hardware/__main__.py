"""`python -m hardware`: regenerate hardware/README.md and hardware/wiring.png from the pin
map, the parts list, the power budget and the camera mount (tests check they are current)."""

from hardware import readme, wiring
from hardware.pinmap import load

wiring.write(load())
readme.README.write_text(readme.text())
print(f"wrote {wiring.WIRING_PNG} and {readme.README}")
