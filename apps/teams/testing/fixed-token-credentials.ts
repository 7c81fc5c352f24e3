import { ServiceClientCredentialsFactory } from 'botframework-connector';

type Signable = { headers: { set(name: string, value: string): void } };

/**
 * Outgoing credentials for tests: every Bot Connector call carries `Bearer <token>`, where the
 * real factory would fetch one from Microsoft Entra ID (not reachable here). The audience of
 * incoming tokens is still checked: only `appId` is a valid app id.
 */
export class FixedTokenCredentialsFactory extends ServiceClientCredentialsFactory {
  constructor(
    private readonly appId: string,
    private readonly token: string,
  ) {
    super();
  }

  isValidAppId(appId: string): Promise<boolean> {
    return Promise.resolve(appId === this.appId);
  }

  isAuthenticationDisabled(): Promise<boolean> {
    return Promise.resolve(false);
  }

  createCredentials(): Promise<{ signRequest<T extends Signable>(request: T): Promise<T> }> {
    const token = this.token;
    return Promise.resolve({
      signRequest<T extends Signable>(request: T): Promise<T> {
        request.headers.set('Authorization', `Bearer ${token}`);
        return Promise.resolve(request);
      },
    });
  }
}
