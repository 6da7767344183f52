"""The web table: server, storage and the browser client."""
