import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { organiserPageMetadata } from '@/components/layout/organiserMetadata';
import { PrivacyNotice } from '@/components/privacy/PrivacyNotice';
import { PRIVACY_PATH, PRIVACY_TEXT } from '@/components/privacy/strings';
import { getOrganiser } from '@/provider';

type Props = { params: Promise<{ domain: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { domain } = await params;
  return organiserPageMetadata(domain, {
    title: PRIVACY_TEXT.title,
    description: (name) =>
      `What ${name}’s photo site keeps about you, for how long, and how to have it removed.`,
    path: PRIVACY_PATH,
  });
}

/** The organiser's privacy page: kept for every visitor, like the other public pages. */
export default async function PrivacyPage({ params }: Props) {
  const { domain } = await params;
  const { organiser, unknown } = await getOrganiser(domain);
  if (unknown) notFound();
  return <PrivacyNotice organiser={organiser} />;
}
