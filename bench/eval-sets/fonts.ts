/**
 * The evaluation sets draw their photos with the machine's fonts (sharp renders SVG text through
 * fontconfig). A missing family is silently replaced by another, which would make a different set
 * under the same seeds: refused instead, naming the Debian packages that hold them.
 */
import { execFileSync } from 'node:child_process';

const checked = new Set<string>();

export function assertFonts(families: readonly string[]): void {
  if (families.every((family) => checked.has(family))) return;
  let installed = '';
  try {
    installed = execFileSync('fc-list', [':', 'family'], { encoding: 'utf8' });
  } catch {
    throw new Error('the bib evaluation set needs fontconfig (fc-list) to check its fonts');
  }
  const present = new Set(installed.split(/[\n,]/).map((f) => f.trim()));
  const missing = families.filter((family) => !present.has(family));
  if (missing.length > 0)
    throw new Error(
      `the bib evaluation set draws with fonts this machine lacks (${missing.join(', ')}): apt-get install fonts-dejavu-core fonts-dejavu-extra fonts-liberation`,
    );
  for (const family of families) checked.add(family);
}
