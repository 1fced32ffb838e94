// The public surface of `money-out`: the one rule of how money leaves the platform (docs/rules/money-out.md). Other
// modules import only this file.
export {
  chargesOf,
  destinationFor,
  type ChargeCoins,
  type ChargeRoute,
  type ChargesTaken,
  type StoredDestination,
} from './rules';
export { bankHolderOf, requireHeldByMember, type AccountHolderMatch } from './account-holder';
export {
  PAYEE_REFUSAL_MESSAGES,
  payeeAccountRefusal,
  payeeAccountRefusals,
  payToVerifications,
  type PayeeAccountFacts,
  type PayToVerification,
} from './payee-account';
