import type { NotificationPreferences, NotificationPreferencesUpdate } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../api/query-keys';
import { formatDotDate } from '../format/date';
import { useSession } from '../session/session';
import { Card } from '../ui/page';
import { fetchNotificationPreferences, saveNotificationPreferences } from './preferences-api';
import { PushDeviceControl } from './push-device-control';

type TopicChoice = NotificationPreferences['topics'][number];
type Draft = { topics: TopicChoice[]; consent: boolean; nightConsent: boolean };
type Channel = 'push' | 'mail' | 'alimtalk';

const draftOf = (preferences: NotificationPreferences): Draft => ({
  topics: preferences.topics,
  consent: preferences.marketing.consentedAt !== null,
  nightConsent: preferences.marketing.nightConsentedAt !== null,
});

/**
 * What the form sends: every topic shown with its channels, and the consents. Promotions' channels only with the
 * consent: without it the server sends them on no channel, and a choice stored then would outlive a later consent.
 */
export function preferencesUpdateOf(draft: Draft, shown: readonly TopicChoice[]): NotificationPreferencesUpdate {
  return {
    topics: shown
      .filter((choice) => choice.topic !== 'MARKETING' || draft.consent)
      .map(({ topic, push, mail, alimtalk }) => ({ topic, push, mail, ...(alimtalk !== null && { alimtalk }) })),
    marketing: { consent: draft.consent, nightConsent: draft.consent && draft.nightConsent },
  };
}

/**
 * The account page's "알림 설정": this device's push, each topic's push, mail and (for the transactional ones, where
 * the server sends it) KakaoTalk 알림톡, the consents to promotions.
 */
export function NotificationSettingsCard() {
  const { t } = useTranslation();
  const { userId } = useSession();
  const preferences = useQuery({
    queryKey: queryKeys.notificationPreferences(userId),
    queryFn: fetchNotificationPreferences,
  });
  return (
    <Box sx={{ mt: 3 }}>
      <Card>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 800 }}>
          {t('notificationSettings.title')}
        </Typography>
        <PushDeviceControl />
        <Divider />
        {preferences.isError ? (
          <Alert severity="error">{t('notificationSettings.loadFailed')}</Alert>
        ) : preferences.data ? (
          <NotificationChoicesForm preferences={preferences.data} />
        ) : (
          <CircularProgress sx={{ alignSelf: 'center' }} aria-label={t('notificationSettings.title')} />
        )}
      </Card>
    </Box>
  );
}

export function NotificationChoicesForm({ preferences }: { preferences: NotificationPreferences }) {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(preferences));
  const [stored, setStored] = useState(preferences);
  const [outcome, setOutcome] = useState<'saved' | 'failed' | null>(null);
  const [busy, setBusy] = useState(false);
  // Creators' topics to creators, fans' to fans; promotions have their own part below.
  const audience = session.creatorId !== null ? 'CREATOR' : 'FAN';
  const shown = draft.topics.filter((choice) => choice.audience === audience || choice.audience === 'EVERYONE');
  const listed = shown.filter((choice) => choice.topic !== 'MARKETING');
  const marketing = shown.find((choice) => choice.topic === 'MARKETING');

  const change = (next: Partial<Draft>) => {
    setOutcome(null);
    setDraft((current) => ({ ...current, ...next }));
  };
  // 알림톡 where the server sends it; its topics only (null on the others).
  const alimtalkShown = preferences.alimtalk.available;
  const setChannel = (topic: TopicChoice['topic'], channel: Channel, on: boolean) =>
    change({
      topics: draft.topics.map((choice) => (choice.topic === topic ? { ...choice, [channel]: on } : choice)),
    });
  const setConsent = (consent: boolean) =>
    change({
      consent,
      nightConsent: consent && draft.nightConsent,
      // Promotions' channels follow a new consent (on by default), and go off with its withdrawal.
      topics: draft.topics.map((choice) =>
        choice.topic === 'MARKETING' ? { ...choice, push: consent, mail: consent } : choice,
      ),
    });

  const save = async () => {
    setBusy(true);
    try {
      const saved = await saveNotificationPreferences(preferencesUpdateOf(draft, shown));
      queryClient.setQueryData(queryKeys.notificationPreferences(session.userId), saved);
      setStored(saved);
      setDraft(draftOf(saved));
      setOutcome('saved');
    } catch {
      setOutcome('failed');
    } finally {
      setBusy(false);
    }
  };

  const channelSwitch = (choice: TopicChoice, channel: Channel, disabled = false) => (
    <FormControlLabel
      label={t(`notificationSettings.${channel}`)}
      sx={{ mr: 0, ml: 0 }}
      control={
        <Switch
          checked={choice[channel] ?? false}
          disabled={disabled}
          onChange={(_, on) => setChannel(choice.topic, channel, on)}
          slotProps={{
            input: {
              'aria-label': t('notificationSettings.channelOf', {
                topic: t(`notificationSettings.topics.${choice.topic}`),
                channel: t(`notificationSettings.${channel}`),
              }),
            },
          }}
        />
      }
    />
  );

  return (
    <Stack
      component="form"
      spacing={2}
      aria-label={t('notificationSettings.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Typography color="text.secondary">{t('notificationSettings.intro')}</Typography>
      {alimtalkShown ? (
        <Typography variant="body2" color="text.secondary" data-testid="alimtalk-note">
          {t(
            preferences.alimtalk.phoneOnFile
              ? 'notificationSettings.alimtalkOnFile'
              : 'notificationSettings.alimtalkNoPhone',
          )}
        </Typography>
      ) : null}
      <Stack divider={<Divider flexItem />} spacing={1}>
        {listed.map((choice) => (
          <Box
            key={choice.topic}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5 }}
          >
            <Typography sx={{ flex: '1 1 12rem', fontWeight: 600 }}>
              {t(`notificationSettings.topics.${choice.topic}`)}
            </Typography>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {channelSwitch(choice, 'push')}
              {channelSwitch(choice, 'mail')}
              {alimtalkShown && choice.alimtalk !== null ? channelSwitch(choice, 'alimtalk') : null}
            </Stack>
          </Box>
        ))}
      </Stack>

      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 800, pt: 1 }}>
        {t('notificationSettings.marketingTitle')}
      </Typography>
      <ConsentSwitch
        label={t('notificationSettings.marketingConsent')}
        checked={draft.consent}
        consentedAt={stored.marketing.consentedAt}
        onChange={setConsent}
      />
      <ConsentSwitch
        label={t('notificationSettings.marketingNightConsent')}
        checked={draft.nightConsent}
        disabled={!draft.consent}
        consentedAt={stored.marketing.nightConsentedAt}
        onChange={(nightConsent) => change({ nightConsent })}
      />
      {marketing && draft.consent ? (
        <Stack direction="row" spacing={2} sx={{ pl: 1 }}>
          {channelSwitch(marketing, 'push')}
          {channelSwitch(marketing, 'mail')}
        </Stack>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        {t('notificationSettings.marketingHint')}
      </Typography>

      {outcome === 'saved' ? (
        <Alert severity="success" role="status">
          {t('notificationSettings.saved')}
        </Alert>
      ) : outcome === 'failed' ? (
        <Alert severity="error">{t('notificationSettings.failed')}</Alert>
      ) : null}
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {t('notificationSettings.save')}
      </Button>
    </Stack>
  );
}

/** A consent of its own (never bundled with another), with the day it was given once stored. */
function ConsentSwitch(props: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  consentedAt: string | null;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box>
      <FormControlLabel
        label={props.label}
        sx={{ alignItems: 'flex-start', ml: 0, '& .MuiSwitch-root': { flexShrink: 0 } }}
        control={
          <Switch
            checked={props.checked}
            disabled={props.disabled}
            onChange={(_, checked) => props.onChange(checked)}
          />
        }
      />
      {props.consentedAt && props.checked ? (
        <Typography variant="body2" color="text.secondary" sx={{ pl: 7 }}>
          {t('notificationSettings.consentedOn', { date: formatDotDate(props.consentedAt) })}
        </Typography>
      ) : null}
    </Box>
  );
}
