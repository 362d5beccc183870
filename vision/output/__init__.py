"""What a run leaves behind: the overlay drawn on the frames and the exported gestures,
captions and summary."""
