// An OpenID Connect identity provider for the end-to-end tests, playing an Icelandic electronic-ID
// service: the well-kept `oidc-provider` (a third-party IdP, not code of ours) with its development
// sign-in pages, where any of the test people below signs in by name with any password. The app
// reaches it as a real provider: discovery, authorization code with PKCE, a signed ID token that
// carries the kennitala. The sandbox bank will play this part later (its own sign-in page).
//
//   IDP_PORT=… IDP_REDIRECT_URI=http://localhost:3100/api/auth/callback/eid \
//   IDP_CLIENT_ID=… IDP_CLIENT_SECRET=… tsx e2e/support/identity-provider.ts
import Provider, { type Configuration } from 'oidc-provider';

/** Test people by sign-in name: Jón and Anna have the demo PSUs' kennitölur; Sigga and Gunnar no account. */
const testPeople: Record<string, { name: string; nationalRegisterId?: string }> = {
  jon: { name: 'Jón Jónsson', nationalRegisterId: '0101302989' },
  anna: { name: 'Anna Sigurðardóttir', nationalRegisterId: '1203892039' },
  sigga: { name: 'Sigríður Prófadóttir', nationalRegisterId: '2411796449' },
  gunnar: { name: 'Gunnar Prófason', nationalRegisterId: '3108962099' },
  nokt: { name: 'Án Kennitölu' },
};

function configuration(client: { id: string; secret: string; redirectUri: string }): Configuration {
  return {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: [client.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    // As Auðkenni: the kennitala in `nationalRegisterId`, with the profile scope, in the ID token.
    claims: { openid: ['sub'], profile: ['name', 'nationalRegisterId'] },
    conformIdTokenClaims: false,
    cookies: { keys: ['e2e-identity-provider-cookie-key-0001'] },
    features: { devInteractions: { enabled: true } },
    // As an electronic-ID service: the person signs in, and is not asked to consent each time.
    async loadExistingGrant(ctx) {
      const { client, session, provider } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) return provider.Grant.find(grantId);
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid profile');
      grant.addOIDCClaims(['name', 'nationalRegisterId']);
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, id) {
      const person = testPeople[id];
      if (!person) return undefined;
      return {
        accountId: id,
        claims: async () => ({ sub: id, ...person }),
      };
    },
  };
}

const { IDP_PORT, IDP_REDIRECT_URI, IDP_CLIENT_ID, IDP_CLIENT_SECRET } = process.env;
if (!IDP_PORT || !IDP_REDIRECT_URI || !IDP_CLIENT_ID || !IDP_CLIENT_SECRET) {
  throw new Error('IDP_PORT, IDP_REDIRECT_URI, IDP_CLIENT_ID and IDP_CLIENT_SECRET are required');
}
const provider = new Provider(
  `http://127.0.0.1:${IDP_PORT}`,
  configuration({ id: IDP_CLIENT_ID, secret: IDP_CLIENT_SECRET, redirectUri: IDP_REDIRECT_URI }),
);
provider.listen(Number(IDP_PORT), '127.0.0.1');
