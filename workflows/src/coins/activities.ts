// The activities of the coin expiry workflow. Their implementation lives in services (`coins/expiry-activities.ts`:
// it writes the ledger) and is handed to the worker; the workflow imports only these types, as for missions.

export interface CoinExpiryResult {
  /** The Korea-time date of the run. */
  date: string;
  /** Lots whose expiry is at or before this instant were expired. */
  asOf: string;
  /** One EXPIRY transaction per wallet, including those of an earlier attempt of the same date. */
  transactionIds: number[];
  coins: number;
}

export interface CoinActivities {
  /**
   * Expires every lot whose 5 years are over as of the start of `date` in Korea, under the ledger key
   * `expiry:<date>`: a retry, or a second run of the same date, expires nothing more and reports the same.
   */
  expireCoinLotsOfDate(input: { date: string }): Promise<CoinExpiryResult>;
}

export interface CoinExpiryWarningResult {
  /** The Korea-time date of the run. */
  date: string;
  /** Warnings recorded by this run (a lot and a threshold each); 0 when a retry finds them all done. */
  warned: number;
  /** E-mails sent by this run (including those an earlier attempt recorded but could not send). */
  mailed: number;
}

export interface CoinWarningActivities {
  /**
   * Warns every fan a lot of whose coins expires within 30 or within 7 days of the start of `date` in Korea: a
   * notification and an e-mail, once per lot and threshold however often it runs.
   */
  warnExpiringCoinsOfDate(input: { date: string }): Promise<CoinExpiryWarningResult>;
}
