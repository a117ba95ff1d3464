'use client';

import { useEffect, useId, useState, type FormEvent } from 'react';
import { validateSearch, type GallerySearch, type SearchKind } from '@/lib/gallery/search';
import { SelfiePanel } from './onFirstUse';
import type { SelfieControls } from './SelfiePanel';

type SearchTab = SearchKind | 'selfie';
const TAB_NAMES: Record<SearchTab, string> = { bib: 'Bib', name: 'Name', selfie: 'Selfie' };

export interface SearchBarProps {
  bib: boolean;
  name: boolean;
  bibPlaceholder: string;
  current: GallerySearch | null;
  onSearch: (search: GallerySearch) => void;
  onClear?: () => void;
  /** Selfie search (the event's selfie_search): offered as a third way when given. */
  selfie?: SelfieControls;
  /** Open on the selfie option (a selfie search's results are showing). */
  selfieActive?: boolean;
}

/**
 * Find your photos: by bib, by name or by selfie, as the event allows. Input is checked against
 * the contract before any request (`@eventsite/contract/search`, the rules photoSearchQuery follows); errors show inline.
 */
export function SearchBar({
  bib,
  name,
  bibPlaceholder,
  current,
  onSearch,
  onClear,
  selfie,
  selfieActive,
}: SearchBarProps) {
  const kinds: SearchTab[] = [
    ...(bib ? (['bib'] as const) : []),
    ...(name ? (['name'] as const) : []),
    ...(selfie ? (['selfie'] as const) : []),
  ];
  const [kind, setKind] = useState<SearchTab>(
    selfieActive && selfie ? 'selfie' : (current?.kind ?? kinds[0] ?? 'bib'),
  );
  const [value, setValue] = useState(current?.value ?? '');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  // Back and Forward change the search: the field follows.
  useEffect(() => {
    setValue(current?.value ?? '');
    if (current) setKind(current.kind);
    setError(null);
  }, [current]);

  if (kinds.length === 0) return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (kind === 'selfie') return;
    const result = validateSearch(kind, value);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    onSearch(result.search);
  };

  const label = kind === 'bib' ? 'Bib number' : 'Name';
  const textKind: SearchKind = kind === 'selfie' ? 'bib' : kind;
  return (
    <form
      className="search-bar"
      role="search"
      aria-label="Find your photos"
      onSubmit={submit}
      noValidate
    >
      <div className="search-row">
        {kinds.length > 1 ? (
          <div className="search-kinds" role="radiogroup" aria-label="Search by">
            {kinds.map((k) => (
              <button
                key={k}
                type="button"
                role="radio"
                aria-checked={kind === k}
                className="search-kind"
                onClick={() => {
                  setKind(k);
                  setError(null);
                }}
              >
                {TAB_NAMES[k]}
              </button>
            ))}
          </div>
        ) : null}
        {kind === 'selfie' ? null : (
          <>
            <div className="search-field">
              <label htmlFor={`${id}-q`} className="visually-hidden">
                {label}
              </label>
              <svg
                className="search-icon"
                viewBox="0 0 24 24"
                width="20"
                height="20"
                aria-hidden="true"
                focusable="false"
              >
                <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
              <input
                id={`${id}-q`}
                name={textKind}
                type="search"
                inputMode={kind === 'bib' ? 'text' : 'text'}
                autoComplete="off"
                autoCapitalize={kind === 'bib' ? 'characters' : 'words'}
                spellCheck={false}
                enterKeyHint="search"
                maxLength={kind === 'bib' ? 40 : 120}
                placeholder={
                  kind === 'bib' ? bibPlaceholder || 'Enter your bib number' : 'Enter your name'
                }
                value={value}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-err` : undefined}
                onChange={(e) => {
                  setValue(e.target.value);
                  if (error) setError(null);
                }}
              />
            </div>
            <button type="submit" className="button search-submit">
              Find photos
            </button>
          </>
        )}
        {(current || (kind === 'selfie' && selfieActive)) && onClear ? (
          <button
            type="button"
            className={`button button-outline search-clear${kind === 'selfie' ? ' search-clear-selfie' : ''}`}
            onClick={onClear}
          >
            Clear
          </button>
        ) : null}
      </div>
      {kind === 'selfie' && selfie ? (
        <SelfiePanel {...selfie} />
      ) : (
        <p id={`${id}-err`} className="search-error" role="alert" aria-live="assertive">
          {error ?? ''}
        </p>
      )}
    </form>
  );
}
