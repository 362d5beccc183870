"""Temporal gesture detectors: one module per gesture kind, sharing one state machine
(:mod:`vision.detectors.state`), run together per seat by :class:`SeatGestureDetector`."""

from vision.detectors.brows_raised import BrowsRaisedDetector
from vision.detectors.eyes_closed import EyesClosedDetector
from vision.detectors.head_tilt import HeadTiltDetector
from vision.detectors.lip_bite import LipBiteDetector
from vision.detectors.mouth_twist import MouthTwistDetector
from vision.detectors.pout import PoutDetector
from vision.detectors.seat import DETECTOR_CLASSES, SeatGestureDetector
from vision.detectors.shrug import ShrugDetector
from vision.detectors.tongue_out import TongueOutDetector
from vision.detectors.wink import WinkDetector

__all__ = [
    "DETECTOR_CLASSES",
    "BrowsRaisedDetector",
    "EyesClosedDetector",
    "HeadTiltDetector",
    "LipBiteDetector",
    "MouthTwistDetector",
    "PoutDetector",
    "SeatGestureDetector",
    "ShrugDetector",
    "TongueOutDetector",
    "WinkDetector",
]
