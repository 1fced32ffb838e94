import { WON_PER_COIN } from '@fanmission/contracts';
import { Alert, Box, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { currentSession } from '../auth';

/*
 * What a console action that moves coins or money says before it runs: who it is for, how much (coins and their
 * money), what happens next, and whether a second staff member must approve it first (services/src/approvals).
 */

/** An amount in a currency's minor unit (won, cents) as the locale writes money: ₩1,000, US$0.72. */
export function formatMinorUnits(amount: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 0;
  return format.format(amount / 10 ** digits);
}

/**
 * When the action waits in the approval queue: always, or when it would take the member's daily total past the
 * server's limit in won (cancels and refunds; bank deposits confirmed) or in free coins (grants).
 */
export type ApprovalRule = 'always' | 'aboveWon' | 'aboveBonusCoins' | 'aboveDepositWon';

export interface MoneyFacts {
  /** The member or creator, as the operator knows him (name, e-mail, account). */
  who: string;
  coins: number;
  /** The money in its currency's minor unit (won); by default the coins' worth in won (`WON_PER_COIN`). */
  money?: { amount: number; currency: string };
  /** Where the money goes, when it is an account finance sends it to (bank, number, holder). */
  account?: string;
  /** i18n key of what happens next. */
  next: string;
  nextArgs?: Record<string, unknown>;
  approval?: ApprovalRule;
}

/** The facts' amount as the console writes numbers: "1,000코인 (₩100,000)". */
export function useMoneyText(): (facts: Pick<MoneyFacts, 'coins' | 'money'>) => string {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return ({ coins, money }) =>
    translate('console.confirm.amount', {
      coins: new Intl.NumberFormat(locale).format(coins),
      money: formatMinorUnits(money?.amount ?? coins * WON_PER_COIN, money?.currency ?? 'KRW', locale),
    });
}

/** The facts inside a confirmation dialog, above its buttons (and its reason field where it asks for one). */
/** The server's approval limit for the rule, as the console writes amounts (null when the session does not say). */
function useLimitText(): (rule: Exclude<ApprovalRule, 'always'>) => string | null {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (rule) => {
    const limits = currentSession()?.approvalLimits;
    if (!limits) return null;
    if (rule === 'aboveWon') return formatMinorUnits(limits.aboveWon, 'KRW', locale);
    if (rule === 'aboveDepositWon') return formatMinorUnits(limits.bankDepositAboveWon, 'KRW', locale);
    return translate('console.confirm.coins', {
      coins: new Intl.NumberFormat(locale).format(limits.bonusGrantAboveCoins),
    });
  };
}

export function MoneySummary({ facts }: { facts: MoneyFacts }) {
  const translate = useTranslate();
  const amount = useMoneyText();
  const limitText = useLimitText();
  const limit = facts.approval && facts.approval !== 'always' ? limitText(facts.approval) : null;
  return (
    <Box sx={{ mb: 1 }}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
        <Typography component="dt" variant="body2" color="text.secondary">
          {translate('console.confirm.who')}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
          {facts.who}
        </Typography>
        <Typography component="dt" variant="body2" color="text.secondary">
          {translate('console.confirm.amountLabel')}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
          {amount(facts)}
        </Typography>
        {facts.account && (
          <>
            <Typography component="dt" variant="body2" color="text.secondary">
              {translate('console.confirm.account')}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
              {facts.account}
            </Typography>
          </>
        )}
      </Box>
      <Typography variant="body2" sx={{ mt: 1.5 }}>
        {translate(facts.next, facts.nextArgs)}
      </Typography>
      {facts.approval && (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          {facts.approval === 'always'
            ? translate('console.confirm.approvalAlways')
            : limit
              ? translate('console.confirm.approvalAboveLimitOf', { limit })
              : translate('console.confirm.approvalAboveLimit')}
        </Alert>
      )}
    </Box>
  );
}
