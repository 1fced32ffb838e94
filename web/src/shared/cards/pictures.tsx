import { DEFAULT_PROFILE_IMAGE } from '@fanmission/contracts';
import { useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { initialsOf, placeholderColour } from './media';
import './cards.css';

/**
 * A round picture of a person. Under the picture, and instead of it when there is none (or it fails to load), the
 * name's initials on a colour chosen from `seed` (the id), so that no one shows as a grey silhouette; the default
 * picture (contracts' DEFAULT_PROFILE_IMAGE, what the API and the session keep for "no picture") counts as none.
 */
export function InitialsAvatar({
  name,
  seed,
  src,
  size = 40,
  alt = '',
  onBroken,
}: {
  name: string;
  seed: string | number;
  src?: string | null;
  size?: number;
  alt?: string;
  /** Called once with a picture that failed to load (the initials show instead). */
  onBroken?: (src: string) => void;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const picture = src && src !== DEFAULT_PROFILE_IMAGE && failed !== src ? src : null;
  return (
    <span
      className="fm-avatar"
      role={picture ? undefined : 'img'}
      aria-label={picture ? undefined : alt || undefined}
      aria-hidden={picture || alt ? undefined : true}
      data-initials={picture ? undefined : initialsOf(name)}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4), background: placeholderColour(seed) }}
    >
      <span aria-hidden="true">{initialsOf(name)}</span>
      {picture ? (
        <img
          src={picture}
          alt={alt}
          loading="lazy"
          decoding="async"
          onError={() => {
            setFailed(picture);
            onBroken?.(picture);
          }}
        />
      ) : null}
    </span>
  );
}

/**
 * A person's avatar as a link of its own (to their page). The link is named by the avatar (the picture's text
 * alternative, or the initials' image named by the full name) and never by a label of its own: a label on the link
 * is checked against what the link shows, and initials are not the name a voice control user says to follow it
 * (WCAG 2.5.3, axe-core's label-content-name-mismatch).
 */
export function AvatarLink({
  to,
  name,
  seed,
  src,
  size,
  style,
}: {
  to: string;
  name: string;
  seed: string | number;
  src?: string | null;
  size?: number;
  style?: CSSProperties;
}) {
  return (
    <Link className="fm-avatar-link" to={to} style={style}>
      <InitialsAvatar name={name} seed={seed} src={src} size={size} alt={name} />
    </Link>
  );
}

/**
 * A picture in a frame of a fixed aspect ratio that shows a colour gradient (from `seed`) until the picture has
 * loaded, so that a list never shows empty grey blocks and nothing moves when the pictures arrive.
 */
export function CardImage({
  src,
  seed,
  ratio,
  alt = '',
  maxHeight,
  eager = false,
  fit = 'cover',
}: {
  src: string | null;
  seed: string | number;
  ratio: string;
  alt?: string;
  maxHeight?: number;
  /** The page's largest picture: asked for at once and with a high priority. */
  eager?: boolean;
  /** `contain` shows the whole picture, on the colour where its shape differs from the frame's. */
  fit?: 'cover' | 'contain';
}) {
  const colour = placeholderColour(seed);
  return (
    <span
      className="fm-card-image"
      style={{ aspectRatio: ratio, maxHeight, background: `linear-gradient(135deg, ${colour}55, ${colour}22)` }}
    >
      {src ? (
        <img
          src={src}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          style={fit === 'contain' ? { objectFit: 'contain' } : undefined}
        />
      ) : null}
    </span>
  );
}
