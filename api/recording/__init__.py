"""Recording a live table's session: each camera's processed frames as crash-safe fragmented
MP4 under ``recordings/<session>/`` of the data folder, and the list of what was written."""
