# Deployed to the Pico as /main.py (beside the /firmware package) by `dicetable board flash`.
# The firmware disables Ctrl-C and runs a watchdog, so mpremote cannot stop it: to flash,
# the host asks it (frame M) to leave a flag and reset; this boot then stays in the REPL.
import os

try:
    os.remove("/maintenance")
except OSError:
    from firmware import pico

    pico.run()
