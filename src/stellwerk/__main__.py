from stellwerk.cli import main

raise SystemExit(main())
