import { randomBytes, randomUUID } from 'node:crypto';

export type TokenAnswer =
  | {
      status: 200;
      body: {
        token_type: 'Bearer';
        expires_in: number;
        ext_expires_in: number;
        access_token: string;
      };
    }
  | { status: 400 | 401; body: Record<string, unknown> };

/**
 * The Microsoft identity platform's answer to a client-credentials token request with a client
 * secret, in its shapes: a bearer token, or an `AADSTS` error (an unknown tenant or client is
 * 400, a wrong secret 401 `invalid_client`).
 */
export function answerTokenRequest(input: {
  tenant: string;
  form: URLSearchParams;
  expected: { tenantId: string; clientId: string; clientSecret: string };
  /** Scopes accepted (Graph's `/.default`). */
  scopes: readonly string[];
}): TokenAnswer {
  const { form, expected } = input;
  if (input.tenant !== expected.tenantId) {
    return refusal(
      400,
      'invalid_request',
      90002,
      `Tenant '${input.tenant}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.`,
    );
  }
  if (form.get('grant_type') !== 'client_credentials') {
    return refusal(
      400,
      'unsupported_grant_type',
      70003,
      'The app requested an unsupported grant type.',
    );
  }
  if (form.get('client_id') !== expected.clientId) {
    return refusal(
      400,
      'unauthorized_client',
      700016,
      `Application with identifier '${form.get('client_id') ?? ''}' was not found in the directory '${expected.tenantId}'.`,
    );
  }
  if (!input.scopes.includes(form.get('scope') ?? '')) {
    return refusal(
      400,
      'invalid_scope',
      1002012,
      `The provided value for scope ${form.get('scope') ?? ''} is not valid.`,
    );
  }
  if (form.get('client_secret') !== expected.clientSecret) {
    return refusal(
      401,
      'invalid_client',
      7000215,
      `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${expected.clientId}'.`,
    );
  }
  return {
    status: 200,
    body: {
      token_type: 'Bearer',
      expires_in: 3599,
      ext_expires_in: 3599,
      access_token: `eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.${randomBytes(24).toString('base64url')}`,
    },
  };
}

function refusal(
  status: 400 | 401,
  error: string,
  code: number,
  message: string,
): { status: 400 | 401; body: Record<string, unknown> } {
  const traceId = randomUUID();
  const correlationId = randomUUID();
  const timestamp = new Date().toISOString().replace('T', ' ');
  return {
    status,
    body: {
      error,
      error_description: `AADSTS${code}: ${message} Trace ID: ${traceId} Correlation ID: ${correlationId} Timestamp: ${timestamp}`,
      error_codes: [code],
      timestamp,
      trace_id: traceId,
      correlation_id: correlationId,
      error_uri: `https://login.microsoftonline.com/error?code=${code}`,
    },
  };
}
