import { startIdentityVerification } from './api';

/** The query parameter an identity check comes back with (PortOne's redirect and the sandbox's). */
export const IDENTITY_RETURN_PARAM = 'identityVerificationId';

/** This page without an identity check's return parameters: where the check comes back to. */
export function pageWithoutIdentityReturn(href: string): URL {
  const url = new URL(href);
  for (const name of [IDENTITY_RETURN_PARAM, 'identityVerificationTxId', 'code', 'message', 'pgCode', 'pgMessage']) {
    url.searchParams.delete(name);
  }
  return url;
}

/**
 * Runs an identity check (본인인증) for the member: PortOne's window through its browser SDK (loaded only now), or the
 * sandbox's page. Either comes back to this page with `?identityVerificationId=…`; PortOne's popup may instead
 * answer here, and then the page goes to that same address itself. The server reads the result from the provider.
 */
export async function runIdentityCheck(): Promise<void> {
  const back = pageWithoutIdentityReturn(window.location.href);
  const started = await startIdentityVerification({ redirectUrl: back.toString() });
  if (started.provider === 'sandbox' && started.sandboxUrl) {
    window.location.assign(started.sandboxUrl);
    return;
  }
  const { requestIdentityVerification } = await import('@portone/browser-sdk/v2');
  const response = await requestIdentityVerification({
    storeId: started.storeId ?? '',
    ...(started.channelKey && { channelKey: started.channelKey }),
    identityVerificationId: started.identityVerificationId,
    redirectUrl: back.toString(),
  });
  if (!response) return; // PortOne took the browser to its page; it comes back to `back`
  back.searchParams.set(IDENTITY_RETURN_PARAM, response.identityVerificationId || started.identityVerificationId);
  if (response.code) back.searchParams.set('code', response.code);
  window.location.assign(back.toString());
}
