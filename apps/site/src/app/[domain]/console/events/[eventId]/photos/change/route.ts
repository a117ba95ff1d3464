import { eventScreenHref } from '@/components/console/ConsoleFrame';
import {
  deletePhoto,
  retryJob,
  setEventCover,
  setPhotoHidden,
  undoHideRequest,
} from '@/provider/console-photos';
import { checkedChange, toConsoleScreen } from '../../../../change';
import { sessionTokenOfChange } from '../../../../session';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The Photos screen's changes (plain form POSTs, Origin and CSRF checked first): hide, restore,
 * delete (after its confirmation), make or remove the cover, retry a failed job, undo a visitor's
 * "Hide me" request. Back to the
 * screen (same page of photos) with what happened, or the API's refusal.
 */
export async function POST(request: Request, { params }: { params: Promise<{ eventId: string }> }) {
  const change = await checkedChange(request);
  if (!change.ok) return change.response;
  const { eventId: raw } = await params;
  if (!/^\d{1,9}$/.test(raw)) return toConsoleScreen('/console');
  const eventId = Number(raw);
  const back = eventScreenHref(eventId, 'photos');
  const token = await sessionTokenOfChange();
  if (!token) return toConsoleScreen('/console', { notice: 'expired' });
  const form = change.form;
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : '';
  };
  const page = /^\d{1,5}$/.test(field('page')) ? field('page') : '1';
  const done = (notice: string) => toConsoleScreen(back, { notice, page });
  const failed = (message: string) => toConsoleScreen(back, { error: message, page });
  const action = field('action');
  const uuid = field('uuid');
  if (['hide', 'restore', 'delete', 'cover'].includes(action) && !UUID.test(uuid))
    return failed('That photo id is not valid: reload the page and try again.');
  switch (action) {
    case 'hide':
    case 'restore': {
      const res = await setPhotoHidden(token, uuid, action === 'hide');
      return res.ok ? done(action === 'hide' ? 'hidden' : 'restored') : failed(res.message);
    }
    case 'delete': {
      const res = await deletePhoto(token, uuid);
      return res.ok ? done('deleted') : failed(res.message);
    }
    case 'cover':
    case 'uncover': {
      const res = await setEventCover(token, eventId, action === 'cover' ? uuid : null);
      return res.ok ? done(action === 'cover' ? 'cover' : 'uncovered') : failed(res.message);
    }
    case 'retry': {
      const jobId = field('job_id');
      if (!/^\d{1,12}$/.test(jobId)) return failed('That job id is not valid.');
      const res = await retryJob(token, eventId, Number(jobId));
      return res.ok ? done('retried') : failed(res.message);
    }
    case 'undo-hide': {
      const requestId = field('request_id');
      if (!/^\d{1,15}$/.test(requestId)) return failed('That request id is not valid.');
      const res = await undoHideRequest(token, eventId, Number(requestId));
      return res.ok ? done('unhidden') : failed(res.message);
    }
    default:
      return failed('Unknown action: reload the page and try again.');
  }
}
