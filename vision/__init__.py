"""Video in, seña gestures out, one folder per stage of the data flow:

``capture`` (frames from files, cameras and streams) -> ``mediapipe`` (landmarks of faces and
poses) -> ``measures`` (per-face numbers and pixel cues) -> ``detectors`` (gestures over time)
-> ``seats`` (which player is where) -> ``output`` (overlay and exported files). ``pipeline``
runs the stages over the sources, ``observation`` holds the records they pass on and ``config``
reads the settings files under models/."""
