import { MISSION_DOWNLOAD_EXTENSIONS, type MissionView } from '@fanmission/contracts';
import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../alert/alert';
import { apiHeaders, apiUrl, SESSION_CREDENTIALS } from '../api/client';
import { useSession } from '../session/session';

/**
 * The file name the browser saves: the server's Content-Disposition (creator_product_day,
 * services/src/mission-reads/media.ts), else `mission-<id>` plus extension; never the response comment.
 */
export function downloadName(
  mission: Pick<MissionView, 'id' | 'video' | 'picture' | 'voice'>,
  header: string | null,
): string {
  const encoded = header?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  const plain = header?.match(/filename="?([^";]+)"?/i)?.[1];
  if (plain) return plain;
  const extension = mission.video
    ? MISSION_DOWNLOAD_EXTENSIONS.video
    : mission.picture
      ? MISSION_DOWNLOAD_EXTENSIONS.picture
      : 'm4a';
  return `mission-${mission.id}.${extension}`;
}

/** Download of a completed mission's answer, for its requester and its creator. */
export function MissionMediaDownload({ mission }: { mission: MissionView }) {
  const { t } = useTranslation();
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const party = session.userId === mission.user.id || session.creatorId === mission.missionProduct.creator.id;
  if (mission.status !== 'COMPLETED' || !party) return null;
  const download = async () => {
    setBusy(true);
    try {
      const response = await fetch(apiUrl(`/missions/${mission.id}/media`), {
        headers: apiHeaders(i18next.language || 'ko', { Accept: '*/*' }),
        credentials: SESSION_CREDENTIALS,
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = downloadName(mission, response.headers.get('content-disposition'));
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      void showAlert(t('creatorStudio.missions.media.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<Download />}
      onClick={() => void download()}
      disabled={busy}
      sx={{ alignSelf: 'flex-start' }}
    >
      {t('creatorStudio.missions.media.download')}
    </Button>
  );
}
