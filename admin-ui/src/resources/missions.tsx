import type { AdminMission, AdminMissionProduct } from '@fanmission/contracts';
import { Box, Typography } from '@mui/material';
import {
  BooleanField,
  FunctionField,
  NullableBooleanInput,
  NumberField,
  NumberInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { KstDateField, KstDateTimeInput } from '../format/kst';
import { CodeField, codeChoices } from './code-field';
import { ReasonAction } from './reason-action';
import { RecordTrace } from './trace-link';
import { UpdateAction } from './update-action';
import { ActionsColumn, ConsoleList, WRAP, useWideConsole } from './list-actions';

const missionFilters = [
  <SelectInput key="status" source="status" choices={codeChoices('missionStatus')} alwaysOn />,
  <NumberInput key="creatorId" source="creatorId" />,
  <NumberInput key="userId" source="userId" />,
  <KstDateTimeInput key="from" source="from" empty="" />,
  <KstDateTimeInput key="to" source="to" empty="" />,
  <NullableBooleanInput key="contentBlocked" source="contentBlocked" />,
];

const BlockContentActions = () => (
  <>
    <UpdateAction
      resource="missions"
      label="console.actions.blockContent"
      reasonLabel="console.actions.reason"
      color="error"
      show={(record) => !record['contentBlocked']}
      patch={(_, reason) => ({ contentBlocked: true, contentBlockReason: reason })}
      done={(record) => ['console.done.contentBlocked', { mission: `#${record.id} ${record['productName']}` }]}
    />
    <UpdateAction
      resource="missions"
      label="console.actions.unblockContent"
      show={(record) => Boolean(record['contentBlocked'])}
      patch={() => ({ contentBlocked: false, contentBlockReason: null })}
      done={(record) => ['console.done.contentUnblocked', { mission: `#${record.id} ${record['productName']}` }]}
    />
  </>
);

/** Below 900 px: the mission's status, product, creator, fan, price and the decision (the rest on its page, a row's click). */
export const MissionList = () => {
  const wide = useWideConsole();
  return (
    <ConsoleList rowClick="show" filters={missionFilters} sort={{ field: 'id', order: 'DESC' }}>
      {wide && <TextField source="id" />}
      <CodeField source="status" family="missionStatus" />
      {wide && <CodeField source="type" family="productType" />}
      <TextField source="productName" sx={WRAP} />
      <TextField source="creatorName" sx={WRAP} />
      <TextField source="username" sx={WRAP} />
      <NumberField source="coinPrice" />
      {wide && <NumberField source="escrowCoins" />}
      {wide && <BooleanField source="contentBlocked" />}
      {wide && <KstDateField source="createdAt" />}
      <ActionsColumn label="console.actions.column">
        <BlockContentActions />
      </ActionsColumn>
    </ConsoleList>
  );
};

interface Media {
  url: string;
  contentType: string | null;
}

function MissionMedia(_props: { label?: string }) {
  const record = useRecordContext<{ id: number; media: Record<string, Media | null> }>();
  const translate = useTranslate();
  if (!record) return null;
  const { video, picture, voice, thumbnail } = record.media;
  if (!video && !picture && !voice) return <Typography>{translate('console.mission.noMedia')}</Typography>;
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      {video && <video src={video.url} poster={thumbnail?.url} controls preload="metadata" style={{ maxWidth: 360 }} />}
      {picture && <img src={picture.url} alt="" style={{ maxWidth: 360 }} />}
      {voice && <audio src={voice.url} controls preload="metadata" />}
    </Box>
  );
}

/**
 * The fan's request attachment beside the request: a picture previewed (opening the file), any other file as a link
 * named by its file name; "-" for none.
 */
function MissionRequestFile(_props: { label?: string }) {
  const record = useRecordContext<AdminMission>();
  if (!record) return null;
  const file = record.requestFile;
  if (!file) return <Typography variant="body2">-</Typography>;
  return (
    <a href={file.url} target="_blank" rel="noreferrer">
      {file.contentType?.startsWith('image/') ? (
        <img src={file.url} alt={file.filename} style={{ display: 'block', maxWidth: 'min(360px, 100%)' }} />
      ) : (
        file.filename
      )}
    </a>
  );
}

export const MissionShow = () => (
  <Show
    actions={
      <TopToolbar>
        <BlockContentActions />
      </TopToolbar>
    }
  >
    <SimpleShowLayout>
      <TextField source="id" />
      <CodeField source="status" family="missionStatus" />
      <CodeField source="type" family="productType" />
      <TextField source="productName" />
      <FunctionField
        source="creatorName"
        render={(record: { creatorName: string; creatorId: number }) => `${record.creatorName} (#${record.creatorId})`}
      />
      <FunctionField
        source="username"
        render={(record: { username: string; userId: number }) => `${record.username} (#${record.userId})`}
      />
      <NumberField source="coinPrice" />
      <NumberField source="escrowCoins" />
      <TextField source="requestComment" emptyText="-" />
      <MissionRequestFile label="resources.missions.fields.requestFile" />
      <TextField source="responseComment" emptyText="-" />
      <CodeField source="rejectionReason" family="missionRejectionReason" emptyText="-" />
      <KstDateField source="createdAt" showTime />
      <KstDateField source="completedAt" showTime emptyText="-" />
      <BooleanField source="contentBlocked" />
      <TextField source="contentBlockReason" emptyText="-" />
      <MissionMedia label="console.mission.media" />
      <RecordTrace label={false} />
    </SimpleShowLayout>
  </Show>
);

const productFilters = [
  <TextInput key="q" source="q" label="ra.action.search" alwaysOn />,
  <NumberInput key="creatorId" source="creatorId" />,
  <SelectInput key="type" source="type" choices={codeChoices('productType')} />,
  <NullableBooleanInput key="active" source="active" />,
];

/**
 * Every mission product; operators inactivate them, and draw or cancel a lottery event with a reason. The decisions
 * share one column; below 900 px the id, the type, the coins and the active mark are left out.
 */
export const MissionProductList = () => {
  const wide = useWideConsole();
  return (
    <ConsoleList filters={productFilters} sort={{ field: 'id', order: 'DESC' }}>
      {wide && <TextField source="id" />}
      <TextField source="name" sx={WRAP} />
      {wide && <CodeField source="type" family="productType" />}
      <TextField source="creatorName" sx={WRAP} />
      {wide && <NumberField source="coinPrice" emptyText="-" />}
      {wide && <BooleanField source="active" />}
      <CodeField source="eventStatus" family="eventStatus" emptyText="-" />
      <ActionsColumn label="console.actions.column">
        <ReasonAction<AdminMissionProduct>
          resource="lottery-events"
          label="console.lotteryEvents.draw"
          url={(record) => `/api/admin/lottery-events/${record.id}/draw`}
          show={(record) => record.eventStatus === 'DRAWING'}
          done="console.lotteryEvents.drawn"
        />
        <ReasonAction<AdminMissionProduct>
          resource="lottery-events"
          label="console.lotteryEvents.cancel"
          color="error"
          url={(record) => `/api/admin/lottery-events/${record.id}/cancel`}
          show={(record) =>
            record.eventStatus !== null && record.eventStatus !== 'CLOSED' && record.eventStatus !== 'CANCELED'
          }
          done="console.lotteryEvents.canceled"
        />
        <UpdateAction
          label="console.actions.inactivate"
          color="warning"
          show={(record) => Boolean(record['active'])}
          patch={() => ({ active: false })}
        />
        <UpdateAction
          label="console.actions.activate"
          show={(record) => !record['active']}
          patch={() => ({ active: true })}
        />
      </ActionsColumn>
    </ConsoleList>
  );
};
