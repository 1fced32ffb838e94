import {
  adminApprovalSchema,
  adminCreatorDetailSchema,
  adminCreatorFilterSchema,
  adminCreatorSchema,
  adminCreatorUpdateSchema,
  adminIdParamsSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consoleListRoute, consoleRecordRoute } from '../admin';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import { updateCreatorOrRequestGradeChange } from './grade-approvals';
import { creatorForReview, listCreatorsForReview } from './review';

const RESOURCE = 'creators';

/** `/api/admin/creators`: the creator review queue and decisions (operators only; finance gets 403). */
export async function creatorReviewAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: creators'];
  const security = [{ bearerAuth: [] }];

  consoleListRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'Creators and the review queue (getList / getMany)',
    description:
      'filter={"reviewStatus":"PENDING","queued":true,"q":"name, url, e-mail or nickname","id":[1,2]}, ' +
      'sort=["createdAt","ASC"] (id, createdAt, name, reviewStatus, reviewedAt; default oldest first), ' +
      'range=[0,24]; the total is in Content-Range. `queued` is true for a PENDING creator whose newbie flags ' +
      'say basic info is done and an event or an active BASIC/LUCKY product exists.',
    defaultSort: ['createdAt', 'ASC'],
    filter: adminCreatorFilterSchema,
    row: adminCreatorSchema,
    list: (query) => listCreatorsForReview(app.db, query),
  });
  consoleRecordRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'One creator for review: every profile field, intro, photo, products and every earlier refusal',
    row: adminCreatorDetailSchema,
    find: (id) => creatorForReview(app.ctx, id),
  });

  routes.put(
    `/${RESOURCE}/:id`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Approve or reject a creator; change grade and adult flag',
        description:
          'Approve: `{"reviewStatus":"APPROVED"}` or `{"verified":true}` (the creator becomes public and ' +
          'searchable). Reject: `{"reviewStatus":"REJECTED","reviewReason":"…"}` (or `verified:false`), the reason ' +
          'required (400 otherwise); the creator sees it on his dashboard, and a profile save puts him back in the ' +
          'queue. A decision is a status different from the stored one (react-admin sends the whole record); it ' +
          'writes the `creator.reviewed` event and mails the creator in his language. `containAdultContent` ' +
          'changes with or without a decision; a change of it, or `adultClearRequest` (ACCEPT/DECLINE his ' +
          'clearance), takes a required `adultReason` (400 without): the creator is notified and mailed with it, ' +
          'and it is kept with the operator (`adultFlagDecision`). A changed `grade` (the payout rate) is 202 with a staff approval ' +
          'request (CREATOR_GRADE_CHANGE) that a finance member approves; the rest of the body is saved first. ' +
          'Unknown fields are ignored.',
        security,
        params: adminIdParamsSchema,
        body: adminCreatorUpdateSchema,
        response: {
          200: adminCreatorDetailSchema,
          202: adminApprovalSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const operator = requireCaller(request);
      const outcome = await updateCreatorOrRequestGradeChange(app.ctx, operator, request.params.id, request.body);
      if ('approval' in outcome) return reply.code(202).send(outcome.approval);
      return outcome.creator;
    },
  );
}
