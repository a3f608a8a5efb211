// `npm start`: install if needed, build if needed, then serve (migrations run at start).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, ensureDependencies, root } from './lib/ensure.mjs';

ensureDependencies();
ensureBuilt();
const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js'), 'start'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
