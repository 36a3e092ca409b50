import { z } from 'zod';
import {
  INVALID_OPTION,
  emailField,
  idParams,
  optionalText,
  recordId,
  requiredMessage,
  requiredText,
} from './common';
import { listQuery, paginatedResponse } from './lists';
import { defineRoute } from './route';
import { videoSchema } from './videos';

export const FUNERAL_FORM_SENT = 'Your form has been sent to the funeral home.';
export const FUNERAL_HOME_NOT_FOUND = 'Funeral home not found.';
export const FUNERAL_REQUEST_NOT_FOUND = 'Request not found.';
/** docs/product.md §13.5: the grant-access fallback when the e-mail could not be sent. */
export const GRANT_EMAIL_FAILED = 'Failed to send email!';
/** docs/product.md §13.5: the funeral home's publish confirmation and its success text. */
export const PUBLISH_QUESTION = 'Public Video?';
export const VIDEO_PUBLISHED = 'Video Published';
/** Grant access: the answers of type 1 (a funeral home) and type 0 (a person by e-mail). */
export const ACCESS_GRANTED_HOME = 'Access granted to the funeral home.';
export const ACCESS_GRANTED_PERSON = 'A private link to the video has been sent by e-mail.';
/** A request made by the form alone holds no video yet: nothing to watch or publish. */
export const REQUEST_HAS_NO_VIDEO = 'This request has no video yet.';
/** Publishing needs a running funeral-home plan (docs/product.md §6.8). */
export const PUBLISH_NEEDS_PLAN =
  'Publishing a video needs an active funeral-home plan. Please subscribe to a plan and try again.';

/**
 * A final message is published only after its author's passing: before its release the home may watch
 * it, and its publish answers 423 with this.
 */
export const PUBLISH_AFTER_PASSING =
  "This final message can be published only once its author's passing is confirmed.";
/** What a home's video page says instead of the 'Public Video' button while the message is sealed. */
export const PUBLISHABLE_ONCE_CONFIRMED =
  'You can watch this final message now. It can be published once its author’s passing is confirmed.';
/** The owner's revoke: its answer, and the refusal of a grant the home already published. */
export const ACCESS_REVOKED = 'Access revoked.';
export const GRANT_ALREADY_PUBLISHED =
  'This video has been published by the funeral home: access cannot be revoked.';
export const GRANT_NOT_FOUND = 'Grant not found.';

/** A listed funeral home, as the Funeral Home Form's directory shows it. */
export const funeralHomeItem = z.object({
  id: z.number(),
  home_name: z.string(),
  /** The home's e-mail: the Grant access form sends it as `email` with `type: 1`. */
  email: z.string(),
  address: z.string().nullable(),
  photo_path: z.string().nullable(),
  /**
   * The listed memorial pages this home looks after (docs/product.md §6.9), newest first; a page reachable
   * by its link only is never named here.
   */
  memorials: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type FuneralHomeItem = z.infer<typeof funeralHomeItem>;

/** A type or a location of service a home offers. */
export const funeralOption = z.object({ id: z.number(), name: z.string() });
export type FuneralOption = z.infer<typeof funeralOption>;

/** `?home_id=`: that listed home's offer; without it, the default set every home starts with. */
export const funeralOptionsQuery = z.object({
  home_id: z.coerce
    .number({ error: 'The home id must be a whole number.' })
    .int('The home id must be a whole number.')
    .positive('The home id must be a whole number.')
    .optional(),
});

/** A choice sent as a number or a select's string; missing or empty is the field's required message
 * (worded from the field's name, as every missing field of the API is). */
const choiceId = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: requiredMessage(label) })
      .int(INVALID_OPTION)
      .positive(INVALID_OPTION)
      .max(2_147_483_647, INVALID_OPTION),
  );

/** Optional free text; `null` from a client counts as not sent. */
const optionalLongText = z.preprocess((value) => (value === null ? undefined : value), optionalText(2000));

/** docs/product.md §13.4 funeral form, §13.6 required: funeral home (the path), type and location of service, speaker. */
export const funeralFormBody = z.object({
  /** The chosen home as the contract's form sends it: when present, it must be the home in the path. */
  user_id: z.coerce.number().int().optional(),
  service_id: choiceId('service id'),
  location_id: choiceId('location id'),
  speaker: requiredText('speaker', 2000),
  music: optionalLongText,
  additional_requests: optionalLongText,
  specific_rituals: optionalLongText,
  specific_requests: optionalLongText,
});
export type FuneralFormBody = z.output<typeof funeralFormBody>;

/** The video a granting person handed over (filled by the grant-access step; null until then). */
export const funeralRequestVideo = z.object({ id: z.number() }).nullable();

/** docs/product.md §13.4 grant-access payload: `type` 1 a funeral home (its e-mail from the directory), 0 a person. */
const GRANT_TYPE_MESSAGE = 'The type must be 1 (funeral home) or 0 (another person).';
export const grantAccessBody = z.object({
  /** 1 or 0, as a number or a form's string; anything else (`null`, `''`, `false`, `[]`) is not a type,
   * though coercion alone would read it as 0. */
  type: z.preprocess(
    (value) =>
      typeof value === 'number' || (typeof value === 'string' && value.trim() !== '') ? value : undefined,
    z.coerce
      .number({ error: GRANT_TYPE_MESSAGE })
      .refine((value): value is 0 | 1 => value === 0 || value === 1, { message: GRANT_TYPE_MESSAGE }),
  ),
  email: emailField,
});
export type GrantAccessBody = z.output<typeof grantAccessBody>;

/** What a grant created: the home's request (type 1) or the e-mailed person (type 0). */
export const grantAccessResult = z.object({
  type: z.union([z.literal(0), z.literal(1)]),
  email: z.string(),
  /** The user request at the home (type 1); null for type 0. */
  request_id: z.number().nullable(),
});

/**
 * Who made a grant or sent a request once their account is deleted: the grant and the request outlive it
 * (someone's consent is not erased with another's account), the person no longer named.
 */
export const ACCOUNT_DELETED_PERSON = 'a family member (account deleted)';

/** A row of the funeral home's user requests. */
export const funeralRequestItem = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  created_at: z.string(),
  video: funeralRequestVideo,
  /** Whether the family's Funeral Home Form came with it (a grant alone makes a request without one). */
  has_form: z.boolean(),
  /** When the home published the video; null until then. */
  published_at: z.string().nullable(),
});
export type FuneralRequestItem = z.infer<typeof funeralRequestItem>;

/**
 * docs/product.md §13.4 "User request (funeral side)": the request with the family's form. A request a grant made
 * before any form was sent has `funeralPreferences` and `speaker` null (`has_form` false).
 */
export const funeralRequestDetail = funeralRequestItem.extend({
  funeralPreferences: z.object({ typeOfService: funeralOption, locationOfService: funeralOption }).nullable(),
  speaker: z.string().nullable(),
  music: z.string().nullable(),
  additional_requests: z.string().nullable(),
  specific_requests: z.string().nullable(),
  specific_rituals: z.string().nullable(),
});
export type FuneralRequestDetail = z.infer<typeof funeralRequestDetail>;

export const funeralRequestSortColumns = ['created_at'] as const;
/** `GET /web/funeral-home/connection{query}`: the list kit's query, newest first. */
export const funeralRequestListQuery = listQuery(funeralRequestSortColumns, 'created_at');
export type FuneralRequestListQuery = z.output<typeof funeralRequestListQuery>;

/** The video of a home's request, and whether it still waits for its author's passing to be published. */
export const requestVideoSchema = videoSchema.extend({
  /** A final message not yet released: the home may watch it, publishing answers 423 until then. */
  awaiting_release: z.boolean(),
});
export type RequestVideo = z.infer<typeof requestVideoSchema>;

/** Who a grant went to: a funeral home (a user request there) or a person (an e-mailed watch link). */
export const grantKinds = ['funeral-home', 'person'] as const;
export type GrantKind = (typeof grantKinds)[number];

/** One grant of access to a video, as its owner sees it. */
export const accessGrant = z.object({
  /** `home-{n}` or `person-{n}`: the two kinds are kept apart, so the id names its kind. */
  id: z.string(),
  kind: z.enum(grantKinds),
  /** The home's name; null for a person (known by their e-mail). */
  name: z.string().nullable(),
  email: z.string(),
  /** Who granted it: the owner, or someone who opened the final message with its access code. */
  granted_by: z.string(),
  granted_at: z.string(),
  /** When the home published the video (then it can no longer be revoked); always null for a person. */
  published_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  revocable: z.boolean(),
});
export type AccessGrant = z.infer<typeof accessGrant>;

/** `/web/user/video/{id}/grants/{grant_id}/revoke`: the video's id and the grant's (`home-12`, `person-3`). */
export const grantParams = z.object({ id: recordId, grant_id: z.string().max(40) });

/** The calls of the funeral-homes module (docs/product.md §8, §13.2 paths, `sevices` spelled so). */
export const funeralHomeRoutes = {
  homes: defineRoute({
    method: 'GET',
    path: '/web/user/funeral-video/funeral-homes',
    tag: 'Funeral homes',
    summary: 'Funeral homes a user may send the form to: active, holding a running funeral-home plan',
    access: ['user'],
    response: z.object({ data: z.array(funeralHomeItem) }),
  }),
  services: defineRoute({
    method: 'GET',
    path: '/web/user/funeral-video/sevices',
    tag: 'Funeral homes',
    summary: 'Types of service (of a listed home with home_id; the default set without)',
    access: ['user'],
    query: funeralOptionsQuery,
    response: z.object({ data: z.array(funeralOption) }),
  }),
  locations: defineRoute({
    method: 'GET',
    path: '/web/user/funeral-video/locations',
    tag: 'Funeral homes',
    summary: 'Locations of service (of a listed home with home_id; the default set without)',
    access: ['user'],
    query: funeralOptionsQuery,
    response: z.object({ data: z.array(funeralOption) }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/web/user/funeral-video/:id/create',
    tag: 'Funeral homes',
    summary: 'Send the Funeral Home Form to a listed home (a double click answers the same request)',
    access: ['user'],
    params: idParams,
    body: funeralFormBody,
    status: 201,
    response: z.object({ message: z.string(), data: funeralRequestDetail }),
  }),
  requests: defineRoute({
    method: 'GET',
    path: '/web/funeral-home/connection',
    tag: 'Funeral homes',
    summary: "The home's user requests, newest first, paged",
    access: ['funeral-home'],
    query: funeralRequestListQuery,
    response: paginatedResponse(funeralRequestItem),
  }),
  grantAccess: defineRoute({
    method: 'POST',
    path: '/web/user/video/:id/grant-access',
    tag: 'Funeral homes',
    summary:
      'Grant access to a video its caller may see (owner, or opened by access code): type 1 a listed ' +
      'funeral home by its e-mail (a user request), type 0 a person by e-mail (a private watch link)',
    access: ['user'],
    params: idParams,
    body: grantAccessBody,
    response: z.object({ message: z.string(), data: grantAccessResult }),
  }),
  requestVideo: defineRoute({
    method: 'GET',
    path: '/web/funeral-home/connection/:id/video',
    tag: 'Funeral homes',
    summary:
      "The video of one of the home's user requests, at signed, expiring URLs, and whether it waits for " +
      "its author's passing to be published",
    access: ['funeral-home'],
    params: idParams,
    response: z.object({ data: requestVideoSchema }),
  }),
  publish: defineRoute({
    method: 'POST',
    path: '/web/funeral-home/connection/:id/publish',
    tag: 'Funeral homes',
    summary:
      "Publish a request's video ('Video Published'): public, findable by its search code, in the reel; " +
      "needs a running funeral-home plan; a final message only once released (423 before its author's passing)",
    access: ['funeral-home'],
    params: idParams,
    response: z.object({ message: z.string(), data: funeralRequestDetail }),
  }),
  request: defineRoute({
    method: 'GET',
    path: '/web/funeral-home/connection/:id',
    tag: 'Funeral homes',
    summary: 'One user request of the home with its form',
    access: ['funeral-home'],
    params: idParams,
    response: z.object({ data: funeralRequestDetail }),
  }),
  grants: defineRoute({
    method: 'GET',
    path: '/web/user/video/:id/grants',
    tag: 'Funeral homes',
    summary:
      'Who holds access to one of my videos: the funeral homes and people it was granted to, newest first, ' +
      'with the dates granted, published and revoked',
    access: ['user'],
    params: idParams,
    response: z.object({ data: z.array(accessGrant) }),
  }),
  revokeGrant: defineRoute({
    method: 'POST',
    path: '/web/user/video/:id/grants/:grant_id/revoke',
    tag: 'Funeral homes',
    summary:
      "Take back a grant of one of my videos: the home's request no longer holds it, the person's link " +
      'opens nothing; a published grant cannot be revoked (422); revoking again answers the same',
    access: ['user'],
    params: grantParams,
    response: z.object({ message: z.string(), data: accessGrant }),
  }),
};
