"""Smooth displacement fields and the warps they drive.

A field is an (H, W, 2) float32 array of forward displacements: the content at pixel p moves to
about p + F(p). For smooth fields whose gradient is well below 1 the backward map x - F(x) is a
good inverse, which is what ``warp`` uses with ``cv2.remap``.
"""

from __future__ import annotations

import cv2
import numpy as np


class Grid:
    """Pixel coordinates of an image of a given size, computed once."""

    def __init__(self, height: int, width: int) -> None:
        self.height, self.width = height, width
        self.y, self.x = np.mgrid[0:height, 0:width].astype(np.float32)

    def zeros(self) -> np.ndarray:
        return np.zeros((self.height, self.width, 2), np.float32)

    def gaussian(self, centre: np.ndarray, sigma_x: float, sigma_y: float) -> np.ndarray:
        bump: np.ndarray = np.exp(
            -(((self.x - centre[0]) / sigma_x) ** 2) - ((self.y - centre[1]) / sigma_y) ** 2
        ).astype(np.float32)
        return bump


def smoothstep(
    value: np.ndarray | float, low: np.ndarray | float, high: np.ndarray | float
) -> np.ndarray:
    """0 below ``low``, 1 above ``high``, a smooth cubic between (``low`` > ``high`` reverses)."""
    u = np.clip((np.asarray(value, np.float32) - low) / (high - low), 0.0, 1.0)
    step: np.ndarray = u * u * (3.0 - 2.0 * u)
    return step


def warp(image: np.ndarray, grid: Grid, field: np.ndarray) -> np.ndarray:
    """The image with its content moved by the forward displacement ``field``."""
    return cv2.remap(
        image,
        grid.x - field[..., 0],
        grid.y - field[..., 1],
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )


def move_points(points: np.ndarray, field: np.ndarray) -> np.ndarray:
    """Where ``points`` (N, 2) end up under ``field`` (sampled at the nearest pixel)."""
    height, width = field.shape[:2]
    cols = np.clip(np.round(points[:, 0]).astype(int), 0, width - 1)
    rows = np.clip(np.round(points[:, 1]).astype(int), 0, height - 1)
    moved: np.ndarray = points + field[rows, cols]
    return moved


def rotation_field(
    grid: Grid, pivot: np.ndarray, degrees: float, shift: np.ndarray, weight: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Backward maps (map_x, map_y) for rotating by ``degrees`` (clockwise on screen) about
    ``pivot`` then shifting by ``shift``, applied with strength ``weight`` (H, W) in 0..1."""
    theta = np.deg2rad(degrees)
    cos, sin = np.float32(np.cos(theta)), np.float32(np.sin(theta))
    dx = grid.x - pivot[0] - shift[0]
    dy = grid.y - pivot[1] - shift[1]
    src_x = pivot[0] + cos * dx + sin * dy
    src_y = pivot[1] - sin * dx + cos * dy
    return (
        grid.x + weight * (src_x - grid.x),
        grid.y + weight * (src_y - grid.y),
    )
