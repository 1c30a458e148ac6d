#!/usr/bin/env node
// The `ponte` command: the CLI from the build made at install (`npm run build` after a change).
import '../dist/src/cli.js';
