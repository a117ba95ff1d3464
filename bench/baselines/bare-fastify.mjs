// Baseline: a bare Fastify route sending fixed bytes. argv: port, then one or more
// "<path>=<file>=<content-type>" routes. Prints "ready" when listening.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, ...routes] = process.argv.slice(2);
const app = Fastify({ logger: false });
for (const route of routes) {
  const [url, file, type] = route.split('=');
  const body = readFileSync(file);
  app.get(url, (_request, reply) => {
    reply.type(type).send(body);
  });
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
for (const s of ['SIGTERM', 'SIGINT']) process.on(s, () => app.close().then(() => process.exit(0)));
