import { eventInput, organiserInput } from '@eventsite/contract';
import type { Services } from '../services/index.js';
import { testImage, type TestImageOptions } from './images.js';

export async function seedOrganiser(services: Services, input: Record<string, unknown>) {
  return services.organisers.apply(organiserInput.parse(input));
}

export async function seedEvent(
  services: Services,
  domain: string,
  input: Record<string, unknown>,
) {
  return services.events.create(domain, eventInput.parse(input));
}

/** The usual test organiser ('City Runs' on localhost) with one published event: its id. */
export async function seedPublishedEvent(
  services: Services,
  name = 'Harbour Run',
): Promise<number> {
  await seedOrganiser(services, { name: 'City Runs', domains: ['localhost'] });
  return (
    await seedEvent(services, 'localhost', { name, event_date: '2025-01-01', published: true })
  ).id;
}

/** Imports generated images (distinct colours, so distinct bytes) into an event. */
export async function seedPhotos(services: Services, eventId: number, images: TestImageOptions[]) {
  const sources = await Promise.all(
    images.map(async (options, i) => {
      const bytes = await testImage({
        colour: `hsl(${(i * 37) % 360}, 60%, ${30 + (i % 40)}%)`,
        ...options,
      });
      return { name: `photo-${i}.jpg`, read: async () => bytes };
    }),
  );
  const summary = await services.imports.importAll(eventId, sources);
  if (summary.failed > 0) throw new Error(`seedPhotos: ${JSON.stringify(summary.results)}`);
  return summary.results.flatMap((r) => (r.status === 'imported' ? [r] : []));
}

/** Minutes after a fixed start: capture times that sort predictably. */
export const minutesAfter = (minutes: number) =>
  new Date(Date.UTC(2025, 4, 10, 8, 0, 0) + minutes * 60_000);
