/** Renders that began before a change are not kept (render-starts.mjs). */
export function entryTags(data: unknown, ctx?: { tags?: string[]; softTags?: string[] }): string[];
export class RenderStarts {
  constructor(now?: () => number);
  ask(key: string): void;
  revalidate(tags: string | string[] | undefined): void;
  keep(key: string, tags: string[]): boolean;
}
