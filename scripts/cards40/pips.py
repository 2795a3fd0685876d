# ruff: noqa
# mypy: ignore-errors
# Branch cards40: a die's face as the finder sees a region (TUNING frames only): the
# region's least rectangle straightened, split by Otsu into its two shades, and the
# lesser shade's pieces inside it (not touching its edge) counted as pips when small,
# solid and round. Prints the figures of each grown find of aspect < 1.3.
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
import finds
import frames as tuning
from vision.cards import finder


def straight(small, r, size=48):
    box = finder.rectangle(r.center, r.long, r.short, r.angle).astype(np.float32)
    dst = np.array([[0, 0], [size, 0], [size, size], [0, size]], np.float32)
    m = cv2.getPerspectiveTransform(box, dst)
    return cv2.warpPerspective(small, m, (size, size), flags=cv2.INTER_AREA)


def pip_figures(small, r):
    patch = straight(small, r)
    grey = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY)
    inner = grey[4:-4, 4:-4]
    _, m = cv2.threshold(inner, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    if (m > 0).mean() > 0.5:
        m = 255 - m
    n, lab, stats, _ = cv2.connectedComponentsWithStats(m)
    H, W = m.shape
    total = int((m > 0).sum())
    pips, inside = [], 0
    for k in range(1, n):
        x, y, w, h, a = stats[k]
        if x == 0 or y == 0 or x + w >= W or y + h >= H:
            continue
        inside += a
        comp = (lab == k).astype(np.uint8)
        cnts, _ = cv2.findContours(comp, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        hull = cv2.contourArea(cv2.convexHull(cnts[0])) or 1
        solid = a / hull
        if (
            0.004 * H * W <= a <= 0.12 * H * W
            and solid > 0.8
            and max(w, h) / max(min(w, h), 1) < 1.6
        ):
            pips.append(a)
    return dict(
        total=total,
        inside=inside,
        pips=len(pips),
        pip_area=sum(pips),
        share=sum(pips) / max(total, 1),
        spread=(max(pips) / min(pips)) if pips else 0,
    )


def main():
    for name, ls in tuning.material().items():
        if len(sys.argv) > 1 and name not in sys.argv[1].split(","):
            continue
        import json

        dpath = Path(ls.root) / "dice.json"
        dice = json.loads(dpath.read_text()) if dpath.exists() else {}
        for image in ls.images:
            frame = ls.frame(image)
            found, info = finds.find_debug(frame)
            for f, i in zip(found, info):
                if not i["grown"]:
                    continue
                kind, iou = finds.what(f, image, dice.get(image.file, []))
                p = pip_figures(i["small"], i["region"])
                print(
                    f"{name} {image.file} {kind} asp {i['raw_long'] / i['raw_short']:.2f} body {int(i['body'])} "
                    f"pips {p['pips']} share {p['share']:.2f} spread {p['spread']:.1f} total {p['total']} inside {p['inside']}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
