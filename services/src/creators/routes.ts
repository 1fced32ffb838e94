import {
  BANK_FIELDS,
  PAYOUT_LOCATION_FIELDS,
  creatorIdParamsSchema,
  creatorPageSchema,
  creatorRankingSchema,
  creatorUrlParamsSchema,
  fileEntrySchema,
  myCreatorSchema,
  noContentSchema,
  updateCreatorRequestSchema,
  uploadedFileBodySchema,
} from '@fanmission/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { limitPasswordChecksPerCaller, type RateLimits, requireCaller } from '../auth';
import {
  closeConnectionOnFailure,
  DEFAULT_UPLOAD_QUOTA,
  fileEntry,
  largestAllowedBytes,
  multipartFileBody,
  readFilePart,
  type StorageDriver,
  streamedBodyValidator,
  withinUploadQuota,
} from '../files';
import { errorResponses } from '../http';
import { creatorCapacityRoutes } from './capacity-routes';
import { creatorRanking } from './ranking';
import * as creators from './service';

/** A save carrying the bank account group checks the account's password. */
const savesBankAccount = (request: FastifyRequest) => {
  const body = request.body as Record<string, unknown> | undefined;
  return [...BANK_FIELDS, ...PAYOUT_LOCATION_FIELDS].some((field) => body?.[field] !== undefined);
};

/** The creator page, the profile editor's save, custom-mission settings, bank account and intro media. */
export async function creatorRoutes(app: FastifyInstance, options: { storage: StorageDriver; rateLimits: RateLimits }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  await creatorCapacityRoutes(app);
  const tags = ['creators'];
  /** A token is optional: the owner sees an unverified creator and the business fields. */
  const security: Record<string, string[]>[] = [{ bearerAuth: [] }, {}];
  const pageDescription =
    'The creator page: every creator field, exact `followerCount` and `likeCount` (likes summed over the ' +
    'creator’s missions) and `eventProduct`, the creator’s current lottery event product (the ongoing one, else ' +
    'the newest not cancelled). Its `tags` are named in the caller’s language where the operators wrote one, else ' +
    'in Korean. A creator that is not verified yet is 404 for everybody but its owner and operators. Business fields are ' +
    'null except for the owner and operators.';

  routes.get(
    '/creators/me',
    {
      schema: {
        tags,
        summary: 'The caller’s own creator, with bank account and newbie flags',
        description:
          'Every creator field unmasked, the account e-mail, `bankName`, `bankAccountHolder`, `bankAccountNumber` ' +
          'and `newbie` (what /newbie-creator-mypage shows: basic info done = profile image and at least one tag; ' +
          'event done = an EVENT product exists; mission done = an active BASIC or LUCKY product exists). ' +
          '404 for an account without a creator.',
        security: [{ bearerAuth: [] }],
        response: { 200: myCreatorSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => creators.myCreator(app.ctx, requireCaller(request)),
  );

  routes.get(
    '/creators/by-url/:url',
    {
      schema: {
        tags,
        summary: 'A creator page by custom URL',
        description: `${pageDescription} The URL is matched ignoring case.`,
        security,
        params: creatorUrlParamsSchema,
        response: { 200: creatorPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => creators.creatorPage(app.ctx, request.caller, { url: request.params.url }, request.language),
  );

  routes.get(
    '/creators/:id',
    {
      schema: {
        tags,
        summary: 'A creator page by id',
        description: pageDescription,
        security,
        params: creatorIdParamsSchema,
        response: { 200: creatorPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => creators.creatorPage(app.ctx, request.caller, { id: request.params.id }, request.language),
  );

  routes.get(
    '/creators/:id/ranking',
    {
      schema: {
        tags,
        summary: 'The creator page’s Top-3 supporters and the creator’s rank',
        description:
          '`topSupporters`: the (at most 3) members who spent the most coins on the creator’s completed missions ' +
          '(lottery entries left out), ties to the earlier; no amounts are shown. `popularityRank`: the creator’s ' +
          'place in the search’s popular order (followers + likes) among listed creators, null below `rankLimit` ' +
          'or when he is not listed (not verified, adult-flagged). Both come from counters kept as the rows change, ' +
          'so the read costs a few index entries. A creator that is not verified yet is 404 for everybody but its ' +
          'owner and operators.',
        security,
        params: creatorIdParamsSchema,
        response: { 200: creatorRankingSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => creatorRanking(app.ctx, request.caller, request.params.id),
  );

  routes.put(
    '/creators/:id',
    {
      // The password check of a bank account save is counted like a login: per account, the login's limit.
      config: { rateLimit: limitPasswordChecksPerCaller(options.rateLimits.login, savesBankAccount) },
      schema: {
        tags,
        summary: 'Save the profile, the custom-mission settings or the bank account',
        description:
          'Three groups, each checked as a whole when any of its fields is sent. **Profile** (tags, name, ' +
          'snsLinks, description, containAdultContent, url, businessType, businessName, businessRegistrationNumber, ' +
          'businessCashReceiptNumber, donating): saving needs at least one tag, an intro (uploaded before), a ' +
          'profile image (on the account), a name, a public URL, at least one SNS link and a business type with ' +
          'its fields (NONE: cash receipt number; PRIVATE: registration number; CORPORATION: business name and ' +
          'registration number); every missing item is a sub-error; fields of other business types are cleared. ' +
          'The URL is unique ignoring case (409). **Custom missions**: availableCustom, minimumCost (needed while ' +
          'available). **Bank account**: bankName (one of the 49 banks), bankAccountHolder and bankAccountNumber ' +
          '(digits), all three required, with payoutOverseas / payoutForeigner (optional: an account abroad, and a ' +
          'foreigner paid there; they set the settlement fee, tax and minimum). The bank account is the owner’s ' +
          'alone (403 for staff; finance uses `PUT /api/admin/creator-payout-accounts/{id}`) and needs ' +
          '`currentPassword` (400 on `currentPassword` when missing or wrong; an account without a password must ' +
          'have signed in within 5 minutes, else 403 `REAUTHENTICATION_REQUIRED`); these checks count like logins ' +
          '(429 past the login limit). A change is recorded in the payout account history and mailed to the ' +
          'creator. Only the owner or an operator; others get 403 (404 for a creator they cannot see). Answers the ' +
          'creator as `GET /creators/me` does.',
        security: [{ bearerAuth: [] }],
        params: creatorIdParamsSchema,
        body: updateCreatorRequestSchema,
        response: { 200: myCreatorSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      creators.updateCreator(app.ctx, requireCaller(request), request.params.id, request.body, {
        language: request.language,
        ip: request.ip,
        requestId: request.id,
        sessionIssuedAt: request.sessionIssuedAt,
      }),
  );

  routes.post(
    '/creators/:id/intro',
    {
      validatorCompiler: streamedBodyValidator,
      schema: {
        tags,
        summary: 'Upload the intro video (or audio)',
        description:
          'multipart/form-data with the file in the field `intro`, recognised from its bytes: video or audio only ' +
          '(400 `UNKNOWN_FILE_FORMAT` otherwise), at most 500 MB (413). Replaces and deletes the previous intro. ' +
          'Videos get a poster frame as `thumbnail`. Only the owner or an operator. Counts towards the caller’s ' +
          'upload quota like any upload (429 `TOO_MANY_REQUESTS` beyond it).',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        params: creatorIdParamsSchema,
        body: multipartFileBody('intro', 'The intro: a video or audio file of at most 500 MB.'),
        response: { 200: fileEntrySchema, ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const maxBytes = largestAllowedBytes(creators.INTRO_POLICY);
      const intro = await closeConnectionOnFailure(request, reply, () =>
        withinUploadQuota(app.db, caller, DEFAULT_UPLOAD_QUOTA, maxBytes, (budget) =>
          creators.replaceIntro(
            app.ctx,
            options.storage,
            caller,
            request.params.id,
            () => readFilePart(request, 'intro', maxBytes),
            budget,
          ),
        ),
      );
      return fileEntry(app.config, intro);
    },
  );

  routes.put(
    '/creators/:id/intro',
    {
      schema: {
        tags,
        summary: 'Make a resumably uploaded video (or audio) the intro',
        description:
          'The intro is a file the caller finished uploading on `POST /files/tus` with the purpose `intro-video` ' +
          '(video or audio, at most 500 MB, checked as its bytes arrived); each such upload is used once. Replaces ' +
          'and deletes the previous intro, like `POST`. Only the owner or an operator; 400 on `fileId` for any ' +
          'other file.',
        security: [{ bearerAuth: [] }],
        params: creatorIdParamsSchema,
        body: uploadedFileBodySchema,
        response: { 200: fileEntrySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const intro = await creators.useUploadedIntro(
        app.ctx,
        options.storage,
        requireCaller(request),
        request.params.id,
        request.body.fileId,
      );
      return fileEntry(app.config, intro);
    },
  );

  routes.delete(
    '/creators/:id/intro',
    {
      schema: {
        tags,
        summary: 'Delete the intro',
        description: 'Deletes the intro and its stored objects. Only the owner or an operator.',
        security: [{ bearerAuth: [] }],
        params: creatorIdParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await creators.removeIntro(app.ctx, options.storage, requireCaller(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
