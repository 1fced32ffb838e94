import type { MerchantCode, PaymentProviderName, ProviderPayMethod } from '@fanmission/contracts';
import { ConfigError, type AppConfig } from '../../config';
import type { ServiceContext } from '../../context';
import { payPalProvider } from './paypal';
import { portOneProvider } from './portone';
import type { PaymentProvider } from './provider';
import { sandboxProvider } from './sandbox';

/** The merchant code the sandbox hands the client in place of a PortOne store id. */
export const SANDBOX_MERCHANT_CODE = 'imp-sandbox';

export interface PaymentProviders {
  /** The provider that charges a pay method now, or null when none is configured (production without keys). */
  forPayMethod(payMethod: ProviderPayMethod): PaymentProvider | null;
  /** The provider an existing order was created with, if it is still configured. */
  byName(name: PaymentProviderName): PaymentProvider | null;
  /** What GET /payment/imp-code answers; null when the card provider has no merchant code. */
  merchantCode(): MerchantCode | null;
  /** PortOne's browser SDK parameters. */
  portOneCheckout(): { storeId: string | null; channelKey: string | null };
}

export function cardProviderName(config: AppConfig): 'sandbox' | 'portone' | null {
  if (config.PAYMENT_CARD_PROVIDER) return config.PAYMENT_CARD_PROVIDER;
  if (config.PORTONE_API_SECRET) return 'portone';
  return config.isProduction ? null : 'sandbox';
}

export function payPalProviderName(config: AppConfig): 'sandbox' | 'paypal' | null {
  if (config.PAYMENT_PAYPAL_PROVIDER) return config.PAYMENT_PAYPAL_PROVIDER;
  if (config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET) return 'paypal';
  return config.isProduction ? null : 'sandbox';
}

function required(config: AppConfig, variable: keyof AppConfig, because: string): string {
  const value = config[variable];
  if (typeof value !== 'string' || value === '') throw new ConfigError(variable, `is required ${because}`);
  return value;
}

function buildProviders(ctx: ServiceContext): PaymentProviders {
  const { config } = ctx;
  const card = cardProviderName(config);
  const paypal = payPalProviderName(config);
  const timeoutMs = config.PAYMENT_PROVIDER_TIMEOUT_MS;
  const providers = new Map<PaymentProviderName, PaymentProvider>();
  if (card === 'sandbox' || paypal === 'sandbox') {
    providers.set('sandbox', sandboxProvider({ db: ctx.db, publicUrl: config.PUBLIC_URL, now: ctx.now }));
  }
  if (card === 'portone') {
    providers.set(
      'portone',
      portOneProvider({
        baseUrl: config.PORTONE_API_URL,
        apiSecret: required(config, 'PORTONE_API_SECRET', 'when the card provider is portone'),
        ...(config.PORTONE_STORE_ID && { storeId: config.PORTONE_STORE_ID }),
        timeoutMs,
      }),
    );
  }
  if (paypal === 'paypal') {
    providers.set(
      'paypal',
      payPalProvider({
        baseUrl: config.PAYPAL_API_URL,
        clientId: required(config, 'PAYPAL_CLIENT_ID', 'when the PayPal provider is paypal'),
        clientSecret: required(config, 'PAYPAL_CLIENT_SECRET', 'when the PayPal provider is paypal'),
        defaultReturnUrl: `${config.PUBLIC_URL}/coin-history`,
        timeoutMs,
        ...(config.PAYPAL_WEBHOOK_ID && { webhookId: config.PAYPAL_WEBHOOK_ID }),
        now: ctx.now,
      }),
    );
  }
  const named = (name: PaymentProviderName | null) => (name ? (providers.get(name) ?? null) : null);
  return {
    forPayMethod: (payMethod) => named(payMethod === 'paypal' ? paypal : card),
    byName: (name) => named(name),
    merchantCode() {
      if (card === 'sandbox') {
        return { impCode: SANDBOX_MERCHANT_CODE, provider: 'sandbox', storeId: null, channelKey: null };
      }
      if (card === 'portone' && config.PORTONE_STORE_ID) {
        const channelKey = config.PORTONE_CHANNEL_KEY ?? null;
        return { impCode: config.PORTONE_STORE_ID, provider: 'portone', storeId: config.PORTONE_STORE_ID, channelKey };
      }
      return null;
    },
    portOneCheckout: () => ({
      storeId: config.PORTONE_STORE_ID ?? null,
      channelKey: config.PORTONE_CHANNEL_KEY ?? null,
    }),
  };
}

const built = new WeakMap<ServiceContext, PaymentProviders>();

/**
 * The app's providers, built once per app from its configuration: a missing secret of a selected provider stops
 * start-up with the variable's name.
 */
export function paymentProvidersFor(ctx: ServiceContext): PaymentProviders {
  let providers = built.get(ctx);
  if (!providers) {
    providers = buildProviders(ctx);
    built.set(ctx, providers);
  }
  return providers;
}
