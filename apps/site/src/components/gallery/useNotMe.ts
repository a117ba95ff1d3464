'use client';

import { useCallback, useEffect, useMemo, useState } from 'react';
import { readNotMe, writeNotMe } from './notMe';

export interface NotMe {
  /** The photos the visitor removed at this event. */
  removed: ReadonlySet<string>;
  /** The last photo removed in this page (what Undo brings back), or null. */
  last: string | null;
  remove: (uuid: string) => void;
  /** Brings the last removed photo back. */
  undo: () => void;
  /** Closes the undo notice (the photos stay removed). */
  dismiss: () => void;
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The visitor's "Not me" photos at one event, for the visit (see notMe.ts). */
export function useNotMe(eventId: number): NotMe {
  const [list, setList] = useState<string[]>([]);
  // Removed in this page, newest last: Undo brings them back one by one.
  const [undoable, setUndoable] = useState<string[]>([]);
  // Read after hydration: the server's HTML has no storage.
  useEffect(() => {
    setList(readNotMe(sessionStore(), eventId));
    setUndoable([]);
  }, [eventId]);

  const remove = useCallback(
    (uuid: string) => {
      setList((current) => {
        if (current.includes(uuid)) return current;
        const next = [...current, uuid];
        writeNotMe(sessionStore(), eventId, next);
        return next;
      });
      setUndoable((u) => [...u.filter((id) => id !== uuid), uuid]);
    },
    [eventId],
  );

  const undo = useCallback(() => {
    const uuid = undoable[undoable.length - 1];
    if (!uuid) return;
    setUndoable((u) => u.filter((id) => id !== uuid));
    setList((current) => {
      const next = current.filter((id) => id !== uuid);
      writeNotMe(sessionStore(), eventId, next);
      return next;
    });
  }, [undoable, eventId]);

  const dismiss = useCallback(() => setUndoable([]), []);
  const removed = useMemo(() => new Set(list), [list]);
  return { removed, last: undoable[undoable.length - 1] ?? null, remove, undo, dismiss };
}
