import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CreatorCard } from '../../shared/cards/creator-card';
import { MissionCard } from '../../shared/cards/mission-card';
import { useShowcase } from './showcase-data';
import './landing-showcase.css';

/**
 * Under the landing page's headline, loaded after it has painted: the recommended creators and the most recently
 * completed public missions, with the creator search's and browse missions' own cards. A list with nothing in it is
 * left out.
 */
export default function LandingShowcase() {
  const { t } = useTranslation();
  const { creators, missions } = useShowcase();
  return (
    <>
      {creators.length > 0 ? (
        <ShowcaseSection title={t('discover.featuredCreators')} more={t('discover.allCreators')} to="/creator-search">
          <div className="showcase-grid">
            {creators.map((item) => (
              <CreatorCard key={item.creator.id} creator={item.creator} rating={item.rating} />
            ))}
          </div>
        </ShowcaseSection>
      ) : null}
      {missions.length > 0 ? (
        <ShowcaseSection title={t('discover.recentMissions')} more={t('discover.allMissions')} to="/browse-missions">
          <div className="showcase-grid">
            {missions.map((mission) => (
              <MissionCard key={mission.id} mission={mission} />
            ))}
          </div>
        </ShowcaseSection>
      ) : null}
    </>
  );
}

function ShowcaseSection({
  title,
  more,
  to,
  children,
}: {
  title: string;
  more: string;
  to: string;
  children: ReactNode;
}) {
  return (
    <section className="showcase" aria-label={title}>
      <div className="showcase-head">
        <h2>{title}</h2>
        <Link className="showcase-more" to={to}>
          {more}
        </Link>
      </div>
      {children}
    </section>
  );
}
