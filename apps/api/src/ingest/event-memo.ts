/**
 * What a job worker remembers per event between photos (its usual digit count, its clear bibs):
 * worked out again from the database once it is older than `ttlMs`, or sooner when `settled`
 * says it is not worth keeping yet. The events of the last hour's work are plenty: past
 * `MAX_EVENTS`, the one used longest ago is forgotten.
 */
const MAX_EVENTS = 1000;

export class EventMemo<T> {
  private readonly entries = new Map<number, { at: number; value: T }>();

  constructor(
    private readonly ttlMs: number,
    private readonly load: (eventId: number) => Promise<T>,
    private readonly settled: (value: T) => boolean = () => true,
  ) {}

  async get(eventId: number): Promise<T> {
    const known = this.entries.get(eventId);
    if (known && this.settled(known.value) && Date.now() - known.at < this.ttlMs) {
      // Most recently used last: the first key is the one to forget.
      this.entries.delete(eventId);
      this.entries.set(eventId, known);
      return known.value;
    }
    const value = await this.load(eventId);
    this.entries.delete(eventId);
    this.entries.set(eventId, { at: Date.now(), value });
    if (this.entries.size > MAX_EVENTS) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
