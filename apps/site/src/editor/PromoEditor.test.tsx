// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { forwardRef } from 'react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { U, envelope } from '@/test/fixtures';
import { PromoEditor, type PromoEditorProps } from './PromoEditor';

// The canvas (react-konva) needs a real canvas: its stand-in shows which design it was given.
vi.mock('./ui/CanvasStage', () => ({
  CanvasStage: forwardRef<unknown, { design: { template: string; elements: { id: string; type: string; text?: string }[] } }>(function CanvasStage({ design }, _ref) {
    const title = design.elements.find((e) => e.id === 'title');
    return <div data-testid="canvas-stage">{`${design.template}: ${title?.text ?? ''}`}</div>;
  }),
}));

const props: PromoEditorProps = {
  eventId: 42,
  eventName: 'Lisbon Half Marathon',
  apiUrl: 'http://api.test',
  eventDate: '2026-03-14',
  city: 'Lisbon',
  organiserName: 'Run Portugal',
  themeColour: '#E4572E',
  features: { download_certificate: true, enable_custom_certificate: false, bib_search: true },
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => envelope({ photos: [{ uuid: U(1), width: 1600, height: 1067, placeholder: null, captured_at: null }], total: 1, next_cursor: null }));
  vi.stubGlobal('fetch', fetchMock);
  window.localStorage.clear();
});

describe('the promo editor', () => {
  test('opens the square post filled from what the route passed, asking the provider only for photos and frames', async () => {
    render(<PromoEditor {...props} />);
    expect(await screen.findByTestId('canvas-stage')).toHaveProperty('textContent', 'post-square: Lisbon Half Marathon');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Lisbon Half MarathonSquare post');
    expect(screen.getByRole('button', { name: 'Download' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('tab', { name: 'Certificate' })).toBeTruthy();
    // The event's config and the organiser came with the page: the calls are the photos' and
    // the event's sponsor frames'.
    const paths = fetchMock.mock.calls.map(([url]) => new URL(String(url)).pathname).sort();
    expect(paths).toEqual(['/api/v1/client/events/42/frames', '/api/v1/client/events/42/photos']);
  });

  test('asks for the organiser’s certificate only when the event has one', async () => {
    render(<PromoEditor {...props} features={{ ...props.features, enable_custom_certificate: true }} />);
    await screen.findByTestId('canvas-stage');
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => new URL(String(url)).pathname).sort()).toEqual(['/api/v1/client/events/42/certificate-template', '/api/v1/client/events/42/frames', '/api/v1/client/events/42/photos']));
  });
});
