class ExportError(ValueError):
    """What the user asked to export cannot be: no such session, not an analysis folder, a
    path outside the data folder. The message is one line, for the CLI and the API alike."""
