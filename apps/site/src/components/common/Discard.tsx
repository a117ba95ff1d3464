'use client';

import type { ReactNode } from 'react';

/** Renders nothing: the element it is given is computed on the server and never shown. */
export function Discard(_props: { node: ReactNode }) {
  return null;
}
