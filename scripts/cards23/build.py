# ruff: noqa
# mypy: ignore-errors
# Scratch script of branch cards23: the card set `python -m vision.cards.build_shipped`
# makes, on another symbol network, written elsewhere (the shipped files untouched).
#
#   PYTHONPATH=. python scripts/cards23/build.py NETWORK.onnx OUT_DIR
# writes OUT_DIR/cards.npz (its fingerprint names NETWORK's hash, as a shipped set does).
import sys
from pathlib import Path

from vision.cards import build_shipped, cardset, symbol

symbol.MODEL = str(Path(sys.argv[1]).resolve())
cardset.SHIPPED = Path(sys.argv[2])
cardset.SHIPPED.mkdir(parents=True, exist_ok=True)
sys.exit(build_shipped.main())
