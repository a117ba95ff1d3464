'use client';

import { useState } from 'react';
import { TEAM_TEXT } from './strings';

/** The invitation link in a read-only field, with a button that copies it (JavaScript only). */
export function CopyLink({ link }: { link: string }) {
  const [said, setSaid] = useState('');
  return (
    <div className="team-copy">
      <label htmlFor="team-invite-link">{TEAM_TEXT.invite.link}</label>
      <div className="team-copy-row">
        <input
          id="team-invite-link"
          type="text"
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="invite-link"
        />
        <button
          type="button"
          className="button"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(link);
              setSaid(TEAM_TEXT.invite.copied);
            } catch {
              setSaid(TEAM_TEXT.invite.copyFailed);
            }
          }}
        >
          {TEAM_TEXT.invite.copy}
        </button>
      </div>
      <p role="status" className="console-hint">
        {said}
      </p>
    </div>
  );
}
