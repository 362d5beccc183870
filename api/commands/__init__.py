"""One module per ``keinu`` subcommand, each with ``register(subparsers)``."""
