/**
 * One kind of change, told to whoever listens: how a service announces what it changed without
 * knowing who cares (the answer cache, other processes through shared-changes.ts). Listeners
 * may come and go after the service is built; a listener that throws does not stop the others.
 */
export class Signal<T = void> {
  readonly #listeners = new Set<(change: T) => void>();

  /** Listens to every change from now on; the returned function stops listening. */
  listen(listener: (change: T) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(change: T): void {
    for (const listener of this.#listeners) {
      try {
        listener(change);
      } catch {
        // A listener's own failure is its own: the change is still told to the rest.
      }
    }
  }
}
