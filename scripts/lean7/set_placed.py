"""The shipped kot set with the placed cocked network (vision/models/cocked-place.onnx)
asked from probability T. Usage: set_placed.py T OUT.npz"""

import dataclasses
import sys

from vision import faceset


def main(threshold: float, out: str) -> None:
    kot = faceset.load("kot")
    print("wrote", dataclasses.replace(kot, cocked_placed=threshold).save(out))


if __name__ == "__main__":
    main(float(sys.argv[1]), sys.argv[2])
