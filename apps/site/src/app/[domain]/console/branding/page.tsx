import type { Metadata } from 'next';
import { ConsoleFrame } from '@/components/console/ConsoleFrame';
import { BrandingEditor } from '@/components/console/branding/BrandingEditor';
import { BRANDING_ERRORS, brandingErrorOf } from '@/components/console/branding/errors';
import { checkDraft, decodeDraft, draftOf } from '@/components/console/branding/form';
import { BRANDING_TEXT } from '@/components/console/branding/strings';
import '@/components/console/console.css';
import '@/components/console/branding/branding.css';
import { providerUrl } from '@/provider';
import { brandingSettings } from '@/provider/console-branding';
import { consoleSessionOrSignIn } from '../session';

export const metadata: Metadata = {
  title: BRANDING_TEXT.title,
  robots: { index: false, follow: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Branding (owner only): the organiser's logo, theme colour, header, call-to-action and footer,
 * with a live preview of the public home. A refused save comes back with the fields as typed
 * (the draft in the URL) and the messages next to them.
 */
export default async function BrandingPage({ searchParams }: Props) {
  const [{ token, who, csrf }, query] = await Promise.all([consoleSessionOrSignIn(), searchParams]);
  const frame = (children: React.ReactNode) => (
    <div className="container page console">
      <ConsoleFrame who={who} csrf={csrf} current="branding" title={BRANDING_TEXT.title}>
        {children}
      </ConsoleFrame>
    </div>
  );
  if (who.user.role !== 'owner')
    return frame(
      <p className="console-error" role="alert">
        {BRANDING_TEXT.ownersOnly(who.organiser.name)}
      </p>,
    );
  const settings = await brandingSettings(token);
  if (!settings.ok)
    return frame(
      <p className="console-error" role="alert">
        {settings.status === 403
          ? BRANDING_TEXT.ownersOnly(who.organiser.name)
          : BRANDING_TEXT.unavailable}
      </p>,
    );
  const error = brandingErrorOf(query.error);
  const stored = draftOf(settings.data.extra_config);
  const typed = decodeDraft(query.draft);
  const draft = typed ?? stored;
  const check = typed && error ? checkDraft(typed) : null;
  const unsaved = typed !== null && JSON.stringify(typed) !== JSON.stringify(stored);
  const notice =
    query.notice === 'saved'
      ? BRANDING_TEXT.saved
      : query.notice === 'logo'
        ? BRANDING_TEXT.logoSaved
        : query.notice === 'logo-removed'
          ? BRANDING_TEXT.logoRemoved
          : null;
  return frame(
    <>
      <p className="page-intro">{BRANDING_TEXT.intro}</p>
      {notice ? (
        <p className="console-notice" role="status">
          {notice}
          {unsaved && !error ? ` ${BRANDING_TEXT.unsaved}` : null}
        </p>
      ) : null}
      {error ? (
        <p className="console-error" role="alert">
          {BRANDING_TEXT.errorTitle} {BRANDING_ERRORS[error]}
        </p>
      ) : null}
      <BrandingEditor
        csrf={csrf}
        initial={draft}
        errors={check && !check.ok ? check.errors : {}}
        name={settings.data.name}
        logo={settings.data.logo}
        providerUrl={providerUrl()}
      />
    </>,
  );
}
