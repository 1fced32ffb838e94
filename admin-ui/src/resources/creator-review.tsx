import {
  CREATOR_GRADES,
  PAYOUT_WON_PER_COIN,
  type AdminCreatorDetail,
  type CreatorGrade,
  type MissionProduct,
} from '@fanmission/contracts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Avatar,
  Box,
  Card,
  CardContent,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId, type ReactNode } from 'react';
import {
  Show,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
  type RaRecord,
  type ShowProps,
} from 'react-admin';
import { formatKst, formatKstDay, KstDateField } from '../format/kst';
import { useCanWrite } from '../permissions';
import { useCodeLabel } from './code-field';
import { ActionsColumn, ConsoleList, WRAP } from './list-actions';
import { CreatorPayoutHistory } from './payout-accounts';
import { BusinessRegistrationCard } from './business-registration';
import { PayoutAccountChangeAction } from './payout-account-change';
import { UpdateAction } from './update-action';

/*
 * The creator review (`/api/admin/creators/{id}`): the application as the creator filled it in (photo, intro, tags,
 * SNS links, description, business type, adult flag, e-mail, public address, application date), the mission products
 * and lottery events he registered (what put him in the review queue), every earlier refusal and a link to his public
 * page, beside the decisions; the grade change apart from them.
 */

/** Approve (asks first: the creator becomes public and searchable at once) and reject with a reason. */
export const CreatorDecisions = () => (
  <>
    <UpdateAction
      resource="creators"
      label="console.actions.approve"
      color="success"
      show={(record) => record['reviewStatus'] !== 'APPROVED'}
      patch={() => ({ reviewStatus: 'APPROVED' })}
      confirmMessage={(record) => ['console.creatorReview.approveConfirm', { name: record['name'] }]}
      done={(record) => ['console.done.creatorApproved', { name: record['name'] }]}
    />
    <UpdateAction
      resource="creators"
      label="console.actions.reject"
      reasonLabel="console.actions.reason"
      color="error"
      show={(record) => record['reviewStatus'] === 'PENDING'}
      patch={(_, reason) => ({ reviewStatus: 'REJECTED', reviewReason: reason })}
      done={(record) => ['console.done.creatorRejected', { name: record['name'] }]}
    />
  </>
);

/** The web app's page of a creator: his custom address when he has one, else his number. */
export const publicPagePath = (creator: Pick<AdminCreatorDetail, 'id' | 'url'>) =>
  creator.url ? `/${encodeURIComponent(creator.url)}` : `/creator/${creator.id}`;

/** One line of the application: its label and its value (or a dash). */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', minWidth: 0 }}>
        {children ?? '-'}
      </Typography>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 2 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The intro as the web app plays it: a video, or an audio with the profile image. */
function Intro({ creator }: { creator: AdminCreatorDetail }) {
  const translate = useTranslate();
  const intro = creator.profile.intro;
  if (!intro) return <Typography variant="body2">{translate('console.creatorReview.noIntro')}</Typography>;
  if (intro.contentType.startsWith('audio/')) {
    return <audio controls src={intro.s3Url} aria-label={translate('console.creatorReview.introAudio')} />;
  }
  return (
    <Box
      component="video"
      controls
      preload="metadata"
      src={intro.s3Url}
      poster={intro.thumbnail?.s3Url}
      aria-label={translate('console.creatorReview.intro')}
      sx={{ width: '100%', maxWidth: 480, maxHeight: 320, bgcolor: 'black', borderRadius: 1 }}
    />
  );
}

const coins = (amount: number) => amount.toLocaleString('ko-KR');

/** What a fan pays: a BASIC price, a LUCKY roll's price, a CUSTOM request's smallest offer. */
function priceText(product: MissionProduct, t: (key: string, options?: object) => string): string {
  if (product.type === 'CUSTOM') {
    return product.minimumCost === null ? '-' : t('priceMinimum', { coins: coins(product.minimumCost) });
  }
  if (product.coinPrice === null) return '-';
  return t(product.type === 'LUCKY' ? 'pricePerRoll' : 'price', { coins: coins(product.coinPrice) });
}

/**
 * Names and titles wrap between words (inside one only when it is wider than the cell); headers and the short codes
 * (type, state) never break inside a word at 360 px.
 */
const tableSx = {
  '& .MuiTableCell-root': { px: 1, verticalAlign: 'top', wordBreak: 'keep-all', overflowWrap: 'anywhere' },
  '& .MuiTableCell-head': { whiteSpace: 'nowrap', color: 'text.secondary' },
} as const;
const keepWords = { wordBreak: 'keep-all', overflowWrap: 'normal' } as const;
const oneLine = { whiteSpace: 'nowrap' } as const;

/** The BASIC, LUCKY and CUSTOM products: name, type, price and whether fans can buy them. */
function CreatorProducts({ products }: { products: readonly MissionProduct[] }) {
  const translate = useTranslate();
  const label = useCodeLabel();
  const t = (key: string, options?: object) => translate(`console.creatorReview.${key}`, options);
  if (products.length === 0) return <Typography variant="body2">{t('noProducts')}</Typography>;
  return (
    <Table size="small" aria-label={t('products')} sx={tableSx}>
      <TableHead>
        <TableRow>
          <TableCell>{t('productName')}</TableCell>
          <TableCell>{t('productType')}</TableCell>
          <TableCell>{t('productPrice')}</TableCell>
          <TableCell>{t('productState')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {products.map((product) => (
          <TableRow key={product.id}>
            <TableCell>{product.name}</TableCell>
            <TableCell sx={oneLine}>{label('productType', product.type)}</TableCell>
            <TableCell sx={keepWords}>{priceText(product, t)}</TableCell>
            <TableCell sx={oneLine}>{t(product.active ? 'productActive' : 'productInactive')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The lottery events (EVENT products): title, entry period and end, status. */
function CreatorEvents({ products }: { products: readonly MissionProduct[] }) {
  const translate = useTranslate();
  const label = useCodeLabel();
  const t = (key: string, options?: object) => translate(`console.creatorReview.${key}`, options);
  const events = products.flatMap((product) => (product.event ? [{ id: product.id, event: product.event }] : []));
  if (events.length === 0) return <Typography variant="body2">{t('noEvents')}</Typography>;
  return (
    <Table size="small" aria-label={t('events')} sx={tableSx}>
      <TableHead>
        <TableRow>
          <TableCell>{t('eventTitle')}</TableCell>
          <TableCell>{t('eventPeriod')}</TableCell>
          <TableCell>{t('eventStatus')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {events.map(({ id, event }) => (
          <TableRow key={id}>
            <TableCell>{event.title}</TableCell>
            <TableCell sx={keepWords}>
              <Box component="span" sx={{ display: 'block' }}>
                {t('eventApplyPeriod', {
                  start: event.applyStart.replaceAll('-', '.'),
                  end: formatKstDay(event.applyEnd),
                })}
              </Box>
              <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                {t('eventEnd', { end: formatKstDay(event.eventEnd) })}
              </Box>
            </TableCell>
            <TableCell sx={oneLine}>{label('eventStatus', event.status)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The grade (the payout rate, PAYOUT_WON_PER_COIN) apart from the decisions: the current one and a request to each
 * other grade, which a finance member approves (services/src/creators/grade-approvals.ts). Only for those who may
 * write creators.
 */
export function GradeChange() {
  const creator = useRecordContext<AdminCreatorDetail>();
  const canWrite = useCanWrite('creators');
  const translate = useTranslate();
  const label = useCodeLabel();
  const titleId = useId();
  if (!creator?.profile || !canWrite) return null;
  const t = (key: string, options?: object) => translate(`console.creatorReview.${key}`, options);
  const gradeName = (grade: CreatorGrade) => label('creatorGrade', grade);
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
          {t('gradeChange')}
        </Typography>
        <Typography variant="body2">
          {t('currentGrade', { grade: gradeName(creator.grade), won: PAYOUT_WON_PER_COIN[creator.grade] })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('gradeHelp')}
        </Typography>
        <Stack role="group" aria-labelledby={titleId} direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
          {CREATOR_GRADES.filter((grade) => grade !== creator.grade).map((grade) => (
            <UpdateAction<AdminCreatorDetail>
              key={grade}
              resource="creators"
              label={`console.creatorReview.gradeTo.${grade}`}
              labelArgs={{ won: PAYOUT_WON_PER_COIN[grade] }}
              patch={() => ({ grade })}
              patchOnly
              confirmMessage={(record) => [
                'console.creatorReview.gradeConfirm',
                { name: record.name, from: gradeName(record.grade), to: gradeName(grade) },
              ]}
            />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The application itself, under the decisions. */
export function CreatorApplication() {
  const creator = useRecordContext<AdminCreatorDetail>();
  const translate = useTranslate();
  const label = useCodeLabel();
  // A row of the list is shown while its whole record loads: the application waits for the record.
  if (!creator?.profile) return null;
  const { profile } = creator;
  const t = (key: string, options?: object) => translate(`console.creatorReview.${key}`, options);
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Avatar
            src={profile.avatar?.thumbnail?.s3Url ?? profile.avatar?.s3Url}
            alt={translate('console.creatorReview.photoOf', { name: creator.name })}
            variant="rounded"
            sx={{ width: 120, height: 120 }}
          />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
              {creator.name}
            </Typography>
            <Box
              component="dl"
              sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: 0.5 }}
            >
              <Fact label={t('reviewStatus')}>{label('creatorReviewStatus', creator.reviewStatus)}</Fact>
              <Fact label={t('applied')}>{formatKst(creator.createdAt, { showTime: true })}</Fact>
              <Fact label={t('email')}>{creator.email}</Fact>
              <Fact label={t('username')}>{creator.username}</Fact>
              <Fact label={t('publicUrl')}>
                {creator.url && (
                  <Link href={publicPagePath(creator)} target="_blank" rel="noopener">
                    {`${window.location.origin}${publicPagePath(creator)}`}
                  </Link>
                )}
              </Fact>
              <Fact label={t('businessType')}>
                {profile.businessType && label('businessType', profile.businessType)}
              </Fact>
              {profile.businessName && <Fact label={t('businessName')}>{profile.businessName}</Fact>}
              <Fact label={t('grade')}>{label('creatorGrade', creator.grade)}</Fact>
            </Box>
            <Link
              href={`/creator/${creator.id}`}
              target="_blank"
              rel="noopener"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 1 }}
            >
              {t(creator.verified ? 'publicPage' : 'publicPageAfterApproval')}
              <OpenInNewIcon fontSize="inherit" aria-hidden />
            </Link>
          </Box>
        </Stack>
        <Section title={t('products')}>
          <CreatorProducts products={creator.products.filter((product) => product.type !== 'EVENT')} />
        </Section>
        <Section title={t('events')}>
          <CreatorEvents products={creator.products.filter((product) => product.type === 'EVENT')} />
        </Section>
        <Section title={t('intro')}>
          <Intro creator={creator} />
        </Section>
        <Section title={t('tags')}>
          {profile.tags.length === 0 ? (
            <Typography variant="body2">-</Typography>
          ) : (
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {profile.tags.map((tag) => (
                <Chip key={tag.id} size="small" label={tag.name} />
              ))}
            </Stack>
          )}
        </Section>
        <Section title={t('sns')}>
          {profile.snsLinks.length === 0 ? (
            <Typography variant="body2">-</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {profile.snsLinks.map((sns) => (
                <li key={`${sns.type}-${sns.link}`}>
                  <Typography variant="body2" component="span">
                    {label('snsType', sns.type)}:{' '}
                    <Link href={sns.link} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                      {sns.link}
                    </Link>
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </Section>
        <Section title={t('description')}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {profile.description || '-'}
          </Typography>
        </Section>
        <Section title={t('refusals')}>
          {creator.refusals.length === 0 ? (
            <Typography variant="body2">{t('noRefusals')}</Typography>
          ) : (
            <Box component="ol" sx={{ m: 0, pl: 2.5 }} aria-label={t('refusals')}>
              {creator.refusals.map((refusal) => (
                <li key={refusal.refusedAt}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    <strong>{formatKst(refusal.refusedAt, { showTime: true })}</strong>
                    {refusal.refusedBy && ` · ${refusal.refusedBy}`}
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: 1 }}>
                    {refusal.reason}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </Section>
      </CardContent>
    </Card>
  );
}

/** One adult-flag decision: a dialog says what it does to the creator's page and asks the reason he is sent. */
function AdultFlagAction(props: {
  label: string;
  confirm: string;
  color?: 'primary' | 'warning';
  show: (record: RaRecord) => boolean;
  patch: Record<string, unknown>;
  done: string;
}) {
  return (
    <UpdateAction
      resource="creators"
      label={props.label}
      color={props.color}
      show={props.show}
      reasonLabel="console.creatorReview.adultReason"
      confirmMessage={(record) => [props.confirm, { name: record['name'] }]}
      patch={(_, reason) => ({ ...props.patch, adultReason: reason })}
      done={(record) => [props.done, { name: record['name'] }]}
      patchOnly
    />
  );
}

/** A creator's own request to clear his adult flag, accepted or refused with a reason (services/src/creators/adult-flag.ts). */
export const AdultClearanceDecisions = () => (
  <>
    <AdultFlagAction
      label="console.actions.acceptAdultClear"
      confirm="console.creatorReview.acceptAdultClearConfirm"
      show={(record) => Boolean(record['adultClearRequestedAt'])}
      patch={{ adultClearRequest: 'ACCEPT' }}
      done="console.done.adultCleared"
    />
    <AdultFlagAction
      label="console.actions.declineAdultClear"
      confirm="console.creatorReview.declineAdultClearConfirm"
      color="warning"
      show={(record) => Boolean(record['adultClearRequestedAt'])}
      patch={{ adultClearRequest: 'DECLINE' }}
      done="console.done.adultClearDeclined"
    />
  </>
);

/**
 * The operators' queue of requests to clear the adult flag (the to-do's link, `/adult-clearances`): only creators whose
 * request waits, the oldest first, with the clearance's decisions as the row's actions (the application's own
 * decisions stay on the creators' list).
 */
export const AdultClearanceList = () => {
  const translate = useTranslate();
  return (
    <ConsoleList
      resource="creators"
      title={translate('console.adultClearances.title')}
      rowClick="show"
      filter={{ adultClearRequested: true }}
      sort={{ field: 'createdAt', order: 'ASC' }}
      storeKey="adult-clearances"
      empty={false}
    >
      <TextField source="name" sx={WRAP} />
      <KstDateField source="adultClearRequestedAt" showTime label="console.adultClearances.requestedAt" />
      <ActionsColumn label="console.actions.column">
        <AdultClearanceDecisions />
      </ActionsColumn>
    </ConsoleList>
  );
};

/**
 * The adult flag apart from the application's decision: whether it is on, who set it, the creator's request to clear
 * it, the operator's last decision with its reason, and the four decisions on it. Each takes a reason that the
 * creator is notified and mailed (services/src/creators/review.ts); a flagged creator's page goes behind the 19+ gate
 * and leaves search at once.
 */
function AdultFlagCard() {
  const creator = useRecordContext<AdminCreatorDetail>();
  const translate = useTranslate();
  const titleId = useId();
  if (!creator) return null;
  const t = (key: string, args?: Record<string, unknown>) => translate(`console.creatorReview.${key}`, args);
  const decision = creator.adultFlagDecision;
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      <CardContent component="section" aria-labelledby={titleId}>
        <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
          {t('adultGroup')}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: 0.5 }}>
          <Fact label={t('adultFlagged')}>
            {translate(creator.containAdultContent ? 'ra.boolean.true' : 'ra.boolean.false')}
          </Fact>
          {creator.adultFlaggedBy && (
            <Fact label={t('adultFlaggedBy')}>
              {t(creator.adultFlaggedBy === 'CREATOR' ? 'adultFlaggedByCreator' : 'adultFlaggedByOperator')}
            </Fact>
          )}
          {creator.adultClearRequestedAt && (
            <Fact label={t('adultClearRequest')}>
              {t('adultClearRequested', { date: formatKst(creator.adultClearRequestedAt, { showTime: true }) })}
            </Fact>
          )}
          {decision && (
            <Fact label={t('adultLastDecision')}>
              {t('adultDecisionLine', {
                reason: decision.reason,
                by: decision.decidedBy ?? '-',
                date: formatKst(decision.decidedAt, { showTime: true }),
              })}
            </Fact>
          )}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
          <AdultFlagAction
            label="console.actions.flagAdult"
            confirm="console.creatorReview.flagAdultConfirm"
            color="warning"
            show={(record) => record['containAdultContent'] !== true}
            patch={{ containAdultContent: true }}
            done="console.done.adultFlagged"
          />
          <AdultFlagAction
            label="console.actions.clearAdult"
            confirm="console.creatorReview.clearAdultConfirm"
            show={(record) => record['containAdultContent'] === true && !record['adultClearRequestedAt']}
            patch={{ containAdultContent: false }}
            done="console.done.adultCleared"
          />
          <AdultClearanceDecisions />
        </Stack>
      </CardContent>
    </Card>
  );
}

function PayoutHistoryCard() {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
          {translate('resources.payout-account-changes.history')}
        </Typography>
        <CreatorPayoutHistory label="resources.payout-account-changes.history" />
      </CardContent>
    </Card>
  );
}

export const CreatorShow = (props: ShowProps) => (
  <Show
    {...props}
    actions={
      <TopToolbar sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        <CreatorDecisions />
        <PayoutAccountChangeAction />
      </TopToolbar>
    }
  >
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <CreatorApplication />
      <AdultFlagCard />
      <GradeChange />
      <BusinessRegistrationCard />
      <PayoutHistoryCard />
    </Box>
  </Show>
);
