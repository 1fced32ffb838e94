/** A way on from an alert besides OK: a button that opens a page of the app. */
export interface AlertAction {
  label: string;
  to: string;
}
