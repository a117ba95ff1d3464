import type { SocialIcon as Icon } from '@/lib/social';
import { SOCIAL_ICON_PATHS, SOCIAL_SPRITE_URL } from './socialSprite';

/** A platform's icon from the site's sprite; an organiser's own icon over the generic one. */
export function SocialIcon({ icon }: { icon: Icon }) {
  if (icon.kind === 'custom') {
    // The generic icon sits under the custom one: if the organiser's image fails, it shows.
    return (
      <span className="social-icon-stack">
        <svg
          className="social-icon"
          viewBox="0 0 24 24"
          width="20"
          height="20"
          aria-hidden="true"
          focusable="false"
        >
          <use href={`${SOCIAL_SPRITE_URL}#generic`} />
        </svg>
        <img
          src={icon.src}
          alt=""
          width={20}
          height={20}
          className="social-icon social-icon-custom"
          loading="lazy"
        />
      </span>
    );
  }
  const id =
    icon.kind === 'platform' && icon.platform in SOCIAL_ICON_PATHS ? icon.platform : 'generic';
  return (
    <svg
      className="social-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      data-icon={icon.kind === 'platform' ? icon.platform : 'link'}
    >
      <use href={`${SOCIAL_SPRITE_URL}#${id}`} />
    </svg>
  );
}
