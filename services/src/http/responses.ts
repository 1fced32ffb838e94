import { errorResponseSchema } from '@fanmission/contracts';

/** The error responses a route can give, for its schema (and so for the OpenAPI document). */
export function errorResponses<const Status extends number>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    Status,
    typeof errorResponseSchema
  >;
}
