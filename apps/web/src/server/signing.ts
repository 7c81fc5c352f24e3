import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `value` under `secret`, base64url. */
export function sign(secret: Buffer, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

/** Whether two strings are equal, in time that does not depend on where they differ. */
export function sameText(a: string, b: string): boolean {
  // Equal-length digests: comparing them leaks neither the content nor the length.
  const digest = (text: string) => createHmac('sha256', 'compare').update(text).digest();
  return timingSafeEqual(digest(a), digest(b)) && a.length === b.length;
}

/** A random id for a browser or a thread, base64url. */
export function randomId(bytes = 18): string {
  return randomBytes(bytes).toString('base64url');
}
