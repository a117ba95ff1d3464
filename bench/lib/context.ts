/** What the figures share: the mode, temp folders, the demo data and its running API. */
import path from 'node:path';
import { createDemo, type Api, type GroundTruth, type OpenApi, type Store } from './api.js';
import { tempDir } from './proc.js';

export interface Context {
  quick: boolean;
  /** Seconds per load-generator run. */
  seconds: number;
  tmp: string;
  pglite: { store: Store; truth: GroundTruth; api: Api | null; openApi: OpenApi | null };
  /** Probed features of the running API build. */
  features: Record<string, string | null>;
}

/**
 * What a bench tool needs to run figures' helpers outside a bench run: a temp folder with the
 * demo data (at `scale`) on the embedded database, as a quick-mode Context.
 */
export async function demoContext(prefix: string, scale: number): Promise<Context> {
  const tmp = tempDir(prefix);
  const store = { dataDir: path.join(tmp, 'data') };
  const truth = await createDemo(store, scale);
  return {
    quick: true,
    seconds: 5,
    tmp,
    pglite: { store, truth, api: null, openApi: null },
    features: {},
  };
}
