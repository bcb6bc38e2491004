import { ID_TOKEN_ALG } from './keys.js';

/** Where the provider lives under the bank's public URL; its issuer identifier is `{publicUrl}/idp`. */
export const IDP_PATH = '/idp';

export const issuerOf = (publicUrl: string) => `${publicUrl}${IDP_PATH}`;

export const SCOPES = ['openid', 'profile', 'email'] as const;

/** OpenID Connect Discovery 1.0 metadata, served at `{issuer}/.well-known/openid-configuration`. */
export function openidConfiguration(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${issuer}/jwks`,
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [ID_TOKEN_ALG],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    code_challenge_methods_supported: ['S256'],
    claims_supported: [
      'sub',
      'iss',
      'aud',
      'exp',
      'iat',
      'auth_time',
      'nonce',
      'name',
      'nationalRegisterId',
      'email',
      'email_verified',
    ],
    prompt_values_supported: ['none', 'login'],
    ui_locales_supported: ['is', 'en'],
    claims_parameter_supported: false,
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
    authorization_response_iss_parameter_supported: true,
  };
}
