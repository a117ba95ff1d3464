import { MIN_GALLERY_PASSWORD_LENGTH } from '@eventsite/contract';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/**
 * The prompt of a command that reads a secret from standard input (`user create` reads the new
 * user's password), or undefined for a command that reads none. The CLI reads the secret itself
 * before it hands a command to a running API (operator-channel.ts), whose standard input is not
 * the operator's.
 */
export function secretPrompt(args: readonly string[]): string | undefined {
  if (args[0] === 'user' && args[1] === 'create' && args[3] !== undefined)
    return `Password for ${args[3]} (at least 10 characters; not shown): `;
  if (args[0] === 'event' && args[1] === 'access' && args[3] === 'password')
    return `Password of event ${args[2]}'s gallery (at least ${MIN_GALLERY_PASSWORD_LENGTH} characters; not shown): `;
  return undefined;
}

/**
 * One line from standard input: on a terminal, asked with `prompt` on standard error and not
 * echoed; from a pipe (`echo … | npm run cli -- user create …`), its first line. '' when the input
 * ends first.
 */
export function readSecretLine(prompt: string): Promise<string> {
  const input = process.stdin;
  const terminal = Boolean(input.isTTY);
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (!muted) process.stderr.write(chunk);
      callback();
    },
  });
  const lines = createInterface({ input, output, terminal });
  return new Promise((resolve) => {
    let answered = false;
    const finish = (value: string) => {
      if (answered) return;
      answered = true;
      lines.close();
      input.pause();
      resolve(value);
    };
    if (terminal) {
      lines.question(prompt, (answer) => {
        process.stderr.write('\n');
        finish(answer);
      });
      muted = true;
    } else {
      lines.once('line', finish);
    }
    lines.once('close', () => finish(''));
  });
}
