"""Simple, known changes to a real photo for tests of the features on real MediaPipe output:
an eye covered by its lid skin, the mouth moved sideways, a tongue painted out, a skin patch over
the mouth, the image rotated, darkened or shrunk. Positions come from the landmarks of the
unchanged photo; "image-left" is the image's -x side (the player's right on a non-mirrored
camera)."""

from __future__ import annotations

import cv2
import numpy as np

IMAGE_LEFT_EYE = (33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246)
IMAGE_RIGHT_EYE = (263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466)
LOWER_LID = {IMAGE_LEFT_EYE: (33, 7, 163, 144, 145, 153, 154, 155, 133),
             IMAGE_RIGHT_EYE: (263, 249, 390, 373, 374, 380, 381, 382, 362)}  # fmt: skip


def _grid(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    h, w = image.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    return xx, yy


def close_eye(image: np.ndarray, landmarks: np.ndarray, ring: tuple[int, ...]) -> np.ndarray:
    """Pull the skin above the eye down over it and draw the lashes' line."""
    pts = landmarks[list(ring), :2]
    (x0, y0), (x1, y1) = pts.min(axis=0), pts.max(axis=0)
    w = x1 - x0
    h = max(y1 - y0, 0.25 * w)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    xx, yy = _grid(image)
    m = ((xx - cx) / (0.65 * w)) ** 2 + ((yy - cy) / h) ** 2
    mask = np.clip((1.3 - m) / 0.5, 0, 1).astype(np.float32)
    out = cv2.remap(image, xx, yy - 1.4 * h * mask, cv2.INTER_LINEAR)
    soft = cv2.GaussianBlur(out, (0, 0), 1.0).astype(np.float32)
    out = (soft * mask[..., None] + out * (1 - mask[..., None])).astype(np.uint8)
    lashes = landmarks[list(LOWER_LID[ring]), :2].copy()
    lashes[:, 1] -= 0.25 * h
    cv2.polylines(out, [lashes.astype(np.int32)], False, (40, 30, 30), max(1, int(w / 25)),
                  cv2.LINE_AA)  # fmt: skip
    return out


def shift_mouth(image: np.ndarray, landmarks: np.ndarray, amount: float) -> np.ndarray:
    """Move the mouth sideways by ``amount`` mouth widths (+ = image-right)."""
    cx, cy = landmarks[[61, 291, 0, 17], :2].mean(axis=0)
    width = float(np.linalg.norm(landmarks[61, :2] - landmarks[291, :2]))
    xx, yy = _grid(image)
    g = np.exp(-(((xx - cx) / (0.7 * width)) ** 2 + ((yy - cy) / (0.5 * width)) ** 2))
    return cv2.remap(image, xx - amount * width * g.astype(np.float32), yy, cv2.INTER_LINEAR)


def paint_tongue(image: np.ndarray, landmarks: np.ndarray, sign: float = 0.0) -> np.ndarray:
    """A shaded pink tongue from between the lips down over the lower lip (tip towards the
    image's ``sign`` side)."""
    out = image.copy()
    width = float(np.linalg.norm(landmarks[61, :2] - landmarks[291, :2]))
    top = landmarks[13, :2]
    centre = top + np.array([0.18 * sign * width, 0.38 * width])
    axes = (int(0.24 * width), int(0.36 * width))
    mask = np.zeros(image.shape[:2], np.float32)
    cv2.ellipse(mask, (int(centre[0]), int(centre[1])), axes, -25.0 * sign, 0, 360, 1.0, -1,
                cv2.LINE_AA)  # fmt: skip
    mask = cv2.GaussianBlur(mask, (0, 0), 1.0)
    dist = cv2.distanceTransform((mask > 0.5).astype(np.uint8), cv2.DIST_L2, 3)
    shade = 0.7 + 0.3 * np.clip(dist / max(0.15 * width, 1), 0, 1)
    colour = np.array([110, 105, 200], np.float32)[None, None, :] * shade[..., None]
    return (out * (1 - mask[..., None]) + colour * mask[..., None]).astype(np.uint8)


def cover_mouth(image: np.ndarray, landmarks: np.ndarray) -> np.ndarray:
    """A patch of the face's own cheek skin over the mouth, like fingers in front of it."""
    out = image.copy()
    width = float(np.linalg.norm(landmarks[61, :2] - landmarks[291, :2]))
    cheek = landmarks[205, :2].astype(int)
    r = max(int(0.12 * width), 2)
    skin = image[cheek[1] - r : cheek[1] + r, cheek[0] - r : cheek[0] + r].reshape(-1, 3)
    colour = np.median(skin, axis=0)
    cx, cy = landmarks[[61, 291, 0, 17], :2].mean(axis=0)
    cv2.ellipse(out, (int(cx), int(cy)), (int(0.9 * width), int(0.55 * width)), 0, 0, 360,
                colour.tolist(), -1, cv2.LINE_AA)  # fmt: skip
    return out


def rotate(image: np.ndarray, degrees: float) -> np.ndarray:
    """Counterclockwise (as seen) by ``degrees`` about the image centre."""
    h, w = image.shape[:2]
    matrix = cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0)
    return cv2.warpAffine(image, matrix, (w, h), borderMode=cv2.BORDER_REFLECT)
