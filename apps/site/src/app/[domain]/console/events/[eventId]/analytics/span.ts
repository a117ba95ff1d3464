/** A span of days from a query (`from`, `to`), passed on only when each is one plain value. */
export function statsSpan(query: Record<string, string | string[] | undefined>): {
  from?: string;
  to?: string;
} {
  const one = (v: string | string[] | undefined) =>
    typeof v === 'string' && v !== '' && v.length <= 10 ? v : undefined;
  const from = one(query.from);
  const to = one(query.to);
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
