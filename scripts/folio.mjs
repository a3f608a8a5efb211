#!/usr/bin/env node
// `npm run folio -- <command>`: the server's command line (migrate, create-admin, …).
import path from 'node:path';
import { ensureBuilt, ensureDependencies, root, run } from './lib/ensure.mjs';

ensureDependencies();
ensureBuilt();
process.exit(run(process.execPath, [path.join(root, 'dist/server/main.js'), ...process.argv.slice(2)]));
