import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { DEMO_ORGANISERS } from '../../demo/data.js';
import { createDemo, demoPhotoCount, GROUND_TRUTH_FILE } from '../../demo/seed.js';
import { CliError, type CliIo, withServices } from '../io.js';
import { progress } from '../progress.js';

/**
 * Photos in each demo event but the flagship, unless `--whole-events`: the quick start's demo
 * is then indexed within minutes on two cores, and the browser tests run on the same demo.
 */
export const DEMO_SMALL_EVENTS = 12;

interface DemoOptions {
  ifEmpty?: boolean;
  scale: string;
  smallEvents: string;
  wholeEvents?: boolean;
}

export function demoCommand(program: Command, io: CliIo) {
  program
    .command('demo')
    .description(
      'Create the demo organisers (localhost, trail.localhost), events and rendered race photos',
    )
    .option('--if-empty', 'do nothing (and succeed) when the database already has organisers')
    .option('--scale <factor>', 'photo count factor, e.g. 0.1 for a quick demo', '1')
    .option(
      '--small-events <photos>',
      'at most this many photos in each event but the flagship',
      String(DEMO_SMALL_EVENTS),
    )
    .option('--whole-events', 'every event at its full size (about 1,400 photos; slower to index)')
    .action(async (options: DemoOptions, command: Command) => {
      if (options.wholeEvents && command.getOptionValueSource('smallEvents') === 'cli')
        throw new CliError('--whole-events and --small-events: choose one');
      const scale = Number(options.scale);
      if (!Number.isFinite(scale) || scale <= 0 || scale > 1)
        throw new CliError('--scale: must be a number above 0 and at most 1');
      const smallEvents = options.wholeEvents ? undefined : Number(options.smallEvents);
      if (smallEvents !== undefined && !(Number.isInteger(smallEvents) && smallEvents >= 1))
        throw new CliError('--small-events: must be a whole number of photos, at least 1');
      await withServices(io, async (services, _runtime, config) => {
        const existing = await services.organisers.list();
        if (existing.length > 0) {
          if (options.ifEmpty) {
            io.out(
              `The database already has ${existing.length} organiser(s): demo data not created.`,
            );
            const demoDomains = DEMO_ORGANISERS.map((o) => (o.config.domains as string[])[0]);
            const looksLikeDemo = existing.some((o) => demoDomains.includes(o.domains[0] ?? ''));
            if (looksLikeDemo && !existsSync(path.join(config.dataDir, GROUND_TRUTH_FILE))) {
              io.err(
                'Warning: an earlier demo run seems to have stopped before the end (no ' +
                  `${GROUND_TRUTH_FILE}). For the whole demo, start again with an empty DATA_DIR or database.`,
              );
            }
            return;
          }
          throw new CliError(
            `The database already has ${existing.length} organiser(s) (${existing.map((o) => o.domains[0]).join(', ')}). ` +
              'The demo needs an empty database: point DATA_DIR or DATABASE_URL at a new one.',
          );
        }
        const started = Date.now();
        const total = demoPhotoCount(undefined, scale, smallEvents);
        const events = DEMO_ORGANISERS.reduce((sum, o) => sum + o.events.length, 0);
        io.out(
          `Creating the demo: ${DEMO_ORGANISERS.length} organisers, ${events} events, ${total} rendered photos...`,
        );
        const bar = progress(io, 'Rendering and importing photos', total);
        let truth;
        try {
          truth = await createDemo(services, {
            dataDir: config.dataDir,
            scale,
            smallEvents,
            onPhoto: () => bar.tick(),
            log: (line) => bar.log(line),
          });
        } finally {
          bar.stop();
        }
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        io.out(`Demo created in ${seconds} s:`);
        for (const organiser of truth.organisers) {
          const events = truth.events.filter((e) => e.organiser_id === organiser.id);
          const biggest = [...events].sort((a, b) => b.photos - a.photos)[0];
          io.out(
            `  ${organiser.name} on ${organiser.domains.join(', ')}: ${events.length} events ` +
              `(${events.filter((e) => !e.published).length} unpublished), ${events.reduce((n, e) => n + e.photos, 0)} photos; ` +
              `largest: event ${biggest?.id} '${biggest?.name}' with ${biggest?.photos} photos`,
          );
        }
        io.out(
          `  Ground truth (bibs and boxes per photo): ${path.join(config.dataDir, GROUND_TRUTH_FILE)}`,
        );
      });
    });
}
