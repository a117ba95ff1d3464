// Reference: node:http sending a file's bytes from memory (the ceiling of any Node server).
// argv: port, file, content-type. Prints "ready".
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [port, file, type] = process.argv.slice(2);
const body = readFileSync(file);
const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': type, 'content-length': body.length });
  response.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(port), '127.0.0.1', () => console.log('ready'));
for (const s of ['SIGTERM', 'SIGINT']) process.on(s, () => server.close(() => process.exit(0)));
