import Alert from '@mui/material/Alert';

/** The server's refusals of a submitted form, one line each, announced to screen readers; nothing when none. */
export function FailureAlert({ failures }: { failures: readonly string[] }) {
  if (failures.length === 0) return null;
  return (
    <Alert severity="error" role="alert">
      {failures.map((message) => (
        <div key={message}>{message}</div>
      ))}
    </Alert>
  );
}
