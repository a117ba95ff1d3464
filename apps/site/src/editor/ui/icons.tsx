/** Small stroke icons (24×24), decorative: every button carries its own text label. */
const PATHS = {
  undo: 'M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11',
  redo: 'm15 14 5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13',
  zoomIn: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM21 21l-4.3-4.3M11 8v6M8 11h6',
  zoomOut: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM21 21l-4.3-4.3M8 11h6',
  fit: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  reset: 'M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5',
  download: 'M12 3v12m0 0-5-5m5 5 5-5M5 21h14',
  trash: 'M4 7h16M10 11v6M14 11v6M5 7l1 13h12l1-13M9 7V4h6v3',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  forward: 'M4 14h16v6H4zM12 10V3M8.5 6.5 12 3l3.5 3.5',
  backward: 'M4 4h16v6H4zM12 14v7M8.5 17.5 12 21l3.5-3.5',
  alignLeft: 'M4 3v18M8 7h10v4H8zM8 13h6v4H8z',
  alignCenter: 'M12 3v18M6 7h12v4H6zM8 13h8v4H8z',
  alignRight: 'M20 3v18M6 7h10v4H6zM10 13h6v4h-6z',
  alignTop: 'M3 4h18M7 8h4v10H7zM13 8h4v6h-4z',
  alignMiddle: 'M3 12h18M7 6h4v12H7zM13 8h4v8h-4z',
  alignBottom: 'M3 20h18M7 6h4v10H7zM13 10h4v6h-4z',
  text: 'M5 6V4h14v2M12 4v16M9 20h6',
  edit: 'M4 20h4L19 9l-4-4L4 16zM14 6l4 4',
  share: 'M12 3v12M7 8l5-5 5 5M5 13v7h14v-7',
  close: 'M6 6l12 12M18 6 6 18',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
