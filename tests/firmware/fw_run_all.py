"""Run the shared firmware tests under MicroPython (started by test_fw_micropython.py
through host/board/micropython_runner.mjs): one JSON line per test."""

import json
import sys

for module_name in sys.argv[1:]:
    module = __import__(module_name)
    for name in sorted(dir(module)):
        if not name.startswith("test_"):
            continue
        try:
            getattr(module, name)()
            outcome = {"test": module_name + "::" + name, "ok": True}
        except Exception as error:  # report every failure, keep going
            outcome = {"test": module_name + "::" + name, "ok": False, "error": repr(error)}
        print("RESULT " + json.dumps(outcome))
