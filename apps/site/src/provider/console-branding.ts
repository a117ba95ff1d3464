import {
  type ExtraConfigPatch,
  inviteCancelled,
  inviteCreated,
  type InviteCreated,
  inviteSummary,
  type InviteSummary,
  organiserSettings,
  type OrganiserSettings,
  type ConsoleRole,
  signInAnswer,
  team,
  type Team,
  userRemoved,
} from '@eventsite/contract';
import { type ConsoleCall, consoleCall } from './console';
import { publicApiUrl } from './env';

/**
 * The Branding and Team screens' calls to the admin API (owner only), in the signed-in user's
 * name, and the invitee's calls (no session yet). All through `consoleCall`.
 */

/** The organiser's settings, its logo made absolute (the API stores its own as a path). */
export async function brandingSettings(
  token: string,
  fetchImpl?: typeof fetch,
): Promise<ConsoleCall<OrganiserSettings>> {
  return absoluteLogo(
    await consoleCall('/api/v1/admin/organiser', organiserSettings, { token }, fetchImpl),
  );
}

export async function saveBranding(
  token: string,
  extraConfig: ExtraConfigPatch,
  fetchImpl?: typeof fetch,
): Promise<ConsoleCall<OrganiserSettings>> {
  return absoluteLogo(
    await consoleCall(
      '/api/v1/admin/organiser',
      organiserSettings,
      { method: 'PATCH', token, body: { extra_config: extraConfig } },
      fetchImpl,
    ),
  );
}

export function uploadLogo(
  token: string,
  file: { type: string; data: ArrayBuffer },
  fetchImpl?: typeof fetch,
): Promise<ConsoleCall<OrganiserSettings>> {
  return consoleCall(
    '/api/v1/admin/organiser/logo',
    organiserSettings,
    {
      method: 'POST',
      token,
      raw: { contentType: file.type || 'application/octet-stream', data: file.data },
    },
    fetchImpl,
  );
}

export function removeLogo(token: string, fetchImpl?: typeof fetch) {
  return consoleCall(
    '/api/v1/admin/organiser/logo',
    organiserSettings,
    { method: 'DELETE', token },
    fetchImpl,
  );
}

function absoluteLogo(call: ConsoleCall<OrganiserSettings>): ConsoleCall<OrganiserSettings> {
  if (!call.ok || !call.data.logo.startsWith('/')) return call;
  return { ok: true, data: { ...call.data, logo: `${publicApiUrl()}${call.data.logo}` } };
}

export function teamOf(token: string, fetchImpl?: typeof fetch): Promise<ConsoleCall<Team>> {
  return consoleCall('/api/v1/admin/users', team, { token }, fetchImpl);
}

/** Removes a user; `password` is the signed-in owner's own, typed again. */
export function removeUser(
  token: string,
  userId: number,
  password: string,
  fetchImpl?: typeof fetch,
) {
  return consoleCall(
    `/api/v1/admin/users/${userId}`,
    userRemoved,
    { method: 'DELETE', token, body: { password } },
    fetchImpl,
  );
}

export function invite(
  token: string,
  input: { email: string; role: ConsoleRole; site_origin: string; password: string },
  fetchImpl?: typeof fetch,
): Promise<ConsoleCall<InviteCreated>> {
  return consoleCall(
    '/api/v1/admin/invites',
    inviteCreated,
    { method: 'POST', token, body: input },
    fetchImpl,
  );
}

export function cancelInvite(token: string, inviteId: number, fetchImpl?: typeof fetch) {
  return consoleCall(
    `/api/v1/admin/invites/${inviteId}`,
    inviteCancelled,
    { method: 'DELETE', token },
    fetchImpl,
  );
}

/** Whom an invitation link is for (the invitee, no session). */
export function inviteFor(
  domain: string,
  inviteToken: string,
  forwardedFor: string | null,
  fetchImpl?: typeof fetch,
): Promise<ConsoleCall<InviteSummary>> {
  return consoleCall(
    `/api/v1/console/invites/${encodeURIComponent(inviteToken)}?app_domain=${encodeURIComponent(domain)}`,
    inviteSummary,
    { forwardedFor },
    fetchImpl,
  );
}

/** Uses an invitation: the new user's session, as a sign-in answers it. */
export function acceptInvite(
  domain: string,
  inviteToken: string,
  password: string,
  forwardedFor: string | null,
  fetchImpl?: typeof fetch,
) {
  return consoleCall(
    '/api/v1/console/invites/accept',
    signInAnswer,
    { method: 'POST', body: { app_domain: domain, token: inviteToken, password }, forwardedFor },
    fetchImpl,
  );
}
