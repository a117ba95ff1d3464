import type { SocialIcon as Icon } from '@/lib/social';
import { SOCIAL_ICON_PATHS, SOCIAL_SPRITE_URL } from './socialSprite';

/** One icon of the site's sprite, drawn in the link's colour. */
function SpriteIcon({ id, dataIcon }: { id: string; dataIcon?: string }) {
  return (
    <svg
      className="social-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      data-icon={dataIcon}
    >
      <use href={`${SOCIAL_SPRITE_URL}#${id}`} />
    </svg>
  );
}

/** A platform's icon from the site's sprite; an organiser's own icon over the generic one. */
export function SocialIcon({ icon }: { icon: Icon }) {
  if (icon.kind === 'custom') {
    // The generic icon sits under the custom one: if the organiser's image fails, it shows.
    return (
      <span className="social-icon-stack">
        <SpriteIcon id="generic" />
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
  return <SpriteIcon id={id} dataIcon={icon.kind === 'platform' ? icon.platform : 'link'} />;
}
