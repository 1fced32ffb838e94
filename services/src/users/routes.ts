import {
  currentUserSchema,
  emailVerificationRequestSchema,
  emailVerificationResponseSchema,
  forgotPasswordRequestSchema,
  idParamsSchema,
  idResponseSchema,
  phoneCodeRequestSchema,
  phoneCodeResponseSchema,
  phoneConfirmationRequestSchema,
  phoneConfirmationResponseSchema,
  resetPasswordQuerySchema,
  resetPasswordRequestSchema,
  signUpRequestSchema,
  switchToCreatorRequestSchema,
  updateUserRequestSchema,
  userIdParamsSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type RateLimits,
  isStaffOnly,
  limitPerAccount,
  limitPerAddress,
  requireCaller,
  requireSelf,
  issueSession,
} from '../auth';
import { errorResponses, invalidFields } from '../http';
import * as users from './service';
import * as passwords from './passwords';
import { confirmPhone, sendPhoneCode } from './phone-confirmation';

export async function userRoutes(app: FastifyInstance, options: { rateLimits: RateLimits }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  routes.post(
    '/users',
    {
      config: {
        ignoreStaleToken: true,
        rateLimit: limitPerAddress(options.rateLimits.signUp),
      },
      schema: {
        tags,
        summary: 'Member sign-up',
        description:
          'Creates an unverified account (ROLE_UNVERIFIED) and mails a verification link that leads to verifySuccessUrl.',
        body: signUpRequestSchema,
        response: { 200: idResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request) => users.signUp(app.ctx, request.body, request.language),
  );

  routes.post(
    '/users/email-verification',
    {
      config: { ignoreStaleToken: true },
      schema: {
        tags,
        summary: 'Confirm an e-mail address (the token of the verification mail’s link)',
        description:
          'The mail links to the web page `/email-verification#token=…`, which posts the token here (a token in a URL ' +
          'would sit in logs and traces). Answers where to go next: the sign-up’s verifySuccessUrl, or the ' +
          'verification page when the link is used, expired or unknown. The first use of a valid link also signs ' +
          'its member in like /api/login (the session token in the `Authorization: Bearer <jwt>` header and the ' +
          'HttpOnly session cookie, replacing any other member’s in this browser) and names him in `signedIn`; a ' +
          'used, expired or unknown link, a blocked member or a console-only account is signed in nowhere ' +
          '(`signedIn: null`), and a withdrawn member’s link confirms nothing.',
        body: emailVerificationRequestSchema,
        response: { 200: emailVerificationResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { redirectUrl, signIn } = await users.confirmEmail(app.ctx, request.body.token);
      if (!signIn) return { redirectUrl, signedIn: null };
      return issueSession(app, reply, signIn).send({ redirectUrl, signedIn: { id: signIn.id, roles: signIn.roles } });
    },
  );

  routes.post(
    '/users/:userId/email-verification',
    {
      config: {
        rateLimit: limitPerAddress(options.rateLimits.mail),
      },
      schema: {
        tags,
        summary: 'Send the verification mail again',
        description:
          'Anonymous callers get 200 whatever the id (unknown, verified or mail-less accounts get no mail), so the ' +
          'answer tells nothing about an account; the signed-in owner gets 409 when already verified.',
        params: userIdParamsSchema,
        response: { 200: idResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      if (request.caller) requireSelf(request, request.params.userId);
      await users.resendVerification(app.ctx, request.params.userId, { anonymous: !request.caller });
      return { id: request.params.userId };
    },
  );

  routes.get(
    '/users/me',
    {
      schema: {
        tags,
        summary: 'The current user',
        security: [{ bearerAuth: [] }],
        response: { 200: currentUserSchema, ...errorResponses(401) },
      },
    },
    async (request) => users.getCurrentUser(app.ctx, requireCaller(request).id),
  );

  routes.post(
    '/users/user/forgot-password-reset',
    {
      config: {
        ignoreStaleToken: true,
        rateLimit: limitPerAccount(options.rateLimits.passwordReset, 'email'),
      },
      schema: {
        tags,
        summary: 'Mail a password reset link',
        body: forgotPasswordRequestSchema,
        response: { 200: z.object({ sent: z.literal(true) }), ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      await passwords.requestPasswordReset(app.ctx, request.body.email);
      return { sent: true as const };
    },
  );

  routes.put(
    '/users/user/forgot-password-reset',
    {
      config: {
        ignoreStaleToken: true,
        rateLimit: limitPerAddress(options.rateLimits.passwordReset),
      },
      schema: {
        tags,
        summary: 'Set a new password with the code from the reset mail',
        description:
          'The code works once, for 30 minutes; an unknown, used or expired code is 404. Send it in the body: the ' +
          'query form (`?code=`) is still read for older clients, and is redacted from logs and traces.',
        querystring: resetPasswordQuerySchema,
        body: resetPasswordRequestSchema,
        response: { 200: idResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const code = request.body.code ?? request.query.code;
      if (!code) throw invalidFields([{ field: 'code', key: 'validation.required' }]);
      return passwords.resetPassword(app.ctx, code, request.body.password);
    },
  );

  routes.put(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Change the password or the profile of one’s own account',
        description:
          '`{ password, currentPassword }` changes the password (the current one is checked); ' +
          '`{ username, phone, address, addressDetail, rankingOptOut }` changes the profile (`rankingOptOut`: leave the ' +
          'creator pages’ public Top-3 supporters). A password change ends every ' +
          'session (older tokens answer 401 INVALID_TOKEN) and answers a fresh token in the `Authorization` header ' +
          'and the session cookie (none for a console-only account: it logs in at the console again).',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: updateUserRequestSchema,
        response: { 200: idResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      requireSelf(request, request.params.id);
      const body = request.body;
      if (!('password' in body)) return users.updateProfile(app.ctx, request.params.id, body);
      const changed = await passwords.changePassword(app.ctx, request.params.id, body.currentPassword, body.password);
      // A console-only account never holds a web-app session (POST /api/login refuses it too).
      if (isStaffOnly(changed.roles)) return { id: changed.id };
      return issueSession(app, reply, changed).send({ id: changed.id });
    },
  );

  routes.post(
    '/users/me/phone/code',
    {
      schema: {
        tags,
        summary: 'Send a code by SMS to confirm a mobile number',
        description:
          'Makes `phone` (a Korean mobile number) the caller’s number, unconfirmed unless it is the one he confirmed ' +
          'already, and sends it a six-digit code valid 5 minutes. One code a minute per member and per number, and ' +
          'PHONE_CODES_PER_MEMBER_PER_DAY / PHONE_CODES_PER_NUMBER_PER_DAY a day (429 with Retry-After). An account ' +
          'whose e-mail is unverified gets 403; 503 when no SMS can be sent.',
        security: [{ bearerAuth: [] }],
        body: phoneCodeRequestSchema,
        response: { 200: phoneCodeResponseSchema, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request) => sendPhoneCode(app.ctx, requireCaller(request), request.body.phone, request.language),
  );

  routes.post(
    '/users/me/phone/confirmation',
    {
      schema: {
        tags,
        summary: 'Confirm the mobile number with the code of its SMS',
        description:
          'Only the latest code counts, while unexpired, unused, below 5 wrong tries and sent to the number the ' +
          'profile holds now (409 otherwise: ask for a new code). A wrong code counts a try (400 on `code`). Only a ' +
          'confirmed number receives KakaoTalk 알림톡.',
        security: [{ bearerAuth: [] }],
        body: phoneConfirmationRequestSchema,
        response: { 200: phoneConfirmationResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => confirmPhone(app.ctx, requireCaller(request), request.body.code),
  );

  routes.post(
    '/users/:id/creator',
    {
      schema: {
        tags,
        summary: 'Switch a verified member to a creator account (irreversible)',
        description:
          'Adds ROLE_CREATOR and creates a creator record pending operator review. The member’s charged coins become unusable.',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: switchToCreatorRequestSchema,
        response: { 200: idResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      return users.switchToCreator(app.ctx, request.params.id, request.body.name);
    },
  );
}
