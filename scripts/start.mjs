// `npm start`: install if needed, build if needed, then serve (migrations run at start) in this same
// process: a node → node chain held two runtimes (issue 21). The server is imported only after the checks,
// because they may install it (npm ci) or build it first.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, ensureDependencies, root } from './lib/ensure.mjs';

ensureDependencies();
ensureBuilt();
// As the child process it replaces ran: ./data and the other relative paths are the project's.
process.chdir(root);
const serverMain = path.join(root, 'dist/server/main.js');
// dist/server/main.js reads its command from the arguments and stops itself on SIGINT and SIGTERM.
process.argv = [process.argv[0] ?? process.execPath, serverMain, 'start', ...process.argv.slice(2)];
await import(pathToFileURL(serverMain).href);
