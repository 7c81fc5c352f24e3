import { z } from 'zod';

/**
 * The parts of Microsoft Graph's answers the SharePoint connector reads, checked at the edge.
 * Unknown properties are dropped: Graph adds them freely, and only these are relied on.
 */

/** A driveItem as `/root/delta` returns it: a deleted one may lack its name (OneDrive for Business). */
export const driveItemSchema = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  webUrl: z.string().optional(),
  eTag: z.string().optional(),
  /** The content tag: changes only with the content; delta leaves it out in SharePoint. */
  cTag: z.string().optional(),
  size: z.number().optional(),
  lastModifiedDateTime: z.string().optional(),
  /** Delta gives the parent's id, not its path (renaming a folder does not resend its children). */
  parentReference: z.object({ id: z.string().optional() }).optional(),
  file: z.object({ mimeType: z.string().optional() }).optional(),
  folder: z.object({ childCount: z.number().optional() }).optional(),
  root: z.object({}).optional(),
  deleted: z.object({ state: z.string().optional() }).optional(),
});

export type DriveItem = z.infer<typeof driveItemSchema>;

/** One page of a delta: items, and either the next page or the link for the next run. */
export const deltaPageSchema = z.object({
  value: z.array(driveItemSchema),
  '@odata.nextLink': z.string().url().optional(),
  '@odata.deltaLink': z.string().url().optional(),
});

export const siteSchema = z.object({ id: z.string().min(1), webUrl: z.string().optional() });

export const driveSchema = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  webUrl: z.string().optional(),
});

export const drivesSchema = z.object({ value: z.array(driveSchema) });

/** An identitySet: who a permission is granted to. */
const identitySchema = z
  .object({
    id: z.string().optional(),
    displayName: z.string().optional(),
    loginName: z.string().optional(),
    email: z.string().optional(),
  })
  .nullish();

const identitySetSchema = z.object({
  user: identitySchema,
  group: identitySchema,
  application: identitySchema,
  device: identitySchema,
  siteUser: identitySchema,
  siteGroup: identitySchema,
});

/** A sharing permission on a driveItem; `inheritedFrom` is set when it comes from an ancestor. */
export const permissionSchema = z.object({
  id: z.string().optional(),
  roles: z.array(z.string()).optional(),
  grantedTo: identitySetSchema.nullish(),
  grantedToV2: identitySetSchema.nullish(),
  grantedToIdentities: z.array(identitySetSchema).nullish(),
  grantedToIdentitiesV2: z.array(identitySetSchema).nullish(),
  link: z.object({ scope: z.string().optional(), type: z.string().optional() }).nullish(),
  inheritedFrom: z
    .object({
      id: z.string().optional(),
      driveId: z.string().optional(),
      path: z.string().optional(),
    })
    .nullish(),
});

export type Permission = z.infer<typeof permissionSchema>;

export const permissionsSchema = z.object({ value: z.array(permissionSchema) });

/** Graph's error body: `{ error: { code, message } }`. */
export const graphErrorSchema = z.object({
  error: z.object({ code: z.string().optional(), message: z.string().optional() }),
});
