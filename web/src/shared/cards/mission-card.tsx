import type { MissionView } from '@fanmission/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isOwnCancel } from './own-cancel';
import { CardImage } from './pictures';
import { placeholderThumbnail } from './media';
import './cards.css';

/** What a card shows of a mission: its thumbnail, the answer itself and the product's picture, as they exist. */
export type MissionPictures = Pick<MissionView, 'thumbnail' | 'missionProduct' | 'private' | 'picture' | 'video'>;

/**
 * The answer's thumbnail (a video's poster frame); else, when the mission is public, the answer's picture or the
 * video's own poster; else the product's picture. A private mission's media are for its parties only, not for a list.
 */
export function missionThumbnail(mission: MissionPictures): string | null {
  const product = mission.missionProduct.descriptionPicture;
  const answer = mission.private
    ? undefined
    : (mission.picture?.thumbnail?.s3Url ?? mission.picture?.s3Url ?? mission.video?.thumbnail?.s3Url);
  return mission.thumbnail?.s3Url ?? answer ?? product?.thumbnail?.s3Url ?? product?.s3Url ?? null;
}

/**
 * A mission in a list (my page tabs, browse missions, the landing page, a creator's completed missions): thumbnail
 * (else one of the placeholder pictures), status, product and, under it, the creator or what `subtitle` says instead
 * (the requester, on the creator's own page). The picture, status and product open the mission's detail; the
 * creator's name is a link of its own to `/creator/{id}`, beside the first one (a link inside a link is invalid HTML
 * and a keyboard could not reach the inner one).
 */
export function MissionCard({ mission, subtitle }: { mission: MissionView; subtitle?: string }) {
  const { t } = useTranslation();
  const creator = mission.missionProduct.creator;
  return (
    <div className="fm-card">
      <Link className="fm-card-link" to={`/mission-detail/${mission.id}`}>
        <CardImage
          src={missionThumbnail(mission) ?? placeholderThumbnail(mission.id)}
          seed={mission.id}
          ratio="9 / 16"
          maxHeight={240}
        />
        <div className={subtitle === undefined ? 'fm-card-body fm-card-body-head' : 'fm-card-body'}>
          <div className="fm-card-status">
            {/* A lottery application waits for its draw, not for the creator's decision. */}
            {mission.missionProduct.type === 'EVENT' && mission.status === 'REQUESTED'
              ? t('applicationStatus.REQUESTED')
              : isOwnCancel(mission)
                ? t('missionDetail.ownCancel')
                : t(`missionStatus.${mission.status}`)}
          </div>
          <div className="fm-card-title">{mission.missionProduct.name}</div>
          {subtitle === undefined ? null : <div className="fm-card-subtitle">{subtitle}</div>}
        </div>
      </Link>
      {subtitle === undefined ? (
        <div className="fm-card-foot">
          <Link className="fm-card-subtitle fm-card-creator" to={`/creator/${creator.id}`}>
            {creator.name}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
