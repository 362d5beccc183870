"""Video in, seña gestures out: capture, MediaPipe landmarkers, features, temporal detectors,
seat assignment, overlay drawing and model provisioning."""
