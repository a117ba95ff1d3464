'use client';

import { TryAgainButton } from '@/components/common/TryAgainButton';
import { HOME_STRINGS } from '@/components/home/strings';

export default function TenantError() {
  return (
    <div className="container page">
      <div className="state state-error" role="alert">
        <h1 className="state-title">{HOME_STRINGS.errorTitle}</h1>
        <TryAgainButton />
      </div>
    </div>
  );
}
