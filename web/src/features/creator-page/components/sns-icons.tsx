import type { SnsLink } from '@fanmission/contracts';
import Facebook from '@mui/icons-material/Facebook';
import Instagram from '@mui/icons-material/Instagram';
import LiveTv from '@mui/icons-material/LiveTv';
import MusicNote from '@mui/icons-material/MusicNote';
import Videocam from '@mui/icons-material/Videocam';
import YouTube from '@mui/icons-material/YouTube';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const SNS_ICONS: Record<SnsLink['type'], ReactNode> = {
  YOUTUBE: <YouTube />,
  AFREECA: <LiveTv />,
  TWITCH: <Videocam />,
  FACEBOOK: <Facebook />,
  TIKTOK: <MusicNote />,
  INSTAGRAM: <Instagram />,
};

/** The creator's channels as icons, each named as people know the service (유튜브, SOOP(아프리카TV), …). */
export function SnsIcons({ links }: { links: SnsLink[] }) {
  const { t } = useTranslation();
  if (links.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5}>
      {links.map((link) => (
        <IconButton
          key={link.type}
          component="a"
          href={link.link}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t(`creatorStudio.profile.snsNames.${link.type}`)}
        >
          {SNS_ICONS[link.type]}
        </IconButton>
      ))}
    </Stack>
  );
}
