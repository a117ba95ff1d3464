/**
 * One kind of change, told to whoever listens: how a part announces what it changed without
 * knowing who cares (the photo service hears of event changes, shared-changes.ts of face index
 * changes, a worker of queued jobs). Listeners may come after the part is built; they are told
 * in the order they came, and an error of one reaches the part that made the change.
 */
export class Signal<T = void> {
  readonly #listeners = new Set<(change: T) => void>();

  /** Listens to every change from now on; the returned function stops listening. */
  listen(listener: (change: T) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(change: T): void {
    for (const listener of [...this.#listeners]) listener(change);
  }
}
