"""The settings files under models/ read into typed values: detectors.toml (gesture
detection and the measures it reads) and vision.toml (face search, seating, reconnects)."""
