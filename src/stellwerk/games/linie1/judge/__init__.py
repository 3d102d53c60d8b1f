"""Linie 1 by post: its order files (`orders`), the public reports and private sheets
(`reports`), the words of both (`texts`), and the `PostalRules` the postal judge
(`stellwerk.frontends.postal`) runs it by (`postal`)."""
