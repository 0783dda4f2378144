import { ConfigError } from '../lib/env';
import type { PaymentProviderDefinition } from './provider';
import { sandboxProvider } from './sandbox/provider';

/** Every payment provider the API can use, chosen by PAYMENT_PROVIDER. Adding one is one file and one line here. */
export const paymentProviders: PaymentProviderDefinition[] = [sandboxProvider];

/** The provider called `name`, or a configuration error naming the ones there are. */
export function providerNamed(name: string): PaymentProviderDefinition {
  const found = paymentProviders.find((provider) => provider.name === name);
  if (!found) {
    throw new ConfigError(
      `PAYMENT_PROVIDER must be one of ${paymentProviders.map((p) => p.name).join(', ')}, got "${name}"`,
    );
  }
  return found;
}
