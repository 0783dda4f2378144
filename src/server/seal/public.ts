/**
 * What other areas of the server may use of the seal: the signer of outcome documents' seals, the holder's
 * initials a seal carries, and the reader of credential settings (PEM or JSON, inline or a file's path).
 */
export { loadSealSigner, SEAL_SETTINGS, sealIssuerCountry, type SealSigner, type SealSignerOptions } from './signer';
export { holderInitials } from './initials';
export { credentialSetting, type CredentialKind } from './credential-setting';
