"""Per-face measures of one frame: landmark geometry and the pixel cues (tongue, teeth, eyes,
shoulders, something in front of the face) that the detectors read, and each face's resting
baseline they are compared with."""
