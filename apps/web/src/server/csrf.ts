import type { MiddlewareHandler } from 'hono';
import type { SessionEnv } from './session';
import { sameText } from './signing';

export const CSRF_FIELD = '_csrf';
export const CSRF_HEADER = 'x-csrf-token';

export type FormFields = Record<string, string | string[]>;
export type FormEnv = SessionEnv & { Variables: { form: FormFields } };

export const FORGED_TEXT =
  'This form could not be verified (it expired, or another site sent it). Reload the page and try again.';

/**
 * Every state-changing request must carry the browser's CSRF token, in the form (`_csrf`) or in
 * the `X-CSRF-Token` header htmx sends; anything else is refused with 403. The parsed form is
 * left in `form` for the handler.
 */
export function csrfProtection(): MiddlewareHandler<FormEnv> {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const form = await readForm(c.req.raw);
    c.set('form', form);
    const sent = c.req.header(CSRF_HEADER) ?? field(form, CSRF_FIELD);
    if (!sameText(sent, c.get('session').csrf)) return c.text(FORGED_TEXT, 403);
    return next();
  };
}

/** One value of a form field ('' when absent); the first of several. */
export function field(form: FormFields, name: string): string {
  const value = form[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

async function readForm(request: Request): Promise<FormFields> {
  const type = request.headers.get('content-type') ?? '';
  if (
    !type.startsWith('application/x-www-form-urlencoded') &&
    !type.startsWith('multipart/form-data')
  ) {
    return {};
  }
  const form: FormFields = {};
  for (const [name, value] of (await request.formData()).entries()) {
    if (typeof value !== 'string') continue;
    const known = form[name];
    form[name] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
  }
  return form;
}
