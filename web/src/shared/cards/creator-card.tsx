import type { CreatorListItem } from '@fanmission/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { creatorPath } from '../navigation/creator-path';
import { CardRating } from './card-rating';
import { InitialsAvatar } from './pictures';
import './cards.css';

/**
 * A creator in a list (creator search, the landing page): picture or initials, name and review rating (none without
 * a review), opening the creator page. `children` go under the name (the search's reliability chips), `action` at the top right (the search's follow button).
 */
export function CreatorCard({
  creator,
  rating,
  children,
  action,
}: {
  creator: CreatorListItem['creator'];
  rating?: CreatorListItem['rating'] | undefined;
  children?: ReactNode;
  action?: ReactNode;
}) {
  const image = creator.user.image;
  return (
    <div className="fm-card fm-creator-card">
      <Link className="fm-card-link" to={creatorPath(creator)}>
        <div className="fm-card-body">
          <InitialsAvatar
            name={creator.name}
            seed={creator.id}
            src={image?.thumbnail?.s3Url ?? image?.s3Url}
            size={96}
          />
          <div className="fm-card-title">{creator.name}</div>
          <CardRating rating={rating ?? undefined} />
          {children}
        </div>
      </Link>
      {action ? <div className="fm-card-action">{action}</div> : null}
    </div>
  );
}
