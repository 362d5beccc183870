"""Where the store's rows live: an SQLite file (the default) or a PostgreSQL database, behind one
small interface (``connection``), with numbered migrations (``migrations``), SQLite's integrity
check and backups (``backups``) and PostgreSQL's change notifications (``notify``)."""
