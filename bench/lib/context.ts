/** What the figures share: the mode, temp folders, the demo data and its running API. */
import type { Api, GroundTruth, OpenApi, Store } from './api.js';

export interface Context {
  quick: boolean;
  /** Seconds per load-generator run. */
  seconds: number;
  tmp: string;
  pglite: { store: Store; truth: GroundTruth; api: Api | null; openApi: OpenApi | null };
  /** Probed features of the running API build. */
  features: Record<string, string | null>;
}
