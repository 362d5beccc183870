"""Everything tied to MediaPipe: the landmarkers that find and follow faces and poses, the
reader of its pinned C result, the names of its face-mesh landmarks, its native log lines and
the model bundles it needs (fetched, verified, the pose bundle assembled)."""
