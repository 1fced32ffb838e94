import type { MissionView } from '@fanmission/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardImage } from './pictures';
import { placeholderThumbnail } from './media';
import './cards.css';

/** The answer's thumbnail, else the product's picture. */
export function missionThumbnail(mission: Pick<MissionView, 'thumbnail' | 'missionProduct'>): string | null {
  const picture = mission.missionProduct.descriptionPicture;
  return mission.thumbnail?.s3Url ?? picture?.thumbnail?.s3Url ?? picture?.s3Url ?? null;
}

/**
 * A mission in a list (my page tabs, browse missions, the landing page, a creator's completed missions): thumbnail
 * (else one of the placeholder pictures), status, product and, under it, the creator or what `subtitle` says instead
 * (the requester, on the creator's own page); opens its detail.
 */
export function MissionCard({ mission, subtitle }: { mission: MissionView; subtitle?: string }) {
  const { t } = useTranslation();
  return (
    <div className="fm-card">
      <Link className="fm-card-link" to={`/mission-detail/${mission.id}`}>
        <CardImage
          src={missionThumbnail(mission) ?? placeholderThumbnail(mission.id)}
          seed={mission.id}
          ratio="9 / 16"
          maxHeight={240}
        />
        <div className="fm-card-body">
          <div className="fm-card-status">{t(`missionStatus.${mission.status}`)}</div>
          <div className="fm-card-title">{mission.missionProduct.name}</div>
          <div className="fm-card-subtitle">{subtitle ?? mission.missionProduct.creator.name}</div>
        </div>
      </Link>
    </div>
  );
}
