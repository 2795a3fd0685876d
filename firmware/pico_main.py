# Deployed to the Pico as /main.py (next to the /firmware package) by `dicetable board flash`.
from firmware import pico

pico.run()
