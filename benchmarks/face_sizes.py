"""Accuracy per gesture kind at several face sizes, side by side.

    python -m benchmarks.face_sizes DIR [DIR ...] [--rescore]

Each DIR is an evaluation set (benchmarks/make_eval_set.py, or one of the w* folders that
benchmarks/shrink_eval_set.py makes from it). Every clip is run through the real pipeline and
scored as benchmarks/accuracy.py scores it; a gesture of a seat the pipeline called too small to
judge is never reported, so it counts as missed. Printed: per kind, precision and recall in each
folder, then per folder the overall figures and the share of face time the pipeline judged
(``judged``). Each clip's gestures are saved as DIR/NAME.predicted.jsonl, and its judged share
as DIR/NAME.judged.json; ``--rescore`` scores the saved files without running the pipeline
(predictions saved by ``benchmarks.accuracy --save-predictions`` too, with the judged share
unknown: nan).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from benchmarks.accuracy import Label, Score, all_labels, match, predicted_intervals
from benchmarks.docs_section import WRITE_DOCS_HELP, run_main
from engine.gesture import Gesture


@dataclass
class FolderScore:
    """One folder's score and how many seat-frames with a face were judged, of how many."""

    name: str
    score: Score
    judged_frames: int = 0
    face_frames: int = 0

    @property
    def judged_share(self) -> float:
        return self.judged_frames / self.face_frames if self.face_frames else float("nan")


def run_clip(video: Path) -> tuple[list[Gesture], int, int]:
    """The gestures the real pipeline reports, and its seat-frames judged and seen."""
    from vision.pipeline import open_pipeline

    gestures: list[Gesture] = []
    judged = seen = 0
    with open_pipeline(video) as pipeline:
        for result in pipeline:
            gestures += result.gestures
            if result.end_of_stream:
                continue
            for view in result.seats.values():
                if view.face is not None:
                    seen += 1
                    judged += view.judgeability.judgeable
    return gestures, judged, seen


def score_folder(folder: Path, rescore: bool) -> FolderScore:
    truths = sorted(folder.glob("*.truth.json"))
    if not truths:
        raise SystemExit(f"no *.truth.json in {folder}")
    total = FolderScore(folder.name if folder.name.startswith("w") else "full", Score())
    for truth_path in truths:
        truth = json.loads(truth_path.read_text())
        name = truth_path.name.removesuffix(".truth.json")
        saved, judged_file = folder / f"{name}.predicted.jsonl", folder / f"{name}.judged.json"
        if rescore:
            lines = saved.read_text().splitlines()
            gestures = [Gesture.from_dict(json.loads(line)) for line in lines if line]
            judged, seen = json.loads(judged_file.read_text()) if judged_file.is_file() else (0, 0)
        else:
            gestures, judged, seen = run_clip(folder / truth["video"])
            saved.write_text("".join(json.dumps(g.to_dict()) + "\n" for g in gestures))
            judged_file.write_text(json.dumps([judged, seen]))
        clip = match(truth, predicted_intervals(gestures))
        total.score.add(clip)
        total.judged_frames += judged
        total.face_frames += seen
        print(f"{folder}/{name}: found {sum(clip.true_positives.values())} of "
              f"{sum(clip.true_positives.values()) + sum(clip.false_negatives.values())}, "
              f"false {sum(clip.false_positives.values())}", file=sys.stderr)  # fmt: skip
    return total


def _merged(score: Score, kind: str, labels: list[Label]) -> Score:
    """The score of ``kind`` with its sides counted together (under the label ``(kind, None)``)."""
    merged = Score()
    for label in labels:
        merged.true_positives[kind, None] += score.true_positives[label]
        merged.false_positives[kind, None] += score.false_positives[label]
        merged.false_negatives[kind, None] += score.false_negatives[label]
    return merged


def _counts(score: Score) -> tuple[Counter[Label], Counter[Label], Counter[Label]]:
    return score.true_positives, score.false_positives, score.false_negatives


def side_by_side(folders: list[FolderScore]) -> list[str]:
    """Per kind (sides together) precision/recall per folder, then the overall lines."""
    kinds = list(dict.fromkeys(kind for kind, _ in all_labels()))
    header = f"{'kind':14s}" + "".join(f" {f.name + ' P':>8s} {f.name + ' R':>8s}" for f in folders)
    lines = [header]
    for kind in kinds:
        labels = [label for label in all_labels() if label[0] == kind]
        merged = [_merged(folder.score, kind, labels) for folder in folders]
        if any(sum(m.values()) for m in (c for score in merged for c in _counts(score))):
            cells = "".join(
                f" {m.precision((kind, None)):8.2f} {m.recall((kind, None)):8.2f}" for m in merged
            )
            lines.append(f"{kind:14s}{cells}")
    for folder in folders:
        s = folder.score
        lines.append(
            f"{folder.name}: precision {s.precision():.3f} recall {s.recall():.3f} "
            f"onset_ms {s.median_onset_ms():.0f} judged {folder.judged_share:.2f} "
            f"(truth {sum(s.true_positives.values()) + sum(s.false_negatives.values())}, "
            f"false {sum(s.false_positives.values())})"
        )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", type=Path, nargs="+", help="evaluation sets, one per size")
    parser.add_argument("--rescore", action="store_true", help="score the saved predictions")
    parser.add_argument("--write-docs", action="store_true", help=WRITE_DOCS_HELP)
    args = parser.parse_args()
    for folder in args.folders:
        if not folder.is_dir():
            parser.error(f"{folder} is not a folder")
        if args.rescore and not all(
            (folder / f"{t.name.removesuffix('.truth.json')}.predicted.jsonl").is_file()
            for t in folder.glob("*.truth.json")
        ):
            parser.error(f"{folder} has clips never run: run without --rescore first")
    scores = [score_folder(folder, args.rescore) for folder in args.folders]
    print("\n".join(side_by_side(scores)))
    return 0


if __name__ == "__main__":
    raise SystemExit(run_main(main, "face_sizes", "Generated faces at table sizes"))
