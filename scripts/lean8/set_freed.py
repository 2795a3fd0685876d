"""main's kot set with the placed cocked network asked from P and its freed dice read from
F (what build_shipped.kot gives with KOT_COCKED_PLACED and KOT_FREED_THRESHOLD, without
rebuilding the rest). Usage: set_freed.py MAIN.npz P F OUT.npz"""

import dataclasses
import sys

from vision import faceset


def main(base: str, placed: float, freed: float, out: str) -> None:
    kot = dataclasses.replace(faceset.load(base), cocked_placed=placed, freed_threshold=freed)
    print("wrote", kot.save(out))


if __name__ == "__main__":
    main(sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4])
