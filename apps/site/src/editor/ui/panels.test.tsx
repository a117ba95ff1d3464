// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CertificatePanel } from './CertificatePanel';
import { PhotoPicker } from './PhotoPicker';

const env = (data: unknown, status = 200) => new Response(JSON.stringify({ status: status < 400 ? 'success' : 'error', message: status < 400 ? 'OK' : 'Not found', code: status, data }), { status });
const photo = (i: number) => ({ uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, width: 1600, height: 1067, placeholder: null, captured_at: null });
const event = { eventName: 'Lisbon Half Marathon', eventDate: '2026-03-14' };

afterEach(() => vi.unstubAllGlobals());

describe('certificate panel', () => {
  test('fills the certificate from the results found for a bib', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => env({ bib: '1234', name: 'Ana Silva', gender: null, category: 'F35', gun_time: null, net_time: '1:41:07', status: null, overall_rank: 312, category_rank: 12, splits: {} })));
    const onFill = vi.fn();
    render(<CertificatePanel apiUrl="https://api.test" eventId={1} event={event} isCertificate onOpenCertificate={() => {}} onFill={onFill} onDownloadPdf={() => {}} />);
    fireEvent.change(screen.getByLabelText('Your bib number'), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find my result' }));
    await screen.findByText(/Found Ana Silva/);
    expect(onFill).toHaveBeenCalledWith(expect.objectContaining({ name: 'Ana Silva', net_time: '1:41:07', overall_rank: '312th', category_rank: '12th', bib: '1234' }));
  });

  test('without results (404) the participant types name and time', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => env(null, 404)));
    const onFill = vi.fn();
    render(<CertificatePanel apiUrl="https://api.test" eventId={1} event={event} isCertificate onOpenCertificate={() => {}} onFill={onFill} onDownloadPdf={() => {}} />);
    fireEvent.change(screen.getByLabelText('Your bib number'), { target: { value: '77' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find my result' }));
    await screen.findByText(/couldn't find results/);
    fireEvent.change(screen.getByLabelText('Name on the certificate'), { target: { value: 'João Sá' } });
    fireEvent.change(screen.getByLabelText(/Finish time/), { target: { value: '3:05:02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Put on my certificate' }));
    expect(onFill).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'João Sá', net_time: '3:05:02', bib: '77' }));
  });

  test("a link's bib (?bib=) fills the certificate by itself once the design is open, and only once", async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) => env({ bib: '1234', name: 'Ana Silva', gender: null, category: 'F35', gun_time: null, net_time: '1:41:07', status: null, overall_rank: 312, category_rank: 12, splits: {} }));
    vi.stubGlobal('fetch', fetchMock);
    const onFill = vi.fn();
    const panel = (canFill: boolean) => <CertificatePanel apiUrl="https://api.test" eventId={1} event={event} isCertificate initialBib="1234" canFill={canFill} onOpenCertificate={() => {}} onFill={onFill} onDownloadPdf={() => {}} />;
    const { rerender } = render(panel(false));
    expect((screen.getByLabelText('Your bib number') as HTMLInputElement).value).toBe('1234');
    expect(fetchMock).not.toHaveBeenCalled();
    rerender(panel(true));
    await screen.findByText(/Found Ana Silva/);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/results/1234');
    expect(onFill).toHaveBeenCalledWith(expect.objectContaining({ name: 'Ana Silva', bib: '1234' }));
    rerender(panel(true));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test('on another template it offers to open the certificate', () => {
    const open = vi.fn();
    render(<CertificatePanel apiUrl="https://api.test" eventId={1} event={event} isCertificate={false} onOpenCertificate={open} onFill={() => {}} onDownloadPdf={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open the certificate' }));
    expect(open).toHaveBeenCalled();
  });
});

describe('photo picker', () => {
  test('pages with Load more, and says so when bib search is not there yet', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      if (url.searchParams.get('bib')) return env(null, 404);
      return url.searchParams.get('cursor') ? env({ photos: [photo(3)], total: 3, next_cursor: null }) : env({ photos: [photo(1), photo(2)], total: 3, next_cursor: 'c2' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const onPick = vi.fn();
    render(<PhotoPicker apiUrl="https://api.test" eventId={1} bibSearch canReplace={false} onPick={onPick} />);
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Add photo/ })).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Add photo/ })).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Your bib number'), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find my photos' }));
    await screen.findByText(/Bib search isn't available/);

    fireEvent.click(screen.getByLabelText('Becomes the background'));
    fireEvent.click(screen.getAllByRole('button', { name: /^Use as background/ })[0]!);
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ uuid: photo(1).uuid }), 'background');
  });
});
