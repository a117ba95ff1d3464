import cliProgress from 'cli-progress';
import type { CliIo } from './io.js';

export interface Progress {
  tick(detail?: string): void;
  /** A line that must not be mangled by the bar (a failure, a warning). */
  log(line: string): void;
  stop(): void;
}

/** A progress bar on a terminal; elsewhere a plain line every ~10% (and at the end). */
export function progress(io: CliIo, label: string, total: number): Progress {
  let done = 0;
  if (io.isTty && total > 0) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label} [{bar}] {value}/{total} {percentage}% | eta {eta_formatted}`,
        hideCursor: true,
        clearOnComplete: false,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0);
    return {
      tick: () => bar.increment(),
      log: (line) => {
        // Clear the bar's line, print, redraw.
        process.stdout.write('\r\x1b[K');
        io.err(line);
        bar.render();
      },
      stop: () => bar.stop(),
    };
  }
  const step = Math.max(1, Math.ceil(total / 10));
  return {
    tick: () => {
      done++;
      if (done % step === 0 || done === total)
        io.out(`${label}: ${done}/${total} (${Math.round((done / total) * 100)}%)`);
    },
    log: (line) => io.err(line),
    stop: () => undefined,
  };
}
