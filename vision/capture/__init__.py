"""Capture: video files, cameras, network streams and still images as timestamped frames,
reconnecting live sources that drop."""
