"""The game-independent spine: catalog, checks, cases, verdicts and translations."""
