import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * Tells the other processes of a deployment that public data changed, so that they drop what
 * they keep of it in memory. Messages are hints, not data: a process that may have missed some
 * (its connection to Redis dropped) hears {@link RESYNC} once it listens again, and drops all.
 */
export interface ChangeBus {
  /** Tells every other process; this one is not told of its own changes. */
  publish(change: string): void;
  /** `listener` hears every other process's changes. */
  subscribe(listener: (change: string) => void): void;
  close(): Promise<void>;
}

/** Heard by a process whose listening was cut off (reconnected): changes may have been missed. */
export const RESYNC = 'resync';

/** The bus on Redis pub/sub: one channel per deployment (its key prefix). */
export class RedisChangeBus implements ChangeBus {
  private readonly sender = randomUUID();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly listeners: Array<(change: string) => void> = [];
  private readonly channel: string;
  /** Resolves once this process hears the channel: changes published from then on reach it. */
  readonly ready: Promise<void>;

  constructor(url: string, prefix = 'eventsite') {
    this.channel = `${prefix}:changes`;
    this.publisher = new Redis(url, { maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null });
    this.publisher.on('error', () => undefined);
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (_channel: string, message: string) => {
      const separator = message.indexOf(' ');
      if (separator < 0 || message.slice(0, separator) === this.sender) return;
      const change = message.slice(separator + 1);
      for (const listener of this.listeners) listener(change);
    });
    this.ready = this.subscriber.subscribe(this.channel).then(() => undefined);
    this.ready.catch(() => undefined);
    // ioredis subscribes again by itself after a reconnect; what was published meanwhile is lost.
    let connected = false;
    this.subscriber.on('ready', () => {
      if (connected) for (const listener of this.listeners) listener(RESYNC);
      connected = true;
    });
  }

  publish(change: string): void {
    this.publisher.publish(this.channel, `${this.sender} ${change}`).catch(() => undefined);
  }

  subscribe(listener: (change: string) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
    await this.publisher.quit().catch(() => this.publisher.disconnect());
  }
}
