"""The dashboard's HTTP and websocket routes, one module per concern."""
