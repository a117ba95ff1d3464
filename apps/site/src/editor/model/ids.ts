/** `${prefix}-${n}` with the smallest n not in use: deterministic, so `perform` stays pure. */
export function freshId(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const stem = prefix.replace(/-\d+$/, '').slice(0, 40) || 'el';
  for (let n = 2; ; n++) {
    const id = `${stem}-${n}`;
    if (!used.has(id)) return id;
  }
}
