/**
 * What other areas of the server may use of the wallets: the configured wallet providers and what a pass is made
 * of (the wallet-link route makes the pass, the link, and serves Apple's .pkpass files).
 */
export { configuredWallets, walletProviders, WALLET_SETTING_NAMES } from './providers';
export type { WalletLinkContext, WalletPass, WalletProvider } from './provider';
