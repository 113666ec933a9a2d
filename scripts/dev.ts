/** `npm run dev`: the API server (restarted on change by tsx watch) plus Vite with hot reload, proxied. */
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8080';
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: apiPort, STATIC_DIR: '/nonexistent' } }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_TARGET: `http://127.0.0.1:${apiPort}` } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => code && process.exit(code)));
