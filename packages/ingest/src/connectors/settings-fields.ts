import { z } from 'zod';

/** An http(s) URL setting (a real site is https; the local fakes in tests are http). */
export const httpUrl = z
  .string()
  .url()
  .refine((url) => /^https?:\/\//i.test(url), 'must be an http(s) URL');

/** The name of the environment variable holding a secret (the secret is never stored). */
export const variableName = z
  .string()
  .regex(/^[A-Z_][A-Z0-9_]*$/, 'the name of an environment variable');
