"""The HTTP kind (`sender.HttpSender`) and what only it uses: OAuth2 client credentials,
kept TLS contexts and the egress proxy."""
