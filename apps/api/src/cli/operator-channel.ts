import { createHash } from 'node:crypto';
import { chmod, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * The embedded database belongs to one process. While the API holds it, an operator's CLI command
 * is run by the API itself: the CLI sends its arguments over a Unix socket in the data folder and
 * prints what comes back. The socket is the operator's door, like the database files beside it:
 * only the user who runs the API may open it (mode 0600), and it is never on the network.
 */

/** What the CLI sends, as one JSON line. */
export interface OperatorRequest {
  args: string[];
  /** Where the operator ran the command: relative paths (an import folder) resolve from here. */
  cwd: string;
  /** What the command reads from standard input (a password), read by the CLI beforehand. */
  secret?: string;
}

/** What the API sends back, one JSON line each: output lines, then the exit code. */
type OperatorReply = { out: string } | { err: string } | { exit: number };

export interface OperatorOutput {
  out(line: string): void;
  err(line: string): void;
}

export type RunCommand = (request: OperatorRequest, output: OperatorOutput) => Promise<number>;

/**
 * The socket of a data folder. Unix socket paths are limited to about 100 bytes, so a deep data
 * folder gets one in the temporary folder, named after the data folder's path.
 */
export function operatorSocketPath(dataDir: string): string {
  const inFolder = path.join(path.resolve(dataDir), 'operator.sock');
  if (Buffer.byteLength(inFolder) <= 100) return inFolder;
  const hash = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `eventsite-${hash}.sock`);
}

export interface OperatorChannel {
  readonly socketPath: string;
  close(): Promise<void>;
}

/** Listens for operators' commands (the API side). One command per connection. */
export async function serveOperators(dataDir: string, run: RunCommand): Promise<OperatorChannel> {
  const socketPath = operatorSocketPath(dataDir);
  // A socket file left by a process that died: nobody listens on it any more.
  await rm(socketPath, { force: true });
  const connections = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    socket.on('error', () => undefined);
    const send = (reply: OperatorReply) => {
      if (!socket.destroyed) socket.write(`${JSON.stringify(reply)}\n`);
    };
    const lines = createInterface({ input: socket });
    lines.on('error', () => undefined);
    lines.once('line', (line) => {
      lines.close();
      const request = parseRequest(line);
      if (!request) {
        send({ err: 'Error: the operator request is not valid JSON with args and cwd.' });
        send({ exit: 2 });
        socket.end();
        return;
      }
      run(request, { out: (text) => send({ out: text }), err: (text) => send({ err: text }) })
        .catch((error: unknown) => {
          send({ err: `Unexpected error: ${(error as Error)?.message ?? String(error)}` });
          return 1;
        })
        .then((code) => {
          send({ exit: code });
          socket.end();
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(socketPath, 0o600);
  return {
    socketPath,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of connections) socket.end();
      });
      await rm(socketPath, { force: true });
    },
  };
}

function parseRequest(line: string): OperatorRequest | null {
  try {
    const value = JSON.parse(line) as Partial<OperatorRequest>;
    if (
      Array.isArray(value.args) &&
      value.args.every((a) => typeof a === 'string') &&
      typeof value.cwd === 'string' &&
      (value.secret === undefined || typeof value.secret === 'string')
    )
      return {
        args: value.args,
        cwd: value.cwd,
        ...(value.secret === undefined ? {} : { secret: value.secret }),
      };
  } catch {
    // not JSON
  }
  return null;
}

/**
 * Sends a command to the API that holds the data folder (the CLI side) and relays its output.
 * Resolves to the command's exit code, or null when no API answers on the socket.
 */
export function askRunningApi(
  socketPath: string,
  request: OperatorRequest,
  output: OperatorOutput,
): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = net.createConnection(socketPath);
    // No API listening (ENOENT, ECONNREFUSED) shows as a close before any connect.
    socket.on('error', () => undefined);
    let connected = false;
    let exit: number | null = null;
    socket.once('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    const lines = createInterface({ input: socket });
    lines.on('error', () => undefined); // the socket's own error, handled by its close
    lines.on('line', (line) => {
      let reply: Partial<Record<'out' | 'err' | 'exit', unknown>>;
      try {
        reply = JSON.parse(line);
      } catch {
        return;
      }
      if (typeof reply.out === 'string') output.out(reply.out);
      else if (typeof reply.err === 'string') output.err(reply.err);
      else if (typeof reply.exit === 'number') exit = reply.exit;
    });
    socket.on('close', () => {
      if (!connected) resolve(null);
      else if (exit === null) {
        output.err('Error: the API closed the connection before the command finished.');
        resolve(1);
      } else resolve(exit);
    });
  });
}
