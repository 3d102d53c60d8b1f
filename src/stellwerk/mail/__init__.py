"""Mail for Stellwerk: sending through an SMTP server (turn notices, the postal judge's
sheets and answers). Settings come from one URL so an operator configures it in one flag."""
