import type { Env } from '../lib/env';
import { appleWallet } from './apple-wallet';
import { googleWallet } from './google-wallet';
import type { WalletProvider, WalletProviderDefinition } from './provider';

/** Every wallet the API can make passes for. Adding one is one file and one line here. */
export const walletProviders: WalletProviderDefinition[] = [appleWallet, googleWallet];

/** The environment variables of every wallet. */
export const WALLET_SETTING_NAMES: readonly string[] = walletProviders.flatMap((definition) => definition.settings);

/** The wallets whose credentials are configured, each switched on by its own settings; [] when none is. */
export function configuredWallets(env: Env): WalletProvider[] {
  return walletProviders
    .map((definition) => definition.configure(env))
    .filter((provider): provider is WalletProvider => provider !== undefined);
}
